// Browser benchmark of the release build in headless Chromium, served locally under /tictactoe/:
// - navigation to a clickable board (9 squares and a status line in the game's shadow root), over repeated loads,
//   in Chromium as launched and without the omnibox popup it loads for each new window (see below);
// - a click to the computer's mark painted, with delay=0;
// - the engine in the release wasm (bestMove from the JS API) against a textbook minimax in JavaScript (no
//   pruning, no memory: 549,946 positions from the empty board), on the empty board and over every position;
// - drawing the game tree's picture and list with 300 nodes or more (a click that opens a node, to the page laid
//   out again), an arrow key in that tree's list, and one step of the step panel with the tree open;
// - bigger boards: proving 4x4 with 4 in a row a draw in the release wasm (thinkNow, its first proof) against a plainly written
//   JavaScript alpha-beta with a transposition table over the same board, in the same page; positions per second
//   on 15x15 at the default time; and the longest main-thread task while a 15x15 game is played by clicks, with
//   no panel and with the panels that follow each move (the computer thinks in its worker).
// Timings are reported, never asserted: these machines are shared and noisy.
// Usage: node scripts/bench-browser.mjs [--loads 20] [--clicks 30]
import { fileURLToPath } from "node:url";
import { serve } from "../e2e/server.mjs";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS, launch, settled } from "../e2e/browser.mjs";
import { apiAnswers } from "../e2e/native.mjs";

const arg = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const LOADS = arg("--loads", 20);
const CLICKS = arg("--clicks", 30);

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1), n: sorted.length };
};
const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);

/** The times from navigation to a clickable board over LOADS loads, each in a new context (a new window). */
async function loadTimes(browser, url) {
  const ready = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      const check = () => {
        const root = document.getElementById("game")?.shadowRoot;
        if (root?.querySelectorAll("[data-cell]").length === 9 && root.querySelector(".ttt-status")?.textContent) {
          window.boardReadyAt = performance.now();
        } else {
          requestAnimationFrame(check);
        }
      };
      requestAnimationFrame(check);
    });
    await page.goto(url);
    await page.waitForFunction(() => window.boardReadyAt !== undefined);
    ready.push(await page.evaluate(() => window.boardReadyAt));
    await context.close();
  }
  return stats(ready);
}

// Chromium 156 draws its address bar's suggestion list as a WebUI page ("omnibox popup") in a renderer of its own,
// which it loads for new windows: in a trace of one load in two here, that renderer fetched some 290 chrome://
// resources and ran 150 to 250 ms of tasks while the game's page loaded, on a machine with two cores. It is
// Chromium's own window, not the page, so the loads are also timed with it switched off. Chromium keeps only the
// last --disable-features switch, so that launch repeats Playwright's own list (read from chrome://version).
async function launchWithoutOmniboxPopup() {
  const probe = await launch();
  const page = await probe.newPage();
  await page.goto("chrome://version");
  const commandLine = await page.locator("#command_line").textContent();
  await probe.close();
  const disabled = [...commandLine.matchAll(/--disable-features=(\S+)/g)].flatMap((match) => match[1].split(","));
  const features = [...disabled, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"].join(",");
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, `--disable-features=${features}`] });
}

const site = await serve(fileURLToPath(new URL("../dist", import.meta.url)));
const browser = await launch();
const results = {};
try {
  // Navigation to a clickable board, in Chromium as launched, then without its omnibox popup.
  results.ready = await loadTimes(browser, site.url);
  const quiet = await launchWithoutOmniboxPopup();
  try {
    results.readyQuiet = await loadTimes(quiet, site.url);
  } finally {
    await quiet.close();
  }

  // A click to the computer's mark painted.
  const page = await browser.newPage();
  await page.goto(`${site.url}?delay=0`);
  await page.locator("[data-cell]").first().waitFor();
  const replies = [];
  while (replies.length < CLICKS) {
    await settled(page);
    if (!(await page.locator(".ttt-status").textContent()).includes("Your turn")) {
      await page.getByRole("button", { name: "New game" }).click();
      continue;
    }
    const board = await page.locator("[data-cell]").allTextContents();
    const cell = board.indexOf("");
    replies.push(
      await page.evaluate(async (cell) => {
        const root = document.getElementById("game").shadowRoot;
        const before = root.querySelectorAll(".ttt-o").length;
        const start = performance.now();
        root.querySelector(`[data-cell="${cell}"]`).click();
        await new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            if (root.querySelectorAll(".ttt-o").length > before) {
              observer.disconnect();
              requestAnimationFrame(() => resolve());
            }
          });
          observer.observe(root, { subtree: true, attributes: true });
        });
        return performance.now() - start;
      }, cell),
    );
  }
  results.reply = stats(replies);

  // The engine in the release wasm against a textbook minimax in JavaScript, the baseline it is timed against (not
  // an oracle: tests/engine.rs holds the engine to the textbook), over every open position the native engine lists.
  const open = [...apiAnswers().values()].filter((entry) => !entry.over).map((entry) => entry.position);
  results.engine = await page.evaluate(async (open) => {
    const { default: init, bestMove } = await import("./tictactoe.js");
    await init();
    const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    const won = (b) => LINES.some(([a, c, d]) => b[a] !== "." && b[a] === b[c] && b[c] === b[d]);
    const mover = (b) => (b.filter((m) => m === "X").length > b.filter((m) => m === "O").length ? "O" : "X");
    let nodes = 0;
    // Textbook minimax as blog posts write it: every move, no pruning, no memory, +10 - depth scores.
    const minimax = (b, depth, maximizing, me) => {
      nodes++;
      if (won(b)) return maximizing ? depth - 10 : 10 - depth;
      if (!b.includes(".")) return 0;
      let best = maximizing ? -Infinity : Infinity;
      for (let i = 0; i < 9; i++) {
        if (b[i] !== ".") continue;
        b[i] = maximizing ? me : me === "X" ? "O" : "X";
        const score = minimax(b, depth + 1, !maximizing, me);
        b[i] = ".";
        best = maximizing ? Math.max(best, score) : Math.min(best, score);
      }
      return best;
    };
    const referenceMove = (text) => {
      const b = text.split("");
      const me = mover(b);
      nodes = 1;
      let best = -Infinity;
      let cell = -1;
      for (let i = 0; i < 9; i++) {
        if (b[i] !== ".") continue;
        b[i] = me;
        const score = minimax(b, 1, false, me);
        b[i] = ".";
        if (score > best) [best, cell] = [score, i];
      }
      return cell;
    };
    const time = (call, minimum = 50) => {
      let runs = 0;
      const start = performance.now();
      while (performance.now() - start < minimum) {
        call();
        runs++;
      }
      return (performance.now() - start) / runs;
    };
    const empty = ".........";
    const engineEmpty = time(() => bestMove(empty));
    const referenceEmpty = time(() => referenceMove(empty), 300);
    const referenceNodes = (referenceMove(empty), nodes);
    const perPosition = open.map((text) => [text, time(() => bestMove(text), 2)]);
    perPosition.sort((a, b) => a[1] - b[1]);
    const worst = perPosition.at(-1);
    return {
      engineEmpty,
      referenceEmpty,
      referenceNodes,
      positions: perPosition.length,
      medianPosition: perPosition[Math.floor(perPosition.length / 2)][1],
      worstPosition: worst[0],
      worst: worst[1],
      referenceWorst: time(() => referenceMove(worst[0]), 100),
    };
  }, open);

  // Drawing: a click that opens a node of a tree of 300 nodes or more, and one step, each to the page laid out.
  const panels = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await panels.goto(`${site.url}?mode=friend&tree=1&step=1`);
  await panels.locator("[data-cell]").first().waitFor();
  results.drawing = await panels.evaluate(() => {
    const root = document.getElementById("game").shadowRoot;
    const picture = root.querySelector(".ttt-picture");
    const timed = (act) => {
      const start = performance.now();
      act();
      // Reading a size makes the browser lay the page out now: the time includes style and layout.
      void picture.getBoundingClientRect().height;
      return performance.now() - start;
    };
    const nodes = () => picture.querySelectorAll(".ttt-pic-node").length;
    // Open every first move, then second moves in turn, until 300 nodes are drawn.
    const open = (path) => root.querySelector(`.ttt-picture [data-path="${path}"]`).click();
    for (let first = 0; first < 9; first += 1) open(String(first));
    for (let first = 0; first < 9 && nodes() < 300; first += 1) {
      for (let second = 0; second < 9 && nodes() < 300; second += 1) if (second !== first) open(`${first},${second}`);
    }
    const drawn = nodes();
    // Close and open the last node again: the whole tree drawn again at its size.
    const redraws = [];
    root.querySelector("[data-tree]").click();
    for (let i = 0; i < 10; i += 1) {
      const path = root.querySelector('.ttt-tree [aria-expanded="true"]').dataset.path;
      redraws.push(timed(() => root.querySelector(`.ttt-picture [data-path="${path}"]`).click()));
      redraws.push(timed(() => root.querySelector(`.ttt-picture [data-path="${path}"]`).click()));
    }
    // An arrow key in the tree's list: the tab stop moves, nothing is drawn again.
    const keys = [];
    root.querySelectorAll('.ttt-tree [role="treeitem"]')[5].focus();
    for (let i = 0; i < 50; i += 1) {
      const down = new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true, composed: true });
      keys.push(timed(() => root.activeElement.dispatchEvent(down)));
    }
    const step = root.querySelector('[data-step="forward"]');
    const steps = [];
    for (let i = 0; i < 200; i += 1) steps.push(timed(() => step.click()));
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const max = (values) => Math.max(...values);
    return {
      drawn,
      redraw: median(redraws),
      redrawMax: max(redraws),
      key: median(keys),
      keyMax: max(keys),
      step: median(steps),
      stepMax: max(steps),
    };
  });

  // Bigger boards: the proof of 4x4 k=4, the speed on 15x15, and the page's main thread while the computer thinks.
  results.boards = await page.evaluate(async () => {
    const { default: init, thinkNow } = await import("./tictactoe.js");
    await init();
    // A plainly written alpha-beta in negamax form with a transposition table (a Map keyed by the board's text,
    // with exact scores and bounds), cells tried centre first, an immediate win taken and a forced block played.
    const solve = (rows, cols, k) => {
      const n = rows * cols;
      const lines = [];
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
            const end = [r + dr * (k - 1), c + dc * (k - 1)];
            if (end[0] < 0 || end[0] >= rows || end[1] < 0 || end[1] >= cols) continue;
            lines.push(Array.from({ length: k }, (_, i) => (r + dr * i) * cols + c + dc * i));
          }
        }
      }
      const through = Array.from({ length: n }, (_, cell) => lines.filter((line) => line.includes(cell)));
      const centre = [(rows - 1) / 2, (cols - 1) / 2];
      const order = [...Array(n).keys()].sort(
        (a, b) =>
          Math.hypot(Math.floor(a / cols) - centre[0], (a % cols) - centre[1]) -
          Math.hypot(Math.floor(b / cols) - centre[0], (b % cols) - centre[1]),
      );
      const board = new Array(n).fill(".");
      const table = new Map();
      let nodes = 0;
      const wins = (cell, mark) => through[cell].some((line) => line.every((c) => c === cell || board[c] === mark));
      const negamax = (mark, empty, alpha, beta) => {
        nodes++;
        if (empty === 0) return 0;
        const key = board.join("");
        const known = table.get(key);
        if (known) {
          if (known.bound === 0) return known.score;
          if (known.bound > 0 && known.score >= beta) return known.score;
          if (known.bound < 0 && known.score <= alpha) return known.score;
        }
        const other = mark === "X" ? "O" : "X";
        let moves = order.filter((cell) => board[cell] === ".");
        const winning = moves.find((cell) => wins(cell, mark));
        if (winning !== undefined) return empty;
        const block = moves.find((cell) => wins(cell, other));
        if (block !== undefined) moves = [block];
        const original = alpha;
        let best = -Infinity;
        for (const cell of moves) {
          board[cell] = mark;
          const score = -negamax(other, empty - 1, -beta, -alpha);
          board[cell] = ".";
          if (score > best) best = score;
          if (best > alpha) alpha = best;
          if (alpha >= beta) break;
        }
        table.set(key, { score: best, bound: best <= original ? -1 : best >= beta ? 1 : 0 });
        return best;
      };
      const score = negamax("X", n, -Infinity, Infinity);
      return { score, nodes };
    };
    // Five proofs each, taking turns: the first of each runs on code the browser has just compiled (V8's quick
    // tier for wasm, its interpreter for JS) and the later ones on its optimized code. thinkNow keeps its table
    // between searches, as a game does between moves, so the engine's later proofs are answered from it: its first
    // is the one to compare.
    const proofs = [];
    const references = [];
    for (let run = 0; run < 5; run += 1) {
      proofs.push(thinkNow("..../..../..../....", { k: 4, timeMs: 60000 }));
      const begun = performance.now();
      const reference = solve(4, 4, 4);
      references.push({ ...reference, ms: performance.now() - begun });
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const proof = { ...proofs[0], first: proofs[0].timeMs, median: median(proofs.map((p) => p.timeMs)) };
    const reference = references[0];
    const referenceMs = { first: reference.ms, median: median(references.map((r) => r.ms)) };
    let start;
    // A 15x15 middle game: eight stones about the centre.
    const rows = Array.from({ length: 15 }, () => Array(15).fill("."));
    for (const [r, c, mark] of [[7, 7, "X"], [7, 8, "O"], [8, 8, "X"], [6, 6, "O"], [8, 7, "X"], [9, 7, "O"], [6, 8, "X"], [5, 9, "O"]]) {
      rows[r][c] = mark;
    }
    start = performance.now();
    const gomoku = thinkNow(rows.map((row) => row.join("")).join("/"), { k: 5 });
    const gomokuMs = performance.now() - start;
    return { proof, reference, referenceMs, gomoku, gomokuMs };
  });

  // The longest task on the page's main thread while a 15x15 game is played (the computer thinks in its worker):
  // moves by clicks, with no panel and with the panels that follow every move, each page new, its first move too.
  const thinkingTasks = [];
  for (const panels of ["", "&scores=1&stats=1&horizon=1&tree=1"]) {
    const gomokuPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await gomokuPage.goto(`${site.url}?board=15x15&k=5&delay=0${panels}`);
    await gomokuPage.locator("[data-cell]").first().waitFor();
    await gomokuPage.evaluate(() => {
      window.longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longest = Math.max(window.longest, entry.duration);
      }).observe({ type: "longtask" });
    });
    for (const cell of [112, 96, 128, 80, 144]) {
      await gomokuPage.evaluate(() => (window.longest = 0));
      await gomokuPage.locator(`[data-cell="${cell}"]:not(.ttt-x):not(.ttt-o)`).first().click().catch(() => {});
      await gomokuPage.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 30_000 });
      await gomokuPage.waitForTimeout(100);
      thinkingTasks.push(await gomokuPage.evaluate(() => window.longest));
    }
    await gomokuPage.close();
  }
  results.longestTask = Math.max(...thinkingTasks);
} finally {
  await browser.close();
  await site.close();
}

const { ready, readyQuiet, reply, engine, drawing, boards, longestTask } = results;
console.log("Browser benchmark: release build, headless Chromium, served locally under /tictactoe/");
console.log(`  navigation to a clickable board     median ${fmt(ready.median)}, max ${fmt(ready.max)} (${ready.n} loads)`);
console.log(
  `    without Chromium's omnibox popup  median ${fmt(readyQuiet.median)}, max ${fmt(readyQuiet.max)} ` +
    `(${readyQuiet.n} loads)`,
);
console.log(`  click to the computer's mark painted median ${fmt(reply.median)}, max ${fmt(reply.max)} (${reply.n} clicks, delay=0)`);
console.log(
  `  best move, empty board               engine (wasm) ${fmt(engine.engineEmpty)}; textbook minimax (JS, ` +
    `${engine.referenceNodes.toLocaleString("en")} nodes) ${fmt(engine.referenceEmpty)}; ` +
    `${Math.round(engine.referenceEmpty / engine.engineEmpty)}x faster`,
);
console.log(
  `  best move, all ${engine.positions} positions          median ${fmt(engine.medianPosition)}, ` +
    `worst ${fmt(engine.worst)} at ${engine.worstPosition} (textbook minimax there: ${fmt(engine.referenceWorst)})`,
);
console.log(
  `  game tree of ${drawing.drawn} nodes, drawn again   median ${fmt(drawing.redraw)}, max ${fmt(drawing.redrawMax)} ` +
    `(a click that opens or closes a node, to the page laid out)`,
);
console.log(`  an arrow key in that tree's list      median ${fmt(drawing.key)}, max ${fmt(drawing.keyMax)} (50 keys)`);
console.log(`  one step of the step panel           median ${fmt(drawing.step)}, max ${fmt(drawing.stepMax)} (the tree open, 200 steps)`);
console.log(
  `  4x4 k=4 proved a draw                engine (wasm) ${fmt(boards.proof.first)}, ` +
    `${boards.proof.nodes.toLocaleString("en")} positions (outcome: ${boards.proof.outcome}); again, from the table it ` +
    `keeps: median ${fmt(boards.proof.median)}`,
);
console.log(
  `    JS alpha-beta with a table         first ${fmt(boards.referenceMs.first)}, median of 5 ` +
    `${fmt(boards.referenceMs.median)}, ${boards.reference.nodes.toLocaleString("en")} positions (score ` +
    `${boards.reference.score}); wasm faster: ${(boards.referenceMs.first / boards.proof.first).toFixed(1)}x first`,
);
console.log(
  `  15x15, default time (1000 ms)        ${Math.round((boards.gomoku.nodes + boards.gomoku.threatNodes) / (boards.gomoku.timeMs / 1000)).toLocaleString("en")} ` +
    `positions per second, depth ${boards.gomoku.depth}, ${boards.gomoku.nodes.toLocaleString("en")} positions and ` +
    `${boards.gomoku.threatNodes.toLocaleString("en")} of the threat search in ${fmt(boards.gomokuMs)}`,
);
console.log(`  longest main-thread task while 15x15 is played, with and without panels: ${fmt(longestTask)} (0: none of 50 ms or more)`);
