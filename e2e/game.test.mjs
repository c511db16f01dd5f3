// End-to-end tests of the playable game: the release build (dist/), served under a sub-path, in headless
// Chromium. Every test fails on any console error, uncaught error or failed request.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { browser, seeded as random, settled, site, status, useSites, watchedPage, withGame } from "./browser.mjs";

const FIXTURES = fileURLToPath(new URL("./fixtures", import.meta.url));
useSites({ extra: { "/fixtures/import-only.html": `${FIXTURES}/import-only.html` } });

// The engine never loses any game (tests/engine.rs walks them all); here the page shows a few games' ends: a win's
// line, a draw, the status line, and clicks that place the person's mark.
const GAMES_PER_SIDE = 3;

const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
];

/** The winner's mark and line, worked out here independently of the game. */
function winnerOf(cells) {
  for (const line of LINES) {
    const [a, b, c] = line.map((i) => cells[i]);
    if (a && a === b && b === c) return { mark: a, line };
  }
  return null;
}

const cells = (page) => page.locator("[data-cell]").allTextContents();

test("the page shows a board of nine labelled buttons and a status line", async () => {
  await withGame("", async (page) => {
    const buttons = page.locator("button[data-cell]");
    assert.equal(await buttons.count(), 9);
    for (let i = 0; i < 9; i++) {
      const button = buttons.nth(i);
      assert.equal(await button.getAttribute("data-cell"), String(i));
      assert.equal(
        await button.getAttribute("aria-label"),
        `Row ${Math.floor(i / 3) + 1}, column ${(i % 3) + 1}, empty`,
      );
    }
    assert.equal(await status(page), "Your turn: you play X.");
    assert.equal(await page.locator(".ttt-waiting").isVisible(), false, "the game takes the place of the one drawn before it");
    assert.equal(await page.locator(".ttt-notice:not([hidden])").count(), 0);
    // The accessible name is what a screen reader reads.
    const snapshot = await page.locator(".ttt-board").ariaSnapshot();
    assert.match(snapshot, /button "Row 2, column 2, empty"/);
  });
});

test("the board stays put while the status line changes, on a phone and a desktop", async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
    await withGame("?delay=0&level=easy", async (page) => {
      const top = () => page.locator(".ttt-board").evaluate((board) => board.getBoundingClientRect().top);
      const before = await top();
      // Your move, the computer's reply ("O played row 1, column 3. Your turn: you play X."), and so on.
      for (let turn = 0; turn < 3; turn++) {
        const free = await page.locator("[data-cell]").evaluateAll((all) => all.findIndex((cell) => !cell.textContent));
        await page.locator(`[data-cell="${free}"]`).click();
        await page.locator(".ttt-status", { hasText: /played|win|Draw/ }).waitFor();
        const moved = Math.abs((await top()) - before);
        assert.ok(moved < 0.5, `${viewport.width} px, turn ${turn}, moved ${moved} px: ${await status(page)}`);
        if (/win|Draw/.test(await status(page))) break;
      }
    }, { viewport });
  }
});

/** Plays one game to the end by clicking random empty squares; returns the final cells. */
async function playOneGame(page, next, human) {
  for (let guard = 0; guard < 9; guard++) {
    await settled(page);
    const text = await status(page);
    if (!text.includes("Your turn")) break;
    const board = await cells(page);
    const empty = board.flatMap((mark, i) => (mark ? [] : [i]));
    const choice = empty[Math.floor(next() * empty.length)];
    await page.locator(`[data-cell="${choice}"]`).click();
    assert.equal((await cells(page))[choice], human, "the person's mark appears at once");
  }
  await settled(page);
  return cells(page);
}

for (const human of ["X", "O"]) {
  test(`the page shows how clicked games against the computer end when the person plays ${human}`, async () => {
    await withGame(`?human=${human}&delay=0`, async (page) => {
      const next = random(human === "X" ? 1 : 2);
      const results = { computer: 0, draw: 0 };
      // A few games, and more until the computer has won one (random play loses most games), so that a win's
      // line is checked too.
      for (let game = 0; game < GAMES_PER_SIDE || (results.computer === 0 && game < 10); game++) {
        const board = await playOneGame(page, next, human);
        const winner = winnerOf(board);
        const highlighted = await page.locator(".ttt-cell.ttt-win").evaluateAll((els) =>
          els.map((el) => Number(el.dataset.cell)),
        );
        if (winner) {
          assert.notEqual(winner.mark, human, `the computer lost: ${board.join(",")}`);
          // Where the computer's winning move went, then the result.
          assert.match(await status(page), /^[OX] played row \d, column \d\. Computer wins\.$/);
          assert.deepEqual(highlighted, winner.line);
          for (const cell of winner.line) {
            assert.match(
              await page.locator(`[data-cell="${cell}"]`).getAttribute("aria-label"),
              /part of the winning line$/,
            );
          }
          results.computer++;
        } else {
          assert.ok(board.every((mark) => mark), `the game ended early: ${board.join(",")}`);
          assert.match(await status(page), /^([OX] played row \d, column \d\. )?Draw\.$/);
          assert.deepEqual(highlighted, []);
          results.draw++;
        }
        await page.getByRole("button", { name: "New game" }).click();
        await settled(page);
      }
      assert.ok(results.computer > 0, `random play loses some games: ${JSON.stringify(results)}`);
    });
  });
}

test("the person playing O sees the computer open", async () => {
  await withGame("?human=O&delay=0", async (page) => {
    await settled(page);
    assert.equal((await cells(page)).filter((mark) => mark === "X").length, 1);
    assert.match(await status(page), /^X played row \d, column \d\. Your turn: you play O\.$/);
    assert.equal(await page.getByRole("radio", { name: /^O/ }).isChecked(), true);
  });
});

test("switching sides starts a new game with the other side", async () => {
  await withGame("?delay=0", async (page) => {
    await page.locator('[data-cell="4"]').click();
    await settled(page);
    await page.getByRole("radio", { name: /^O/ }).check();
    await settled(page);
    const board = await cells(page);
    assert.equal(board.filter((m) => m).length, 1, "only the computer's opening move");
    assert.equal(board.filter((m) => m === "X").length, 1);
    assert.match(await status(page), /^X played row \d, column \d\. Your turn: you play O\.$/);
  });
});

test("a double-click places one mark and the computer answers once", async () => {
  await withGame("?delay=0", async (page) => {
    await page.locator('[data-cell="0"]').dblclick();
    await settled(page);
    const board = await cells(page);
    assert.equal(board[0], "X");
    assert.equal(board.filter((m) => m === "X").length, 1);
    assert.equal(board.filter((m) => m === "O").length, 1);
  });
});

test("clicks on a filled square, while the computer thinks, and after the end change nothing", async () => {
  // A pause long enough that the clicks land within it on a busy machine.
  await withGame("?delay=1500", async (page) => {
    await page.locator('[data-cell="4"]').click();
    assert.match(await status(page), /thinking/);
    // While the computer is about to move: nothing happens.
    // (force: the squares say aria-disabled, which Playwright would otherwise wait out.)
    await page.locator('[data-cell="0"]').click({ force: true });
    await page.locator('[data-cell="4"]').click({ force: true });
    assert.deepEqual(await cells(page), ["", "", "", "", "X", "", "", "", ""]);
    await settled(page);
    const before = await cells(page);
    const computer = before.findIndex((m) => m === "O");
    // A filled square: nothing happens, and the computer is not asked to move.
    await page.locator(`[data-cell="${computer}"]`).click({ force: true });
    await page.locator('[data-cell="4"]').click({ force: true });
    await page.waitForTimeout(1_600);
    assert.deepEqual(await cells(page), before);
    assert.equal(await status(page), `O played row ${Math.floor(computer / 3) + 1}, column ${(computer % 3) + 1}. Your turn: you play X.`);
  });
  await withGame("?delay=0", async (page) => {
    // Play to the end, then click every square.
    const board = await playOneGame(page, random(7), "X");
    const finalStatus = await status(page);
    for (let i = 0; i < 9; i++) await page.locator(`[data-cell="${i}"]`).click({ force: true });
    await page.waitForTimeout(50);
    assert.deepEqual(await cells(page), board);
    assert.equal(await status(page), finalStatus);
  });
});

test("the moves, the tally and Share's link are as wide as the 3x3 board, in regular type", async () => {
  await withGame("?delay=0", async (page) => {
    await page.locator('[data-cell="4"]').click();
    await page.getByRole("button", { name: "Share" }).click();
    const boxes = await page.locator(".ttt-board, .ttt-history, .ttt-tally, .ttt-share").evaluateAll((elements) =>
      elements.map((element) => ({
        name: element.className,
        width: Math.round(element.getBoundingClientRect().width),
        weight: getComputedStyle(element).fontWeight,
      })),
    );
    const board = boxes.find((box) => box.name === "ttt-board");
    for (const box of boxes) assert.equal(box.width, board.width, `${box.name} is ${box.width} px wide`);
    assert.deepEqual(boxes.filter((box) => box.name !== "ttt-board").map((box) => box.weight), ["400", "400", "400"]);
  });
});

test("new game clears the board and the highlight", async () => {
  await withGame("?delay=0", async (page) => {
    await playOneGame(page, random(11), "X");
    await page.getByRole("button", { name: "New game" }).click();
    assert.deepEqual(await cells(page), Array(9).fill(""));
    assert.equal(await page.locator(".ttt-win").count(), 0);
    // Said, for whoever cannot see the board clear: "Your turn" alone would be the words of before.
    assert.equal(await status(page), "New game. Your turn: you play X.");
    await page.locator('[data-cell="4"]').click();
    assert.doesNotMatch(await status(page), /New game/);
  });
});

test("bad URL parameters give a clear message and the defaults", async () => {
  await withGame("?human=Z&delay=soon", async (page) => {
    const notices = await page.locator('.ttt-notice[role="alert"]:not([hidden])').allTextContents();
    assert.equal(notices.length, 2);
    assert.match(notices[0], /human="Z" is not understood: it must be X or O\. You play X\./);
    assert.match(notices[1], /delay="soon" is not understood/);
    assert.equal(await status(page), "Your turn: you play X.");
    await page.locator('[data-cell="4"]').click();
    await settled(page);
    assert.equal((await cells(page)).filter((m) => m).length, 2, "the game still plays");
  });
  // Markup in a parameter is shown as text, never parsed.
  await withGame("?human=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", async (page) => {
    assert.equal(await page.locator(".ttt img").count(), 0);
    assert.match(await page.locator(".ttt-notice:not([hidden])").first().textContent(), /human="<img src=x onerror=alert\(1\)>"/);
  });
});

test("importing the module changes nothing on a page by itself", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.origin}/fixtures/import-only.html`);
    await page.waitForFunction(() => window.importDone === true);
    const html = await page.evaluate(() => document.body.innerHTML.trim());
    assert.equal(html, '<p id="content">Host page.</p>');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the game page, the embedded page and the example post load without a word in the console", async () => {
  for (const path of ["", "?embed=1", "embed.html"]) {
    const page = await browser.newPage();
    const messages = [];
    page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
    try {
      await page.goto(`${site.url}${path}`);
      await page.locator("[data-cell]").first().waitFor();
      await page.waitForLoadState("networkidle");
      // Warnings too: a blogger who opens the console sees nothing to wonder about.
      assert.deepEqual(messages, [], path || "the game page");
    } finally {
      await page.close();
    }
  }
});
