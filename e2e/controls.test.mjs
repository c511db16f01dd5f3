// End-to-end tests of the game's controls (modes, levels, undo, history, hint, tally, position=) in the release
// build, by mouse, keyboard and touch. Every test fails on any console error or failed request.
import { test } from "node:test";
import assert from "node:assert/strict";
import { board as cells, browser, settled, site, status, useSites, watchedPage, withGame } from "./browser.mjs";

useSites();


const cell = (page, index) => page.locator(`[data-cell="${index}"]`);
const tallyText = (page) => page.locator(".ttt-tally p").textContent();
const history = (page) => page.locator(".ttt-history li:not([hidden]) button").allTextContents();

/** Reloads the page once all it asked for has arrived: a reload cancels what is still loading (the icon, say),
 * which would count as a failed request. */
async function reload(page) {
  await page.waitForLoadState("networkidle");
  await page.reload();
  await page.locator(".ttt-status").waitFor();
}

test("friend mode places alternating marks and the computer never moves", async () => {
  await withGame("?mode=friend&delay=0", async (page) => {
    assert.equal(await status(page), "X to move.");
    assert.equal(await page.locator(".ttt-level").isHidden(), true, "no difficulty with a friend");
    for (const [index, expected] of [[4, "....X...."], [0, "O...X...."], [8, "O...X...X"]]) {
      await cell(page, index).click();
      await page.waitForTimeout(50);
      assert.equal(await cells(page), expected);
    }
    // Each player hears where the other played.
    assert.equal(await status(page), "X played row 3, column 3. O to move.");
  });
  // Chosen with the control instead of the URL.
  await withGame("?delay=0", async (page) => {
    await page.getByRole("radio", { name: "A friend" }).check();
    await cell(page, 0).click();
    await cell(page, 1).click();
    await page.waitForTimeout(50);
    assert.equal(await cells(page), "XO.......");
    assert.equal(await status(page), "O played row 1, column 2. X to move.");
  });
});

test("a friend game ends with the winner in words", async () => {
  await withGame("?mode=friend", async (page) => {
    for (const index of [0, 3, 1, 4, 2]) await cell(page, index).click();
    assert.equal(await status(page), "X played row 1, column 3. X wins.");
    assert.deepEqual(
      await page.locator(".ttt-win").evaluateAll((els) => els.map((el) => Number(el.dataset.cell))),
      [0, 1, 2],
    );
  });
});

test("undo restores the exact earlier board", async () => {
  await withGame("?delay=0", async (page) => {
    const undo = page.getByRole("button", { name: "Undo" });
    assert.equal(await undo.getAttribute("aria-disabled"), "true");
    await cell(page, 4).click();
    await settled(page);
    const afterFirstRound = await cells(page);
    const free = afterFirstRound.indexOf(".");
    await cell(page, free).click();
    await settled(page);
    assert.equal((await cells(page)).replaceAll(".", "").length, 4);
    await undo.click();
    assert.equal(await cells(page), afterFirstRound, "the person's move and the reply are gone");
    // Said, not only seen: the status line (a live region) no longer announces the reply before as news.
    assert.equal(await status(page), "Undone: moves 3 and 4. Your turn: you play X.");
    await undo.click();
    assert.equal(await cells(page), ".........");
    // A second Undo is said too: its words differ from the first's.
    assert.equal(await status(page), "Undone: moves 1 and 2. Your turn: you play X.");
    assert.equal(await undo.getAttribute("aria-disabled"), "true");
  });
  await withGame("?mode=friend", async (page) => {
    await cell(page, 0).click();
    await cell(page, 4).click();
    await page.getByRole("button", { name: "Undo" }).click();
    assert.equal(await cells(page), "X........", "one move with a friend");
    assert.equal(await status(page), "Undone: move 2. O to move.");
  });
});

test("the history lists every move and returns to any earlier position", async () => {
  await withGame("?mode=friend", async (page) => {
    for (const index of [4, 0, 8]) await cell(page, index).click();
    assert.deepEqual(await history(page), [
      "Start",
      "1. X: row 2, column 2",
      "2. O: row 1, column 1",
      "3. X: row 3, column 3",
    ]);
    await page.getByRole("button", { name: "1. X: row 2, column 2" }).click();
    assert.equal(await cells(page), "....X....");
    assert.equal(await page.locator('[aria-current="step"]').textContent(), "1. X: row 2, column 2");
    assert.equal((await history(page)).length, 4, "later moves stay until a move is played");
    await page.getByRole("button", { name: "3. X: row 3, column 3" }).click();
    assert.equal(await cells(page), "O...X...X");
    await page.getByRole("button", { name: "Start" }).click();
    assert.equal(await cells(page), ".........");
    await page.getByRole("button", { name: "1. X: row 2, column 2" }).click();
    await cell(page, 2).click();
    assert.equal(await cells(page), "..O.X....");
    assert.deepEqual(await history(page), ["Start", "1. X: row 2, column 2", "2. O: row 1, column 3"]);
  });
});

test("back in the history against the computer, it answers as it did then and no later move is lost", async () => {
  await withGame("?level=easy&delay=200", async (page) => {
    await cell(page, 4).click();
    await settled(page);
    const free = (await cells(page)).indexOf(".");
    await cell(page, free).click();
    await settled(page);
    const moves = await history(page);
    const board = await cells(page);
    assert.equal(moves.length, 5);
    // After the person's first move the computer is to move: it plays its reply of then, not a new one.
    await page.getByRole("button", { name: moves[1] }).click();
    await settled(page);
    assert.equal(await page.locator('[aria-current="step"]').textContent(), moves[2]);
    assert.deepEqual(await history(page), moves, "every later move is still there");
    await page.getByRole("button", { name: moves[4] }).click();
    assert.equal(await cells(page), board);
  });
});

const hintLine = (page) => page.locator(".ttt-hint-line").textContent();

test("hint marks a best move without playing it, and the line under the buttons says which", async () => {
  await withGame("?position=X.O.X.O..&delay=0", async (page) => {
    await page.getByRole("button", { name: "Hint" }).click();
    const hinted = await page.locator(".ttt-hint").evaluateAll((els) => els.map((el) => Number(el.dataset.cell)));
    assert.deepEqual(hinted, [8], "the win at once, not the slower wins");
    assert.match(await cell(page, 8).getAttribute("aria-label"), /hint: a best move$/);
    // A live region of its own says it for a screen reader, who would otherwise hear nothing.
    assert.equal(await hintLine(page), "Hint: the best move is row 3, column 3.");
    assert.equal(await page.locator(".ttt-hint-line").getAttribute("role"), "status");
    assert.equal(await status(page), "Your turn: you play X.");
    assert.equal(await cells(page), "X.O.X.O..", "nothing played");
    await cell(page, 8).click();
    assert.equal(await page.locator(".ttt-hint").count(), 0);
    assert.equal(await status(page), "You win.");
    assert.equal(await hintLine(page), "");
  });
});

test("position= starts where it says, the side to move inferred", async () => {
  await withGame("?position=x...o....&delay=0", async (page) => {
    assert.equal(await cells(page), "X...O....");
    assert.equal(await status(page), "Your turn: you play X.");
    assert.deepEqual(await history(page), ["Start"]);
  });
  await withGame("?position=X........&delay=0", async (page) => {
    await settled(page);
    const board = await cells(page);
    assert.equal(board[0], "X");
    assert.equal(board.replaceAll(".", "").length, 2, "the computer, playing O, moved first");
    await page.getByRole("button", { name: "New game" }).click();
    await settled(page);
    assert.equal((await cells(page))[0], "X", "a new game starts from the same position");
  });
  // A link to a game's end (as Share copies it) shows the end; New game then starts from the empty board.
  await withGame("?position=XXXOO....&delay=0", async (page) => {
    assert.equal(await status(page), "You win.");
    await page.getByRole("button", { name: "New game" }).click();
    assert.equal(await cells(page), ".........");
    assert.equal(await status(page), "New game. Your turn: you play X.");
  });
  await withGame("?position=XX&mode=robot&level=godlike", async (page) => {
    const notices = await page.locator(".ttt-notice:not([hidden])").allTextContents();
    assert.equal(notices.length, 3);
    assert.match(notices[0], /position="XX" is not understood: a position has 9 cells/);
    assert.match(notices[1], /mode="robot" is not understood/);
    assert.match(notices[2], /level="godlike" is not understood/);
    assert.equal(await cells(page), ".........");
  });
});

test("the difficulty control names each level's depth and starts a new game", async () => {
  await withGame("?delay=0", async (page) => {
    const select = page.getByLabel("Difficulty");
    assert.equal(await select.inputValue(), "unbeatable");
    assert.match(await page.locator(".ttt-level .ttt-note").textContent(), /searches to the end of the game/);
    await cell(page, 0).click();
    await settled(page);
    await select.selectOption("easy");
    assert.equal(await cells(page), ".........");
    assert.match(await page.locator(".ttt-level .ttt-note").textContent(), /^Easy looks one move ahead/);
    assert.match(await tallyText(page), /^Tally at Easy/);
  });
  await withGame("?level=medium", async (page) => {
    assert.equal(await page.getByLabel("Difficulty").inputValue(), "medium");
    assert.match(await page.locator(".ttt-level .ttt-note").textContent(), /^Medium looks two moves ahead/);
  });
});

test("hint names up to three best moves and counts more, so that its line stays short", async () => {
  await withGame("?delay=0", async (page) => {
    await page.getByRole("button", { name: "Hint" }).click();
    assert.equal(await hintLine(page), "Hint: every move is as good as any other.");
    assert.equal(await page.locator(".ttt-hint").count(), 9);
  });
  await withGame("?mode=friend&position=....X....", async (page) => {
    await page.getByRole("button", { name: "Hint" }).click();
    assert.equal(await hintLine(page), "Hint: 4 moves are equally good, each marked best.");
    assert.equal(await status(page), "O to move.");
  });
});

test("on a 320 px phone, Hint moves neither the board nor the Hint button under the finger", async () => {
  const options = { viewport: { width: 320, height: 740 }, hasTouch: true, isMobile: true };
  for (const position of ["XO..X....", "X.O.O...X", "........."]) {
    await withGame(`?position=${position}&delay=0`, async (page) => {
      const hint = page.getByRole("button", { name: "Hint", exact: true });
      await page.locator(".ttt-status", { hasText: "Your turn" }).waitFor();
      const tops = () =>
        Promise.all([page.locator(".ttt-board").boundingBox(), hint.boundingBox()]).then((boxes) => boxes.map((box) => box.y));
      const before = await tops();
      await hint.tap();
      await page.locator(".ttt-hint-line", { hasText: "Hint: " }).waitFor();
      assert.deepEqual(await tops(), before, position);
      // The line itself lies under the buttons.
      const line = await page.locator(".ttt-hint-line").boundingBox();
      assert.ok(line.y >= before[1], `${position}: the hint's line under the Hint button`);
    }, options);
  }
});

test("Reset tally is hidden on a bigger board, whose games the 3x3 tally does not count", async () => {
  await withGame("?mode=friend", async (page) => {
    for (const index of [0, 3, 1, 4, 2]) await cell(page, index).click();
    assert.equal(await tallyText(page), "Tally with a friend: X won 1, O won 0, drawn 0.");
    await page.locator("select[data-board]").selectOption("4x4/4");
    assert.equal(await tallyText(page), "The tally counts games on the 3x3 board.");
    assert.equal(await page.getByRole("button", { name: "Reset tally" }).count(), 0, "no button for a tally not on show");
    // A page that clicks the hidden button clears nothing.
    await page.locator('[data-action="reset-tally"]').evaluate((button) => button.click());
    await page.locator("select[data-board]").selectOption("3x3/3");
    assert.equal(await tallyText(page), "Tally with a friend: X won 1, O won 0, drawn 0.");
    assert.equal(await page.getByRole("button", { name: "Reset tally" }).isVisible(), true);
  });
});

test("the tally counts results, resets, and survives a reload", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}?mode=friend`);
    await page.locator(".ttt-status").waitFor();
    assert.equal(await tallyText(page), "Tally with a friend: X won 0, O won 0, drawn 0.");
    for (const index of [0, 3, 1, 4, 2]) await cell(page, index).click();
    assert.equal(await tallyText(page), "Tally with a friend: X won 1, O won 0, drawn 0.");
    // Undoing and finishing again does not count the same game twice.
    await page.getByRole("button", { name: "Undo" }).click();
    await cell(page, 2).click();
    assert.equal(await tallyText(page), "Tally with a friend: X won 1, O won 0, drawn 0.");
    await reload(page);
    assert.equal(await tallyText(page), "Tally with a friend: X won 1, O won 0, drawn 0.");
    // Each level has its own counts, and Reset tally clears the one on show only.
    await page.getByRole("radio", { name: "Computer", exact: true }).check();
    assert.match(await tallyText(page), /you won 0, drew 0, lost 0/);
    await page.getByRole("button", { name: "Reset tally" }).click();
    await page.getByRole("radio", { name: "A friend" }).check();
    assert.equal(await tallyText(page), "Tally with a friend: X won 1, O won 0, drawn 0.");
    await page.getByRole("button", { name: "Reset tally" }).click();
    assert.equal(await tallyText(page), "Tally with a friend: X won 0, O won 0, drawn 0.");
    // A screen reader hears what Reset did: the tally is a live region of its own, apart from the game's status.
    const heard = page.getByRole("status").filter({ hasText: /^Tally with a friend/ });
    assert.equal(await heard.textContent(), "Tally with a friend: X won 0, O won 0, drawn 0.");
    await reload(page);
    assert.equal(await tallyText(page), "Tally with a friend: X won 0, O won 0, drawn 0.");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("a link to a finished game counts nothing, however often it is opened or started again", async () => {
  await withGame("?position=XXXOO....", async (page) => {
    assert.match(await status(page), /^You win/);
    assert.match(await tallyText(page), /you won 0, drew 0, lost 0/);
    await reload(page);
    await page.getByRole("button", { name: "New game" }).click();
    await page.getByLabel("Difficulty").selectOption("easy");
    await page.getByLabel("Difficulty").selectOption("unbeatable");
    assert.match(await tallyText(page), /you won 0, drew 0, lost 0/);
    assert.equal(await page.evaluate(() => localStorage.getItem("tictactoe-tally")), null);
  });
});

test("games of one site count into one tally: a result is added to what is stored, not to what a game read", async () => {
  await withGame("?mode=friend", async (page) => {
    await page.evaluate(async () => {
      const { default: init, mount } = await import("./tictactoe.js");
      await init();
      for (const id of ["first", "second"]) {
        const element = document.createElement("div");
        element.id = id;
        document.body.append(element);
        mount(element, { position: "XX.OO....", delay: 0 });
      }
    });
    // The first game is won, then the second (which read the tally before that) is lost.
    await page.locator('#first [data-cell="2"]').click();
    await page.locator('#second [data-cell="8"]').click();
    await page.locator("#second .ttt-status", { hasText: "Computer wins" }).waitFor();
    assert.match(await page.evaluate(() => localStorage.getItem("tictactoe-tally")), /unbeatable=1,0,1/);
    assert.match(await page.locator("#second .ttt-tally p").textContent(), /you won 1, drew 0, lost 1/);
  });
});

test("a tally kept in another tab shows in this one at once", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}?mode=friend`);
    await page.locator(".ttt-status").waitFor();
    const other = await page.context().newPage();
    await other.goto(`${site.url}?mode=friend`);
    for (const index of [0, 3, 1, 4, 2]) await cell(other, index).click();
    assert.equal(await tallyText(other), "Tally with a friend: X won 1, O won 0, drawn 0.");
    // The first tab has not played: it hears the other keep its tally (a storage event).
    await page.locator(".ttt-tally p", { hasText: "X won 1," }).waitFor({ timeout: 5000 });
    await other.getByRole("button", { name: "Reset tally" }).click();
    await page.locator(".ttt-tally p", { hasText: "X won 0," }).waitFor({ timeout: 5000 });
    // A tally the other tab removes (localStorage.clear(), say) counts nothing here either, and is not written back.
    await other.evaluate(() => localStorage.setItem("tictactoe-tally", "friend=4,4,4"));
    await page.locator(".ttt-tally p", { hasText: "X won 4," }).waitFor({ timeout: 5000 });
    await other.evaluate(() => localStorage.removeItem("tictactoe-tally"));
    await page.locator(".ttt-tally p", { hasText: "X won 0, O won 0, drawn 0." }).waitFor({ timeout: 5000 });
    await other.close();
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the tally counts for the visit when the storage is full", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}?mode=friend`);
    await page.locator(".ttt-status").waitFor();
    // A stored tally of 9, then the origin's storage filled to the last character, so that "10" cannot be kept.
    await page.evaluate(() => {
      localStorage.setItem("tictactoe-tally", "friend=9,0,0");
      let [fits, fails] = [0, 64 * 1024 * 1024];
      while (fails - fits > 1) {
        const length = Math.floor((fits + fails) / 2);
        try {
          localStorage.setItem("filler", "x".repeat(length));
          fits = length;
        } catch {
          fails = length;
        }
      }
      localStorage.setItem("filler", "x".repeat(fits));
    });
    await page.reload({ waitUntil: "networkidle" });
    assert.equal(await tallyText(page), "Tally with a friend: X won 9, O won 0, drawn 0.");
    for (const index of [0, 3, 1, 4, 2]) await cell(page, index).click();
    assert.equal(await tallyText(page), "Tally with a friend: X won 10, O won 0, drawn 0.");
    await page.getByRole("button", { name: "New game" }).click();
    for (const index of [0, 3, 1, 4, 2]) await cell(page, index).click();
    assert.equal(await tallyText(page), "Tally with a friend: X won 11, O won 0, drawn 0.");
    assert.equal(await page.evaluate(() => localStorage.getItem("tictactoe-tally")), "friend=9,0,0");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the tally works in memory when storage is refused", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    await page.goto(`${site.url}?mode=friend`);
    await page.locator(".ttt-status").waitFor();
    for (const index of [0, 3, 1, 4, 2]) await cell(page, index).click();
    assert.equal(await tallyText(page), "Tally with a friend: X won 1, O won 0, drawn 0.");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("everything plays by keyboard", async () => {
  await withGame("?mode=friend", async (page) => {
    await cell(page, 0).focus();
    await page.keyboard.press("Enter");
    await cell(page, 4).focus();
    await page.keyboard.press("Space");
    assert.equal(await cells(page), "X...O....");
    await page.getByRole("button", { name: "Undo" }).focus();
    await page.keyboard.press("Enter");
    assert.equal(await cells(page), "X........");
    await page.getByRole("button", { name: "Hint" }).focus();
    await page.keyboard.press("Enter");
    assert.ok((await page.locator(".ttt-hint").count()) > 0);
    await page.getByRole("button", { name: "Start" }).focus();
    await page.keyboard.press("Enter");
    assert.equal(await cells(page), ".........");
    // Radio buttons move with the arrow keys, and choosing one starts that mode.
    await page.getByRole("radio", { name: "A friend" }).focus();
    await page.keyboard.press("ArrowLeft");
    assert.equal(await page.getByRole("radio", { name: "Computer", exact: true }).isChecked(), true);
    await page.getByLabel("Difficulty").focus();
    await page.keyboard.press("ArrowUp");
    assert.equal(await page.getByLabel("Difficulty").inputValue(), "hard");
  });
});

test("everything plays by touch", async () => {
  await withGame(
    "?mode=friend",
    async (page) => {
      await cell(page, 4).tap();
      await cell(page, 0).tap();
      assert.equal(await cells(page), "O...X....");
      await page.getByRole("button", { name: "Undo" }).tap();
      assert.equal(await cells(page), "....X....");
      await page.getByRole("button", { name: "Start" }).tap();
      assert.equal(await cells(page), ".........");
      await page.getByRole("button", { name: "New game" }).tap();
      await page.getByRole("radio", { name: "Computer", exact: true }).tap();
      assert.equal(await page.getByRole("radio", { name: "Computer", exact: true }).isChecked(), true);
    },
    { hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } },
  );
});
