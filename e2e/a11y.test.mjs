// Accessibility of the release build: axe-core (WCAG 2 A and AA) in the light and dark themes, with each optional
// part open and in the embedded forms; keyboard play with a roving tabindex; focus that is never lost; a 320 px
// screen with 44 px touch targets; reduced motion.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";
import { launch, settled, watchedPage } from "./browser.mjs";

const DIST = fileURLToPath(new URL("../dist", import.meta.url));
const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let site;
let browser;

before(async () => {
  site = await serve(DIST);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

/** axe-core's WCAG 2 A and AA violations on `page` (or inside `frame`), as readable lines. */
async function axeViolations(page) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  });
  return violations;
}

/** The page states axe checks: each optional part of the game open in turn. */
const STATES = {
  "a new game": async () => {},
  "a finished game with its winning line, history and tally": async (page) => {
    for (const cell of [0, 3, 1, 4, 2]) await page.locator(`[data-cell="${cell}"]`).click();
  },
  "a hint": async (page) => page.getByRole("button", { name: "Hint" }).click(),
  "the shared link": async (page) => {
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByText(/Copied|Copy it/).waitFor();
  },
  "friend mode": async (page) => page.getByRole("radio", { name: "A friend" }).check(),
  "every thinking panel open, a line chosen, a tree node opened, pruning marked": async (page) => {
    for (const name of ["Move scores", "Game tree", "Search statistics", "Step through the search"]) {
      await page.getByRole("checkbox", { name }).check();
    }
    await page.locator('[data-why="4"]').click();
    await page.getByRole("button", { name: "Next move on the board" }).click();
    for (let i = 0; i < 12; i += 1) await page.locator('[data-step="forward"]').click();
    await page.locator('[role="treeitem"][data-path="4"]').click();
    await page.getByRole("checkbox", { name: /Mark what alpha-beta prunes/ }).check();
    await page.locator(".ttt-stats td", { hasText: "nodes" }).first().waitFor();
  },
  "plain scores": async (page) => {
    await page.getByRole("checkbox", { name: "Move scores" }).check();
    await page.getByRole("radio", { name: /^Plain/ }).check();
  },
  "bad URL parameters explained": async () => {},
  "a 15x15 game after the computer's move, its scores, search statistics and horizon shown": async (page) => {
    await page.locator('[data-cell="112"]').click();
    await page.locator(".ttt-board:not(.ttt-thinking)").waitFor();
    await page.locator(".ttt-board-scores .ttt-heading", { hasText: /proved|estimates/ }).waitFor();
  },
};

/** The URL each state opens. */
const QUERIES = {
  "bad URL parameters explained": "?human=Z&level=%3Cb%3E",
  "a finished game with its winning line, history and tally": "?mode=friend",
  "a 15x15 game after the computer's move, its scores, search statistics and horizon shown":
    "?board=15x15&k=5&think=200&scores=1&stats=1&horizon=1&tree=1",
};

for (const scheme of ["light", "dark"]) {
  test(`axe finds no WCAG 2 A/AA violation in the ${scheme} theme, in every state`, async () => {
    const counts = {};
    for (const [state, open] of Object.entries(STATES)) {
      const { page, problems, close } = await watchedPage(browser, { colorScheme: scheme });
      try {
        const query = QUERIES[state] ?? "?delay=0";
        await page.goto(`${site.url}${query}`);
        await page.locator("[data-cell]").first().waitFor();
        await open(page);
        await settled(page);
        const violations = await axeViolations(page);
        counts[state] = violations.length;
        assert.deepEqual(violations, [], `${scheme}, ${state}`);
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    }
    console.log(`axe violations (${scheme}):`, JSON.stringify(counts));
  });
}

test("axe finds no violation in the embedded forms: iframe page, custom element, example post", async () => {
  for (const scheme of ["light", "dark"]) {
    for (const path of ["index.html?embed=1", "embed.html"]) {
      const { page, problems, close } = await watchedPage(browser, { colorScheme: scheme });
      try {
        await page.goto(`${site.url}${path}`);
        await page.locator("[data-cell]").first().waitFor();
        if (path === "embed.html") await page.frameLocator("#frame").locator("[data-cell]").first().waitFor();
        assert.deepEqual(await axeViolations(page), [], `${scheme} ${path}`);
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    }
  }
});

const focusedCell = (page) =>
  page.evaluate(() => {
    // The focused element may be inside the game's shadow root.
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.dataset?.cell === undefined ? active?.textContent ?? null : Number(active.dataset.cell);
  });

test("the board is one tab stop, arrow keys move between squares, Enter and Space play", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}?mode=friend`);
    await page.locator("[data-cell]").first().waitFor();
    const tabStops = await page.locator("[data-cell]").evaluateAll((cells) =>
      cells.filter((cell) => cell.tabIndex === 0).map((cell) => Number(cell.dataset.cell)),
    );
    assert.deepEqual(tabStops, [0], "one square in the tab order");
    // The board is the game's first tab stop.
    await page.locator("body").focus();
    await page.keyboard.press("Tab");
    assert.equal(await focusedCell(page), 0);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    assert.equal(await focusedCell(page), 4);
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    assert.equal(await focusedCell(page), 8);
    await page.keyboard.press(" ");
    await page.keyboard.press("ArrowRight");
    assert.equal(await focusedCell(page), 8, "no wrap past the edge");
    await page.keyboard.press("Home");
    assert.equal(await focusedCell(page), 0);
    await page.keyboard.press("End");
    assert.equal(await focusedCell(page), 8);
    const marks = (await page.locator("[data-cell]").allTextContents()).map((m) => m || ".").join("");
    assert.equal(marks, "....X...O");
    // Tab leaves the board in one step, to the first action button.
    await page.keyboard.press("Tab");
    assert.equal(await focusedCell(page), "New game");
    await page.keyboard.press("Shift+Tab");
    assert.equal(await focusedCell(page), 8, "back to the square last used");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("focus is never lost: the computer moves, a game ends, a new game starts, undo, the share box opens", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}?delay=1000&position=X...O....`);
    await page.locator("[data-cell]").first().waitFor();
    await page.locator('[data-cell="8"]').focus();
    await page.keyboard.press("Enter");
    assert.match(await page.locator(".ttt-status").textContent(), /thinking/);
    await settled(page);
    assert.equal(await focusedCell(page), 8, "focus stays while the computer moves");
    await page.goto(`${site.url}?delay=50&position=X.O.X.O..`);
    await page.locator("[data-cell]").first().waitFor();
    await page.locator('[data-cell="8"]').focus();
    await page.keyboard.press("Enter");
    assert.equal(await page.locator(".ttt-status").textContent(), "You win");
    assert.equal(await focusedCell(page), 8, "and when the game ends");
    for (const name of ["Undo", "New game", "Hint", "Share"]) {
      await page.getByRole("button", { name, exact: true }).focus();
      await page.keyboard.press("Enter");
      await settled(page);
      assert.equal(await focusedCell(page), name, `focus stays on ${name}`);
    }
    // A focused element always shows it.
    const outline = await page.getByRole("button", { name: "Share" }).evaluate((el) => getComputedStyle(el).outlineStyle);
    assert.equal(outline, "solid");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("usable at 320 px: nothing overflows, every target is at least 44 px", async () => {
  const { page, problems, close } = await watchedPage(browser, {
    viewport: { width: 320, height: 640 },
    hasTouch: true,
    isMobile: true,
  });
  try {
    await page.goto(`${site.url}?delay=0`);
    await page.locator("[data-cell]").first().waitFor();
    await page.getByRole("button", { name: "Share" }).tap();
    await page.getByText(/Copied|Copy it/).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 320, `page is ${width} px wide`);
    const small = await page.locator("button, select, label.ttt-option, .ttt-share input").evaluateAll((elements) =>
      elements
        .filter((el) => el.offsetParent !== null)
        .map((el) => ({ name: el.getAttribute("aria-label") ?? el.textContent, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(({ name, box }) => `${name}: ${Math.round(box.width)}x${Math.round(box.height)}`),
    );
    assert.deepEqual(small, []);
    // Every panel open: each keeps its content inside it (the tree's picture scrolls inside its own frame).
    await page.goto(`${site.url}?delay=0&scores=1&tree=1&stats=1&step=1`);
    await page.locator(".ttt-stats tbody td").first().waitFor();
    const wide = await page.locator(".ttt-panel").evaluateAll((panels) =>
      panels.flatMap((panel) => {
        const right = panel.getBoundingClientRect().right;
        return [...panel.querySelectorAll("*")]
          .filter((el) => !el.closest(".ttt-picture") && el.getBoundingClientRect().right > right + 0.5)
          .map((el) => `${panel.className} > ${el.localName}.${el.className}: ${Math.round(el.getBoundingClientRect().right - right)} px out`);
      }),
    );
    assert.deepEqual(wide, []);
    const withPanels = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(withPanels <= 320, `page with every panel is ${withPanels} px wide`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("large screens keep the board a sensible size, and reduced motion turns transitions off", async () => {
  const { page, problems, close } = await watchedPage(browser, {
    viewport: { width: 1920, height: 1080 },
    reducedMotion: "reduce",
  });
  try {
    await page.goto(`${site.url}`);
    await page.locator("[data-cell]").first().waitFor();
    const board = await page.locator(".ttt-board").boundingBox();
    assert.ok(board.width >= 200 && board.width <= 480, `board ${board.width} px`);
    const transition = await page.locator('[data-cell="0"]').evaluate((el) => getComputedStyle(el).transitionDuration);
    assert.equal(transition, "0s");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
