// Accessibility of the release build: axe-core (WCAG 2 A and AA) in the light and dark themes, with each optional
// part open and in the embedded forms; keyboard play with a roving tabindex; focus that is never lost; a 320 px
// screen with 44 px touch targets; reduced motion.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { browser, host, settled, site, useSites, watchedPage, withGame } from "./browser.mjs";

useSites();

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

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

/** Switches `page` to the colour scheme `scheme`, and waits for the transitions the switch starts to end, so that
 * axe sees the scheme's own colours. */
async function useScheme(page, scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(async () => {
    const roots = [document, ...[...document.querySelectorAll("*")].flatMap((element) => (element.shadowRoot ? [element.shadowRoot] : []))];
    const ending = roots.flatMap((root) => root.getAnimations()).filter((animation) => animation.effect?.getComputedTiming().endTime < Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => {})));
  });
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
    await page.locator(".ttt-stats .ttt-variants td", { hasText: "positions" }).first().waitFor();
  },
  "plain scores": async (page) => {
    await page.getByRole("checkbox", { name: "Move scores" }).check();
    await page.getByRole("radio", { name: /^Plain/ }).check();
  },
  "bad URL parameters explained": async () => {},
  "a 15x15 game after the computer's move, its scores, search statistics and horizon shown": async (page) => {
    await page.locator('[data-cell="112"]').click();
    await page.locator(".ttt-board:not(.ttt-thinking)").waitFor();
    await page.locator(".ttt-scores > .ttt-note", { hasText: /proved|estimates/ }).waitFor();
  },
};

/** The URL each state opens. */
const QUERIES = {
  "bad URL parameters explained": "?human=Z&level=%3Cb%3E",
  "a finished game with its winning line, history and tally": "?mode=friend",
  "a 15x15 game after the computer's move, its scores, search statistics and horizon shown":
    "?board=15x15&k=5&think=200&scores=1&stats=1&horizon=1&tree=1",
};

test("axe finds no WCAG 2 A/AA violation in the light and the dark theme, in every state", async () => {
  const counts = {};
  for (const [state, open] of Object.entries(STATES)) {
    const { page, problems, close } = await watchedPage(browser, { colorScheme: "light" });
    try {
      const query = QUERIES[state] ?? "?delay=0";
      await page.goto(`${site.url}${query}`);
      await page.locator("[data-cell]").first().waitFor();
      await open(page);
      await settled(page);
      // The same state in each theme: the page follows the colour scheme as it changes (its squares' colours
      // too, so that axe does see the other theme).
      const looks = [];
      for (const scheme of ["light", "dark"]) {
        await useScheme(page, scheme);
        looks.push(await page.locator("[data-cell]").first().evaluate((cell) => getComputedStyle(cell).backgroundColor));
        const violations = await axeViolations(page);
        counts[`${scheme}, ${state}`] = violations.length;
        assert.deepEqual(violations, [], `${scheme}, ${state}`);
      }
      assert.notEqual(looks[0], looks[1], `${state}: a square looks the same in both themes`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  }
  console.log("axe violations:", JSON.stringify(counts));
});

test("axe finds no violation in the embedded forms: iframe page, custom element, example post", async () => {
  for (const path of ["index.html?embed=1", "embed.html"]) {
    const { page, problems, close } = await watchedPage(browser);
    try {
      await page.goto(`${site.url}${path}`);
      await page.locator("[data-cell]").first().waitFor();
      if (path === "embed.html") await page.frameLocator("#frame").locator("[data-cell]").first().waitFor();
      for (const scheme of ["light", "dark"]) {
        await useScheme(page, scheme);
        assert.deepEqual(await axeViolations(page), [], `${scheme} ${path}`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await close();
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

test("the board is one tab stop, arrow keys move between squares, Home and End along the row, Enter and Space play", async () => {
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
    // Home and End keep to the row, as in a grid; with Control they go to the board's corners.
    await page.keyboard.press("Home");
    assert.equal(await focusedCell(page), 6);
    await page.keyboard.press("Control+Home");
    assert.equal(await focusedCell(page), 0);
    await page.keyboard.press("End");
    assert.equal(await focusedCell(page), 2);
    await page.keyboard.press("Control+End");
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
    assert.equal(await page.locator(".ttt-status").textContent(), "You win.");
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
    // Every choice of a select is readable whole in it: its text in the select's own font, its padding and the
    // arrow's 20 px within its width ("15x15, 5 in a row (Gomoku)" in bold was cut at "Gomok").
    const cut = await page.locator("select").evaluateAll((selects) =>
      selects.flatMap((select) => {
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d");
        context.font = style.font;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return [...select.options]
          .filter((option) => context.measureText(option.text).width > room)
          .map((option) => `${option.text}: ${Math.round(context.measureText(option.text).width)} px in ${room}`);
      }),
    );
    assert.deepEqual(cut, []);
    // Every panel open: each keeps its content inside it (the tree's picture scrolls inside its own frame).
    await page.goto(`${site.url}?delay=0&scores=1&tree=1&stats=1&step=1`);
    await page.locator(".ttt-stats .ttt-variants tbody td").first().waitFor();
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
    // The statistics stay inside their panel while they are being timed too, not only once the numbers have come
    // (the waiting word once made the table 14 px wider than the panel until then): every state the table passes
    // through after a move, measured as it is drawn.
    await page.locator(".ttt-stats").evaluate((panel) => {
      const table = panel.querySelector("table");
      window.statsStates = [];
      new MutationObserver(() =>
        window.statsStates.push({
          out: Math.round(table.getBoundingClientRect().right - panel.getBoundingClientRect().right),
          timing: [...table.querySelectorAll("td")].filter((td) => td.textContent === "timing…").length,
        }),
      ).observe(panel, { subtree: true, childList: true, characterData: true });
    });
    await page.locator('[data-cell="4"]').tap();
    const computerColumn = page.locator(".ttt-stats .ttt-variants tbody td:nth-child(3)").filter({ hasText: "positions" });
    await computerColumn.nth(3).waitFor();
    await page.locator(".ttt-stats .ttt-variants tbody td:nth-child(2)").filter({ hasText: "positions" }).nth(3).waitFor();
    const states = await page.evaluate(() => window.statsStates);
    assert.ok(
      states.some(({ timing }) => timing > 0),
      `the table was seen while it was being timed: ${JSON.stringify(states)}`,
    );
    assert.deepEqual(
      states.filter(({ out }) => out > 0),
      [],
    );
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

test("on a 412 px phone every board up to 7x7 has squares of 44 px or more, and no board is narrower than 3x3's", async () => {
  const { page, problems, close } = await watchedPage(browser, { viewport: { width: 412, height: 900 } });
  try {
    const sizes = {};
    for (const board of ["3x3", "4x4", "5x5", "6x6", "7x7"]) {
      await page.goto(`${site.url}?board=${board}`);
      await page.locator("[data-cell]").first().waitFor();
      sizes[board] = {
        board: (await page.locator(".ttt-board").boundingBox()).width,
        square: Math.min(...(await page.locator("[data-cell]").evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().width)))),
      };
    }
    for (const [board, size] of Object.entries(sizes)) {
      assert.ok(size.square >= 44, `${board}: squares of ${size.square} px`);
      assert.ok(size.board >= sizes["3x3"].board, `${board}: ${size.board} px wide`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

/** Opens the game page with `query`, runs `body`, then insists that nothing went wrong. */

test("forced colours: squares keep an outline, the last move and the winning line a border of their own", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.emulateMedia({ forcedColors: "active" });
    // X to move and win in row 1; the computer answers X's first move.
    await page.goto(`${site.url}?position=XX.OO....&delay=0`);
    const border = (selector) => page.locator(selector).first().evaluate((cell) => getComputedStyle(cell).borderTopStyle);
    assert.equal(await border("[data-cell='8']"), "solid", "an empty square");
    await page.locator("[data-cell='2']").click();
    assert.equal(await border(".ttt-cell.ttt-win.ttt-last"), "double", "the winning line wins over the last move");
    assert.equal(await border(".ttt-cell.ttt-win:not(.ttt-last)"), "double");
    // Again from the start: X blocks O's row, the computer blocks X's.
    await page.getByRole("button", { name: "New game" }).click();
    await page.locator("[data-cell='5']").click();
    await page.locator(".ttt-cell.ttt-last.ttt-o").waitFor();
    assert.equal(await border(".ttt-cell.ttt-last"), "dashed", "the computer's reply");
    // The small boards of the step panel and the tree's picture keep their lines, drawn with backgrounds.
    await page.goto(`${site.url}?tree=1&step=1&position=XO.X.O...`);
    const lines = await page.locator(".ttt-mini").first().evaluate((mini) => ({
      board: getComputedStyle(mini).backgroundColor,
      square: getComputedStyle(mini.firstElementChild).backgroundColor,
    }));
    assert.notEqual(lines.board, lines.square, "the step's board has lines between its squares");
    const picture = await page.locator(".ttt-pic-board").first().evaluate((board) => getComputedStyle(board).backgroundImage);
    assert.match(picture, /gradient/, "the picture's boards keep their grid");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("a square's focus ring stands on a band of the background, apart from the rings inside squares", async () => {
  await withGame("?scores=1", async (page) => {
    const cell = page.locator("[data-cell='4']");
    await cell.focus();
    await page.keyboard.press("ArrowRight");
    const focused = page.locator("[data-cell='5']");
    const style = await focused.evaluate((cell) => {
      const css = getComputedStyle(cell);
      return { shadow: css.boxShadow, outline: css.outlineStyle, offset: css.outlineOffset, colour: css.outlineColor };
    });
    assert.equal(style.outline, "solid");
    assert.equal(style.offset, "2px");
    // The band of background first, then the square's own ring (a best move's, inside it), in another colour than
    // the focus ring's, so that focus does not look like one more best move.
    const [, inner] = style.shadow.match(/^rgb\(255, 255, 255\) 0px 0px 0px 2px, (rgb\([^)]*\)) .*inset$/) ?? [];
    assert.ok(inner, style.shadow);
    assert.notEqual(inner, style.colour);
  });
});

test("arrow keys move from the square that has focus, however focus came there", async () => {
  await withGame("?board=15x15&k=5", async (page) => {
    // A screen reader's cursor, or a script, focuses a square the roving tab stop is not on.
    await page.locator("[data-cell='112']").focus();
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.locator("[data-cell='113']").getAttribute("tabindex"), "0");
    assert.equal(await page.evaluate(() => document.querySelector("#game").shadowRoot.activeElement?.dataset.cell), "113");
  });
});

test("live regions speak once: the status line, the hint's line and the tally are not written again when their words stay the same", async () => {
  await withGame("?step=1&position=X...O....", async (page) => {
    await page.locator(".ttt-status").evaluate((status) => {
      window.changes = { status: 0, hint: 0, tally: 0 };
      const root = status.getRootNode();
      const regions = [["status", status], ["hint", root.querySelector(".ttt-hint-line")], ["tally", root.querySelector(".ttt-tally p")]];
      for (const [name, region] of regions) {
        new MutationObserver((records) => (window.changes[name] += records.length)).observe(region, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      }
    });
    const step = page.locator("[data-step='forward']");
    for (let i = 0; i < 3; i++) await step.click();
    await page.getByRole("checkbox", { name: /statistics/i }).check();
    await page.getByRole("button", { name: "Share" }).click();
    await page.waitForTimeout(100);
    assert.deepEqual(await page.evaluate(() => window.changes), { status: 0, hint: 0, tally: 0 });
    // On a bigger board the status line and the tally's line alone are live: the panels' progress is not
    // announced.
    await page.goto(`${site.url}?board=7x7&k=5&scores=1&tree=1&stats=1`);
    await page.locator("[data-cell]").first().waitFor();
    const live = await page.locator(".ttt [role='status'], .ttt [aria-live]").evaluateAll((regions) =>
      regions
        .filter((region) => !region.closest("[hidden]"))
        .map((region) => region.className || region.parentElement.className),
    );
    assert.deepEqual(live, ["ttt-status", "ttt-tally"]);
  });
});

test("the step's node is marked in the tree's list too, and the tree's picture is never a tab stop", async () => {
  await withGame("?step=1&tree=1&position=X...O....", async (page) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const step = page.locator("[data-step='forward']");
    for (let i = 0; i < 3; i++) await step.click();
    const current = page.locator("[role='treeitem'][aria-current='step']");
    assert.equal(await current.count(), 1);
    assert.equal(await current.getAttribute("data-path"), await page.locator(".ttt-picture .ttt-step-at").getAttribute("data-path"));
    assert.equal(await page.locator(".ttt-picture").getAttribute("tabindex"), "-1");
    // Tab through the whole game: focus never rests on the picture.
    const stops = new Set();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press("Tab");
      stops.add(await page.evaluate(() => document.querySelector("#game").shadowRoot.activeElement?.className ?? ""));
    }
    assert.ok(![...stops].some((name) => name.includes("ttt-picture")), [...stops].join(" | "));
    // A node tapped in the picture gives focus to its item in the list, which a screen reader can say (the
    // picture is hidden from it), and the page stays where it is.
    const node = page.locator('.ttt-picture [data-path="2"]');
    await node.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    await node.click();
    const focused = await page.evaluate(() => {
      const active = document.querySelector("#game").shadowRoot.activeElement;
      return `${active?.getAttribute("role")} ${active?.dataset.path}`;
    });
    assert.equal(focused, "treeitem 2");
    assert.equal(await page.evaluate(() => window.scrollY), before);
  });
});

test("with the browser's text at 150% on a 320 px phone, the open panels do not make the page scroll sideways", async () => {
  const { page, problems, close } = await watchedPage(browser, { viewport: { width: 320, height: 800 } });
  try {
    // The browser's own text size (Settings > Appearance > Font size), which em-sized layout follows.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Page.setFontSizes", { fontSizes: { standard: 24, fixed: 19 } });
    await page.goto(`${site.url}?scores=1&tree=1&stats=1&step=1&position=XO.X.O...`);
    await page.locator(".ttt-stats .ttt-variants td", { hasText: "positions" }).first().waitFor();
    await page.locator("[data-step='forward']").click();
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 320);
    // The statistics' table, wider than the phone, scrolls in its panel, as a data table may.
    const stats = await page.locator(".ttt-stats").evaluate((panel) => [panel.scrollWidth, panel.clientWidth]);
    assert.ok(stats[0] > stats[1], `the table is wider than its panel here (${stats}), so this checks something`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("at 320 px a long value in a notice wraps, and the controls fit with WCAG's text spacing", async () => {
  await withGame(`?level=${"unbeatable".repeat(6)}`, async (page) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const notice = await page.locator(".ttt-notice:not([hidden])").first().boundingBox();
    assert.ok(notice.x >= 0 && notice.x + notice.width <= 320, JSON.stringify(notice));
    // WCAG 1.4.12's spacing, on the page and inside the game (a constructed sheet: the page's CSP allows no
    // inline style).
    await page.locator("#game").evaluate((host) => {
      const spacing = new CSSStyleSheet();
      spacing.replaceSync(
        "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }",
      );
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, spacing];
      host.shadowRoot.adoptedStyleSheets = [...host.shadowRoot.adoptedStyleSheets, spacing];
    });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 320), "no sideways scrolling");
  });
});

test("each panel starts with a heading, a screen reader's way from panel to panel", async () => {
  await withGame("?scores=1&tree=1&step=1&stats=1", async (page) => {
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    for (const name of ["Move scores for X, best first", "Step through alpha-beta", "Game tree", "Search statistics", "Moves"]) {
      assert.ok(headings.includes(name), `${name} in ${headings.join(" | ")}`);
    }
  });
  // On a bigger board too, each a title rather than a sentence.
  await withGame("?board=7x7&k=5&scores=1&tree=1&stats=1", async (page) => {
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    for (const name of ["Move scores for X, best first", "Game tree, one move deep", "The computer's last search", "Moves"]) {
      assert.ok(headings.includes(name), `${name} in ${headings.join(" | ")}`);
    }
    assert.ok(headings.every((heading) => heading.length < 40 && !heading.endsWith(".")), headings.join(" | "));
  });
});

test("every stop of the Tab key on a bigger board with its panels shows the game's 3 px focus ring", async () => {
  await withGame("?board=7x7&k=5&scores=1&tree=1&stats=1&horizon=1", async (page) => {
    const rings = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const ring = await page.evaluate(() => {
        let active = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        if (!active?.closest(".ttt")) return null;
        const style = getComputedStyle(active);
        return `${active.localName}.${active.className}: ${style.outlineStyle} ${style.outlineWidth}`;
      });
      if (ring) rings.push(ring);
    }
    assert.ok(rings.length >= 10, rings.join("\n"));
    assert.ok(rings.some((ring) => ring.startsWith("ul.ttt-board-tree-moves")), rings.join("\n"));
    // Not the browser's own thin ring ("auto"): the scrolling list of moves had it.
    assert.deepEqual(rings.filter((ring) => !/ solid 3px$/.test(ring)), []);
  });
});

test("opening a node of the game tree keeps the focused node in view while the picture above grows", async () => {
  await withGame("?tree=1&position=XO.X.O...", async (page) => {
    await page.setViewportSize({ width: 390, height: 664 });
    await page.locator("[role='treeitem']").first().focus();
    for (const key of ["ArrowDown", "ArrowRight", "ArrowRight", "ArrowDown", "ArrowRight"]) await page.keyboard.press(key);
    const place = await page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      const box = active.getBoundingClientRect();
      return { role: active.getAttribute("role"), top: box.top, bottom: box.bottom, height: innerHeight };
    });
    assert.equal(place.role, "treeitem");
    assert.ok(place.top >= 0 && place.bottom <= place.height, JSON.stringify(place));
  });
});
