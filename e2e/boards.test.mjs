// End-to-end tests of the bigger boards (board=ROWSxCOLS, k=K): the release build under /tictactoe/ in headless
// Chromium. The computer searches in a Web Worker: the page answers while it thinks, and New game or Undo stops
// the search. Every test fails on any console error, uncaught error or failed request.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { browser, host, markCount, site, useSites, watchedPage, withGame } from "./browser.mjs";

useSites();

const marks = markCount;

const board = (page) => page.locator(".ttt-board");

/** A 15x15 position in the notation: `stones` maps "row,col" (from 0) to X or O. */
function gomoku(stones) {
  const rows = [];
  for (let row = 0; row < 15; row += 1) {
    let text = "";
    for (let col = 0; col < 15; col += 1) text += stones[`${row},${col}`] ?? ".";
    rows.push(text);
  }
  return rows.join("/");
}

test("board=4x4&k=4 draws a board of sixteen squares, and the board control names it", async () => {
  await withGame("?board=4x4&k=4", async (page) => {
    assert.equal(await page.locator("button[data-cell]").count(), 16);
    assert.equal(await page.locator("select[data-board]").inputValue(), "4x4/4");
    const label = await page.locator('[data-cell="15"]').getAttribute("aria-label");
    assert.equal(label, "d1, empty");
    // The keys walk the 4x4 board and stop at its edges: Control+End to the last square, Home to the start of
    // its row, End back to its end, up one row.
    await page.locator('[data-cell="0"]').focus();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Home");
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowUp");
    const focused = await page.evaluate(() => {
      // The focused element may be inside the game's shadow root.
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.dataset?.cell;
    });
    assert.equal(focused, "11");
  });
});

test("a new 15x15 board sets only what its squares show: no DOM call that changes nothing on each of 225", async () => {
  await withGame("?mode=friend", async (page) => {
    const drawn = await page.evaluate(async () => {
      const { default: init, mount } = await import("./tictactoe.js");
      await init();
      // Counts the calls that draw a square's marks, classes and data (a new square has none of them).
      const counts = { toggle: 0, removeAttribute: 0, textContent: 0 };
      const toggle = DOMTokenList.prototype.toggle;
      const removeAttribute = Element.prototype.removeAttribute;
      const text = Object.getOwnPropertyDescriptor(Node.prototype, "textContent");
      DOMTokenList.prototype.toggle = function (...args) {
        counts.toggle += 1;
        return toggle.apply(this, args);
      };
      Element.prototype.removeAttribute = function (...args) {
        counts.removeAttribute += 1;
        return removeAttribute.apply(this, args);
      };
      Object.defineProperty(Node.prototype, "textContent", {
        ...text,
        set(value) {
          if (this.matches?.("[data-cell]")) counts.textContent += 1;
          text.set.call(this, value);
        },
      });
      try {
        const box = document.createElement("div");
        document.body.append(box);
        mount(box, { board: "15x15", mode: "friend" });
        const cells = [...box.shadowRoot.querySelectorAll("[data-cell]")];
        return { counts, cells: cells.length, labelled: cells.filter((cell) => cell.ariaLabel).length };
      } finally {
        DOMTokenList.prototype.toggle = toggle;
        Element.prototype.removeAttribute = removeAttribute;
        Object.defineProperty(Node.prototype, "textContent", text);
      }
    });
    assert.equal(drawn.cells, 225);
    assert.equal(drawn.labelled, 225, "every square is named");
    // Without the check, seven class toggles, five attribute removals and an empty text for each square: 2,925.
    assert.equal(drawn.counts.textContent, 0, "an empty square's text is not written");
    assert.ok(drawn.counts.toggle < 50, `class toggles: ${drawn.counts.toggle}`);
    assert.ok(drawn.counts.removeAttribute < 50, `attributes removed: ${drawn.counts.removeAttribute}`);
  });
});

test("a position in rows form without board= plays on its own board, from the URL and from mount()", async () => {
  await withGame("?position=..../.X../..O./....&mode=friend", async (page) => {
    assert.equal(await page.locator("button[data-cell]").count(), 16);
    assert.equal(await page.locator("select[data-board]").inputValue(), "4x4/4");
    assert.equal(await page.locator('[data-cell="5"]').textContent(), "X");
    assert.equal(await page.locator('[data-cell="10"]').textContent(), "O");
    assert.equal(await page.locator(".ttt-notice:not([hidden])").count(), 0, "nothing to explain");
    const cells = await page.evaluate(async () => {
      const { default: init, mount } = await import("./tictactoe.js");
      await init();
      const box = document.createElement("div");
      document.body.append(box);
      mount(box, { position: "...../..X../.....", k: 3 });
      return box.shadowRoot.querySelectorAll("[data-cell]").length;
    });
    assert.equal(cells, 15);
    // On a live game too: a position of another board moves the game there, and back.
    const sizes = await page.evaluate(async () => {
      const { default: init, mount } = await import("./tictactoe.js");
      await init();
      const box = document.createElement("div");
      document.body.append(box);
      const game = mount(box, {});
      const count = () => box.shadowRoot.querySelectorAll("[data-cell]").length;
      const seen = [count()];
      game.set("position", "..../.X../..O./....");
      seen.push(count());
      game.set("position", "X...O....");
      seen.push(count());
      return seen;
    });
    assert.deepEqual(sizes, [9, 16, 9]);
  });
});

test("?board=4x4&k=4&scores=1 shows a proved draw on every square", async () => {
  await withGame("?board=4x4&k=4&scores=1", async (page) => {
    const title = page.locator(".ttt-scores > .ttt-note").filter({ hasText: "proved" });
    await title.waitFor({ timeout: 30_000 });
    const outcomes = await page.locator("[data-cell]").evaluateAll((cells) => cells.map((cell) => cell.dataset.outcome));
    assert.deepEqual(outcomes, Array(16).fill("draw"));
    const label = await page.locator('[data-cell="5"]').getAttribute("aria-label");
    assert.match(label, /, score draw 0, best move$/);
  });
});

test("on a 15x15 board on a phone every square's score fits inside it", async () => {
  // X in the middle, O above it: X to move, with scores on every square near them.
  const rows = Array.from({ length: 15 }, (_, row) => (row === 6 ? ".......O......." : row === 7 ? ".......X......." : ".".repeat(15)));
  await withGame(
    `?board=15x15&k=5&scores=1&think=300&position=${rows.join("/")}`,
    async (page) => {
      await page.locator(".ttt-cell.ttt-scored").first().waitFor({ timeout: 30_000 });
      const spilling = await page.locator(".ttt-cell.ttt-scored").evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => `${cell.dataset.cell}: ${cell.textContent}`),
      );
      assert.deepEqual(spilling, []);
    },
    { viewport: { width: 360, height: 740 } },
  );
});

test("on a phone a 15x15 board fits the screen: a first tap marks a square large, a second plays it", async () => {
  await withGame(
    "?board=15x15&k=5&delay=0&think=100",
    async (page) => {
      // Every square is on the screen, and smaller than a finger.
      const squares = await page.locator("[data-cell]").evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().toJSON()));
      assert.ok(squares.every((r) => r.left >= 0 && r.right <= 360), "every square on the screen");
      assert.ok(squares[0].width < 44, `${squares[0].width} px`);
      const h8 = page.locator('[data-cell="112"]');
      await h8.tap();
      assert.equal(await marks(page), 0, "the first tap plays nothing");
      assert.equal(await page.locator(".ttt-status").textContent(), "h8 marked: tap it again to play X there.");
      assert.equal(await h8.getAttribute("aria-label"), "h8, empty, marked: tap again to play here");
      assert.equal(await h8.textContent(), "X");
      const large = await h8.boundingBox();
      assert.ok(large.width >= 2 * squares[112].width, `marked large: ${large.width} px`);
      // Another square moves the mark; a second tap on it plays there.
      const i9 = page.locator('[data-cell="98"]');
      await i9.tap();
      assert.equal(await page.locator(".ttt-aimed").count(), 1);
      assert.equal(await page.locator(".ttt-status").textContent(), "i9 marked: tap it again to play X there.");
      await i9.tap();
      await page.locator(".ttt-cell.ttt-last", { hasText: "O" }).waitFor({ timeout: 30_000 });
      assert.equal(await i9.textContent(), "X");
      assert.equal(await page.locator(".ttt-aimed").count(), 0);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), "the page does not scroll sideways");
    },
    { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true },
  );
  // Squares as big as a finger play at the first tap; a mouse plays at once whatever their size.
  await withGame("?delay=0", async (page) => {
    await page.locator('[data-cell="4"]').tap();
    assert.equal(await page.locator('[data-cell="4"]').textContent(), "X");
  }, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  await withGame("?board=15x15&k=5&delay=0&think=100", async (page) => {
    await page.locator('[data-cell="112"]').click();
    await page.locator(".ttt-cell.ttt-last", { hasText: "O" }).waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('[data-cell="112"]').textContent(), "X");
  }, { viewport: { width: 360, height: 740 } });
});

test("a bigger board carries its coordinates, and the page, the status, the moves and the squares name them", async () => {
  await withGame("?board=15x15&k=5&mode=friend", async (page) => {
    assert.deepEqual(await page.locator(".ttt-rows span").allTextContents(), Array.from({ length: 15 }, (_, i) => String(15 - i)));
    assert.deepEqual(await page.locator(".ttt-cols span").allTextContents(), [..."abcdefghijklmno"]);
    assert.equal(await page.locator(".ttt-rows").getAttribute("aria-hidden"), "true");
    // Row numbers count from the bottom: a15 is the top left square, h8 the centre.
    assert.equal(await page.locator('[data-cell="0"]').getAttribute("aria-label"), "a15, empty");
    await page.getByRole("button", { name: "h8, empty" }).click();
    assert.equal(await page.locator(".ttt-status").textContent(), "X played h8. O to move.");
    assert.deepEqual(await page.locator(".ttt-history li:not([hidden])").allTextContents(), ["Start", "1. X: h8"]);
    // The row of numbers lines up with the squares.
    const [eight, label] = await Promise.all([page.locator('[data-cell="112"]').boundingBox(), page.locator(".ttt-rows span", { hasText: /^8$/ }).boundingBox()]);
    assert.ok(Math.abs(eight.y + eight.height / 2 - (label.y + label.height / 2)) < 2, `${eight.y} ${label.y}`);
    assert.equal(await page.title(), "Gomoku against minimax");
    assert.equal(await page.locator("h1").textContent(), "Gomoku against minimax");
    await page.getByRole("combobox", { name: "Board" }).selectOption("4x4/4");
    assert.equal(await page.locator("h1").textContent(), "4x4 tic-tac-toe against minimax");
    await page.getByRole("combobox", { name: "Board" }).selectOption("3x3/3");
    assert.equal(await page.title(), "Tic-tac-toe against minimax");
    assert.equal(await page.locator(".ttt-rows").isVisible(), false, "3x3 keeps rows and columns in words");
    assert.equal(await page.locator('[data-cell="5"]').getAttribute("aria-label"), "Row 2, column 3, empty");
  });
});

test("rule=standard: six in a row does not win Gomoku, the board control offers it, and Share's link keeps it", async () => {
  // X has h8 to l8 but for k8, and a stone on g8: X on k8 makes six in a row.
  const stones = { "7,6": "X", "7,7": "X", "7,8": "X", "7,9": "X", "7,11": "X", "0,0": "O", "0,2": "O", "0,4": "O", "0,6": "O", "14,14": "O" };
  await withGame(`?board=15x15&rule=standard&mode=friend&position=${gomoku(stones)}`, async (page) => {
    assert.equal(await page.locator("select[data-board]").inputValue(), "15x15/5/standard");
    await page.locator('[data-cell="115"]').click();
    assert.equal(await page.locator(".ttt-status").textContent(), "X played k8. O to move.");
    // Free-style, the same move wins.
    await page.getByRole("combobox", { name: "Board" }).selectOption("15x15/5");
    assert.equal(await page.locator("select[data-board]").inputValue(), "15x15/5");
    await page.getByRole("combobox", { name: "Board" }).selectOption({ label: "15x15, standard Gomoku" });
    assert.equal(await page.locator("select[data-board]").inputValue(), "15x15/5/standard");
  });
  await withGame(`?board=15x15&mode=friend&position=${gomoku(stones)}`, async (page) => {
    await page.locator('[data-cell="115"]').click();
    assert.match(await page.locator(".ttt-status").textContent(), /X wins/);
  });
});

test("on a bigger board the game tree is shown one move deep, says why, and gives each move's proved value", async () => {
  await withGame("?board=4x4&k=4&tree=1&step=1", async (page) => {
    const panel = page.locator(".ttt-tree-panel");
    assert.equal(await panel.locator(".ttt-heading").textContent(), "Game tree, one move deep");
    assert.match(await panel.locator(".ttt-note:visible").textContent(), /^Values are MAX's: X moves here, .* one move deep/);
    // Why so deep is one click away.
    const more = panel.locator("details.ttt-more:visible");
    assert.equal(await more.evaluate((details) => details.open), false);
    assert.match(await more.textContent(), /From here the game can last 16 moves more, in up to 16 × 15 × … × 1 orders of play:/);
    const moves = panel.getByRole("list", { name: "Game tree, one move deep" }).getByRole("listitem");
    await moves.first().waitFor({ timeout: 30_000 });
    assert.equal(await moves.count(), 16);
    const items = await moves.evaluateAll((items) => items.map((i) => [i.dataset.move, i.dataset.outcome, i.textContent]));
    items.forEach(([move, outcome, text], index) => {
      assert.equal(move, String(index));
      assert.equal(outcome, "draw");
      assert.match(text, /^X: [a-d][1-4], draw \(0\)$/);
    });
    assert.equal(items[6][2], "X: c3, draw (0)");
    // The same panels as on the 3x3 board: the tree's pictures of small boards and the step-through stay with 3x3,
    // and the step panel says why.
    assert.equal(await panel.locator(".ttt-tree").isVisible(), false);
    assert.match(await page.locator(".ttt-step-panel .ttt-note:visible").textContent(), /3x3 board/);
    assert.equal(await page.locator(".ttt-step-panel .ttt-step-now").isVisible(), false);
    // A move: the tree follows the position, one move deep from there.
    await page.locator('[data-cell="5"]').click();
    await page.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 30_000 });
    await panel.locator(".ttt-more p", { hasText: "last 14 moves more" }).waitFor({ state: "attached", timeout: 30_000 });
    await moves.nth(13).waitFor({ timeout: 30_000 });
    assert.equal(await moves.count(), 14);
  });
});

test("the horizon adds up to the search: each depth's own positions, the try to the end of the game, the stopped one", async () => {
  const positions = (text) => Number(text.match(/([\d,]+) positions?/)[1].replaceAll(",", ""));
  const searched = async (page) => {
    const rows = await page.locator(".ttt-search tbody tr").evaluateAll((trs) =>
      Object.fromEntries(trs.map((tr) => [tr.querySelector("th").textContent, tr.querySelector("td").textContent])),
    );
    const lines = await page.locator(".ttt-horizon li").allTextContents();
    // The threat search's positions are counted apart from the depths' (its own row of the statistics).
    const threats = lines.filter((line) => line.startsWith("Threat search"));
    assert.ok(threats.length <= 1 && (threats.length === 0 || lines[0] === threats[0]), lines.join("\n"));
    if (threats.length === 1) {
      assert.match(threats[0], /^Threat search, fours and threes: [\d,]+ positions?; (no forced win found|a forced win by (continuous fours|fours and threes) for [XO])$/);
      assert.equal(positions(threats[0]), Number(rows["Positions of the threat search"].replaceAll(",", "")));
    }
    const horizon = lines.filter((line) => !line.startsWith("Threat search"));
    return { rows, horizon, threats, sum: horizon.reduce((total, line) => total + positions(line), 0) };
  };
  // 4x4 with 4 in a row: depths 1 and 2, then one search straight to the end, which proves the draw.
  await withGame("?board=4x4&k=4&stats=1&horizon=1&delay=0", async (page) => {
    // Before the computer's first search the panel says so, with no heading over an empty list of depths.
    await page.getByText("The computer has not played a move on the board yet").waitFor();
    assert.equal(await page.locator(".ttt-horizon").isVisible(), false);
    await page.locator('[data-cell="5"]').click();
    await page.locator(".ttt-horizon li").first().waitFor({ timeout: 20_000 });
    const { rows, horizon, threats, sum } = await searched(page);
    assert.equal(threats.length, 1, "the threat search's line, first");
    assert.equal(horizon.length, 3, horizon.join("\n"));
    assert.match(horizon[0], /^Depth 1: /);
    assert.match(horizon[1], /^Depth 2: /);
    assert.match(horizon[2], /^To the end of the game: [\d,]+ positions in [\d,]+ ms; best move [a-d][1-4]; a draw with best play$/);
    assert.equal(rows["Depth reached"], "the end of the game");
    assert.equal(sum, Number(rows["Positions searched"].replaceAll(",", "")));
  });
  // 7x7 with a short clock: depth after depth, and last, as a rule, the depth the clock stopped (unless the clock
  // ran out just as a depth finished); still the lines add up.
  await withGame("?board=7x7&k=5&stats=1&horizon=1&think=100&delay=0", async (page) => {
    await page.locator('[data-cell="24"]').click();
    await page.locator(".ttt-horizon li").first().waitFor({ timeout: 20_000 });
    const { rows, horizon, sum } = await searched(page);
    const stopped = /^Depth \d+: stopped by the clock after [\d,]+ positions? in [\d,]+ ms$/;
    horizon.forEach((line, index) => {
      const last = index === horizon.length - 1;
      assert.match(line, last ? new RegExp(`${stopped.source}|; best move [a-g][1-7];`) : /^Depth \d+: .*; best move [a-g][1-7]; /, horizon.join("\n"));
    });
    assert.equal(rows["Stopped by the clock"], "yes");
    assert.equal(sum, Number(rows["Positions searched"].replaceAll(",", "")));
  });
});

test("the computer answers on a 7x7 board from a worker, and says how deep it looked", async () => {
  await withGame("?board=7x7&k=5&stats=1&horizon=1&think=1000", async (page) => {
    await page.locator('[data-cell="24"]').click();
    // While it thinks, the board says so.
    await page.locator(".ttt-board.ttt-thinking[aria-busy=true]").waitFor();
    await page.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 20_000 });
    assert.equal(await marks(page), 2);
    // The computer's reply is marked on the board, by a tint of its mark's colour and in its square's name; not
    // by a ring, which would look like the focus ring.
    const last = page.locator(".ttt-cell.ttt-last");
    assert.equal(await last.count(), 1);
    assert.equal(await last.textContent(), "O");
    assert.match(await last.getAttribute("aria-label"), /^[a-g][1-7], O, last move$/);
    const looks = (cell) => cell.evaluate((element) => {
      const css = getComputedStyle(element);
      return { background: css.backgroundColor, ring: css.boxShadow };
    });
    const [tinted, plain] = [await looks(last), await looks(page.locator(".ttt-cell.ttt-x"))];
    assert.notEqual(tinted.background, plain.background);
    assert.equal(tinted.ring, plain.ring);
    const sentence = await page.locator(".ttt-search-sentence").textContent();
    assert.match(sentence, /^(Looked \d+ moves? ahead|Searched to the end), [\d,]+ positions; /);
    // The threat search's line first, then one line per depth.
    const horizon = await page.locator(".ttt-horizon li").allTextContents();
    assert.ok(horizon.length >= 2, horizon.join("\n"));
    assert.match(horizon[0], /^Threat search, fours and threes: [\d,]+ positions?; (no forced win found|a forced win by )/);
    assert.match(horizon[1], /^Depth 1: [\d,]+ positions in \d+ ms; best move [a-g][1-7]; /);
    const rows = await page.locator(".ttt-search th").allTextContents();
    assert.ok(rows.includes("Positions per second"), rows.join(" | "));
    // Undone, the search is of a move no longer on the board: the panel says so.
    await page.getByRole("button", { name: "Undo" }).click();
    assert.equal(
      await page.locator(".ttt-search-sentence").textContent(),
      "The computer has not played a move on the board yet.",
    );
  });
});

test("New game and Undo stop the computer's search at once: its answer never lands", async () => {
  await withGame("?board=15x15&k=5&think=1000", async (page) => {
    await page.locator('[data-cell="112"]').click();
    await page.locator(".ttt-board.ttt-thinking").waitFor();
    await page.getByRole("button", { name: "Undo" }).click();
    assert.equal(await marks(page), 0);
    // Longer than the search would take.
    await page.waitForTimeout(1_500);
    assert.equal(await marks(page), 0, "the search stopped with its worker");
    await page.locator('[data-cell="112"]').click();
    await page.locator(".ttt-board.ttt-thinking").waitFor();
    await page.getByRole("button", { name: "New game" }).click();
    await page.waitForTimeout(1_500);
    assert.equal(await marks(page), 0);
    // The page answers while the computer thinks: a click during its search is handled at once.
    await page.locator('[data-cell="112"]').click();
    await page.locator(".ttt-board.ttt-thinking").waitFor();
    const answered = await page.evaluate(
      () => new Promise((resolve) => {
        const start = performance.now();
        setTimeout(() => resolve(performance.now() - start), 0);
      }),
    );
    assert.ok(answered < 1_000, `a timer waited ${answered} ms`);
    await page.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 20_000 });
    assert.equal(await marks(page), 2);
  });
});

test("on 15x15 the computer takes a five it can make, and blocks a four", async () => {
  // X to move with four in a row open at both ends: X wins at once.
  const win = gomoku({ "7,5": "X", "7,6": "X", "7,7": "X", "7,8": "X", "0,0": "O", "0,2": "O", "14,14": "O", "0,14": "O" });
  await withGame(`?board=15x15&k=5&human=O&position=${win}`, async (page) => {
    await page.locator(".ttt-status", { hasText: "Computer wins" }).waitFor({ timeout: 20_000 });
  });
  // O to move against four X in a row closed at one end: only j8 stops five.
  const four = gomoku({ "7,4": "O", "7,5": "X", "7,6": "X", "7,7": "X", "7,8": "X", "0,0": "O", "14,14": "O" });
  await withGame(`?board=15x15&k=5&human=X&position=${four}`, async (page) => {
    await page.locator('[data-cell="114"]', { hasText: "O" }).waitFor({ timeout: 20_000 });
    assert.equal(await marks(page), 8);
    assert.match(await page.locator(".ttt-status").textContent(), /Your turn/);
  });
});

test("a forced win the computer found is said and replayed on the board, move by move, the game unchanged", async () => {
  // X to move: a three on row 14 and one down column f meet at f14, which makes two fours (the position
  // of src/panels/search_report.rs's tests). The computer plays X.
  const x = ["1,2", "1,3", "1,4", "2,5", "3,5", "4,5"];
  const o = ["1,1", "5,0", "5,3", "5,5", "6,3", "12,13"];
  const position = gomoku(Object.fromEntries([...x.map((at) => [at, "X"]), ...o.map((at) => [at, "O"])]));
  await withGame(`?board=15x15&k=5&human=O&delay=0&stats=1&position=${position}`, async (page) => {
    await page.locator(".ttt-status", { hasText: "Your turn" }).waitFor({ timeout: 20_000 });
    assert.match(await page.locator(".ttt-search-sentence").textContent(), /Forced win found by continuous fours: X wins within \d+ moves?, [\d,]+ positions?\./);
    const forced = page.locator(".ttt-forced");
    const replayed = () =>
      page.locator("[data-replay-mark]").evaluateAll((cells) => cells.map((c) => `${c.dataset.replayNumber}:${c.dataset.replayMark}`).sort());
    const status = forced.getByRole("status");
    await forced.getByRole("button", { name: "Next move on the board" }).click();
    // The rest of the win, from the board: O's reply first.
    assert.deepEqual(await replayed(), ["1:O"]);
    const first = await status.textContent();
    const length = Number(first.match(/^Move 1 of (\d+) on the board: O, [a-o]\d+\.$/)[1]);
    await forced.getByRole("button", { name: "Play on the board" }).click();
    await status.filter({ hasText: "completes a line" }).waitFor();
    assert.match(await status.textContent(), new RegExp(`^Move ${length} of ${length} on the board: X, [a-o]\\d+\\. X completes a line\\.$`));
    assert.equal((await replayed()).length, length);
    // The game is as it was: thirteen stones, O to move; a move of O's puts the replay away.
    assert.equal(await marks(page), 13);
    await forced.getByRole("button", { name: "Clear the marks" }).click();
    assert.deepEqual(await replayed(), []);
    await forced.getByRole("button", { name: "Next move on the board" }).click();
    assert.equal((await replayed()).length, 1);
    await page.locator('[data-cell="224"]').click();
    assert.deepEqual(await replayed(), []);
  });
});

test("a typo in the time per move is explained by the field and costs nothing: the game and its time stay", async () => {
  await withGame("?board=7x7&k=5&think=300&delay=0", async (page) => {
    await page.locator('[data-cell="24"]').click();
    await page.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 20_000 });
    assert.equal(await marks(page), 2);
    const time = page.getByLabel("Computer's time per move (ms)");
    await time.fill("5");
    await time.press("Enter");
    // Said by the field (its description, an alert), where a phone's reader is looking, not above the board.
    const typo = page.getByRole("alert").filter({ hasText: "Nothing changed" });
    await typo.waitFor();
    const sentence = '"5" is not understood: it must be a whole number of milliseconds from 10 to 60000. Nothing changed.';
    assert.equal(await typo.textContent(), sentence);
    assert.equal(await time.getAttribute("aria-invalid"), "true");
    assert.equal(await time.evaluate((input) => input.ariaDescribedByElements?.[0]?.textContent ??
      input.getRootNode().getElementById(input.getAttribute("aria-describedby")).textContent), sentence);
    assert.equal(await page.locator(".ttt-problems .ttt-notice").count(), 0, "nothing above the board");
    assert.equal(await marks(page), 2, "the game goes on");
    assert.equal(await time.inputValue(), "300");
    // A time it takes clears the sentence, and applies from the computer's next move on: the game goes on.
    await time.fill("400");
    await time.blur();
    await typo.waitFor({ state: "detached" });
    assert.equal(await time.getAttribute("aria-invalid"), null);
    assert.equal(await marks(page), 2, "a new time per move plays on");
    assert.equal(await time.inputValue(), "400");
  });
});

test("the board control starts a game on the board it names", async () => {
  await withGame("", async (page) => {
    await page.locator("select[data-board]").selectOption("5x5/4");
    assert.equal(await page.locator("button[data-cell]").count(), 25);
    assert.match(page.url(), /\?$|tictactoe\/$/);
    await page.locator("select[data-board]").selectOption("3x3/3");
    assert.equal(await page.locator("button[data-cell]").count(), 9);
  });
});

test("think() answers for any board from a worker, thinkNow() on the spot, and bad arguments throw", async () => {
  await withGame("", async (page) => {
    const result = await page.evaluate(async () => {
      const api = await import("./tictactoe.js");
      await api.default();
      const draw = api.thinkNow("..../..../..../....", { k: 4, timeMs: 60000 });
      const win = await api.think("..../..../..../....", { k: 3 });
      // An option set to undefined or null is its default, as if it were not given (as mount's options).
      const defaults = api.thinkNow("..../..../..../....", { k: undefined, timeMs: undefined, depth: undefined, moves: undefined });
      const nulls = api.thinkNow("..../..../..../....", { k: null, timeMs: null, depth: null, evaluation: null, moves: null });
      const errors = [];
      for (const call of [
        () => api.think("..../..", {}),
        () => api.think("..../..../..../....", { timeMs: 5 }),
        () => api.think("..../..../..../....", { colour: "red" }),
        () => api.thinkNow("XXXX/OOO./..../....", { k: 4 }),
        () => api.think(42),
      ]) {
        try {
          call();
          errors.push("no error");
        } catch (error) {
          errors.push(error instanceof Error ? error.message : `not an Error: ${error}`);
        }
      }
      return { draw, win, defaults, nulls, errors };
    });
    assert.equal(typeof result.defaults.move, "number");
    assert.ok(Number.isInteger(result.nulls.move) && result.nulls.move < 16, "null options threw nothing, and a move came");
    assert.equal(result.draw.proved, true);
    assert.equal(result.draw.outcome, "draw");
    assert.equal(result.draw.plies, 16);
    assert.ok(result.draw.nodes > 0);
    console.log(`4x4 k=4 proved a draw in the browser: ${result.draw.nodes} positions, ${result.draw.timeMs} ms`);
    assert.equal(result.win.proved, true);
    assert.equal(result.win.outcome, "win");
    assert.equal(typeof result.win.move, "number");
    assert.match(result.errors[0], /^think: /);
    assert.match(result.errors[1], /^think: option timeMs must be a whole number from 10 to 60000/);
    assert.match(result.errors[2], /^think: unknown option "colour"/);
    assert.match(result.errors[3], /^thinkNow: the game is over/);
    assert.match(result.errors[4], /^think: the position must be a string/);
  });
});

test("the think() and thinkNow() examples of docs/embedding.md are what they answer: a search to a depth counts the same on every machine", async () => {
  const readme = readFileSync(new URL("../docs/embedding.md", import.meta.url), "utf8");
  const quoted = readme.match(
    /await think\("\.\.\.\.\/\.X\.\.\/\.\.O\.\/\.\.\.\.", \{ k: 4, timeMs: 1000 \}\);\n\/\/ \{ move: (\d+), proved: true, outcome: "draw", plies: (\d+), depth: (\d+), nodes: (\d+), timeMs: \d+, tableHits: (\d+),\n\/\/\s+cutoffs: (\d+), firstMoveCutoffs: (\d+), line: \[([\d, ]+)\]/,
  );
  assert.ok(quoted, "docs/embedding.md quotes think()'s answer for ..../.X../..O./....");
  const [move, plies, depth, nodes, tableHits, cutoffs, firstMoveCutoffs] = quoted.slice(1, 8).map(Number);
  const line = quoted[8].split(", ").map(Number);
  const estimated = readme.match(
    /thinkNow\("(\.{7}\/\.{7}\/\.{7}\/\.{3}X\.{3}\/\.{7}\/\.{7}\/\.{7})", \{ k: 5, depth: 6 \}\);\n\/\/ \{ move: (\d+), proved: false, estimate: (-?\d+), depth: 6, nodes: (\d+), timedOut: false,/,
  );
  assert.ok(estimated, "docs/embedding.md quotes thinkNow()'s answer on the 7x7 board");
  await withGame("", async (page) => {
    const [found, now] = await page.evaluate(async (seven) => {
      const api = await import("./tictactoe.js");
      await api.default();
      return [await api.think("..../.X../..O./....", { k: 4, timeMs: 1000 }), api.thinkNow(seven, { k: 5, depth: 6 })];
    }, estimated[1]);
    assert.equal(found.proved, true);
    assert.deepEqual(
      [found.move, found.plies, found.depth, found.nodes, found.tableHits, found.cutoffs, found.firstMoveCutoffs, found.line],
      [move, plies, depth, nodes, tableHits, cutoffs, firstMoveCutoffs, line],
    );
    assert.deepEqual(
      [now.move, now.proved, now.estimate, now.depth, now.nodes, now.timedOut],
      [Number(estimated[2]), false, Number(estimated[3]), 6, Number(estimated[4]), false],
    );
  });
});

test("a <tic-tac-toe> on a blog of another origin plays a bigger board from its own worker", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${host.url}host.html?plain=1&game=${encodeURIComponent(site.url)}`);
    await page.waitForFunction(() => window.hostReady);
    const game = page.locator("#first");
    await game.locator("[data-cell]").first().waitFor();
    await page.evaluate(() => {
      const element = document.getElementById("first");
      element.setAttribute("board", "7x7");
      element.setAttribute("think", "200");
    });
    await game.locator('[data-cell="48"]').waitFor();
    await game.locator('[data-cell="24"]').click();
    await game.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 20_000 });
    const count = await markCount(game);
    assert.equal(count, 2);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("where a page allows no worker, the computer thinks briefly on the page itself and says why", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${host.url}no-worker.html?game=${encodeURIComponent(site.url)}`);
    const game = page.locator("#game");
    await game.locator('[data-cell="24"]').click();
    await game.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 20_000 });
    const count = await markCount(game);
    assert.equal(count, 2, "the computer answered");
    const trouble = await game.locator(".ttt-search .ttt-note").first().textContent();
    assert.match(trouble, /^The search could not run in the background: the worker did not start .*The computer thinks for a moment on the page itself/);
    // The JS API's think() says the same, as a rejected promise; thinkNow() still answers on the page.
    const answers = await page.evaluate(async (base) => {
      const { default: init, think, thinkNow } = await import(`${base}tictactoe.js`);
      await init();
      const thought = await think("..../.X../..O./....", { k: 4, timeMs: 50 }).then(
        () => "resolved",
        (error) => `${error instanceof Error} ${error.message}`,
      );
      return [thought, typeof thinkNow("..../.X../..O./....", { k: 4, timeMs: 50 }).move];
    }, site.url);
    assert.match(answers[0], /^true think: the worker did not start \(the page's Content-Security-Policy may forbid workers\)$/);
    assert.equal(answers[1], "number");
    // The move scores too come from a moment's search on the page, and no worker is started again: each one the
    // page refuses fails a moment later, and a game that started the next on each failure never stopped.
    const refusals = () => problems.filter((problem) => /worker-src|Refused to create a worker/i.test(problem)).length;
    const before = refusals();
    await page.evaluate(() => document.getElementById("game").setAttribute("scores", "1"));
    await game.locator("[data-cell][data-estimate], [data-cell][data-outcome]").first().waitFor();
    await page.waitForTimeout(1000);
    assert.equal(refusals(), before, problems.slice(-3).join("\n"));
    // The browser reports the refused worker itself; nothing else may go wrong.
    assert.deepEqual(problems.filter((problem) => !/worker-src|Refused to create a worker/i.test(problem)), []);
  } finally {
    await close();
  }
});

test("with eval=0 a depth-limited search counts every unfinished position as even, and says so", async () => {
  await withGame("?board=7x7&k=5&eval=0&stats=1&horizon=1&think=1000", async (page) => {
    assert.equal(await page.getByRole("checkbox", { name: "Evaluate positions at the horizon" }).isChecked(), false);
    await page.locator('[data-cell="24"]').click();
    await page.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 20_000 });
    const sentence = await page.locator(".ttt-search-sentence").textContent();
    assert.match(sentence, /; best guess: even\.$/);
    const horizon = await page.locator(".ttt-horizon li").allTextContents();
    assert.ok(horizon.length >= 2, horizon.join("\n"));
    // Every depth it finished says so; the one the clock stopped said nothing.
    for (const line of horizon) assert.match(line, /best guess: even$|: stopped by the clock after /);
    assert.match(horizon[0], /best guess: even$/);
  });
});
