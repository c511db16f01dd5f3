// End-to-end tests of learning by doing, in the release build: the alpha-beta exercise on a position and on an
// abstract tree (by keyboard, checked, shown, solved, shared), the pseudocode beside the step-through, and the JS
// API's check() of a reader's own bot; each against the library's answers (e2e/native.mjs: the exhaustive checks
// are native, tests/practice.rs, tests/trace.rs, tests/check.rs), with the page's long tasks watched and axe run with
// the new panels open.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { openSites, closeSites, withGame as openGame, watchedPage } from "./browser.mjs";
import { practiceAnswers } from "./native.mjs";

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let sites;

before(async () => {
  sites = await openSites();
});

after(async () => {
  await closeSites(sites);
});

/** Opens the game at `query` (see browser.mjs's withGame). */
const withGame = (query, body, options) => openGame(sites.browser, `${sites.site.url}${query}`, body, options);

/** Records, from the page's start, its long tasks (over 50 ms) in `window.longTasks` as `[start, duration]`, for
 * the log, and in `window.ticks` the times a timer of the page's own ran: work that gives the page its turn lets
 * it run between slices. (A task's length is not asserted: on a busy machine any task can be stretched past 50
 * ms; a task that never yields lets no timer run at all, wherever it runs.) */
const watchLongTasks = (page) =>
  page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }).observe({ type: "longtask", buffered: true });
    window.ticks = [];
    setInterval(() => window.ticks.push(performance.now()), 0);
  });

/** Alpha-beta's events on the trees the tests open, their children and an abstract tree's leaves, as the library
 * gives them: `tree:DEPTH,BRANCHING,SEED` or a 3x3 position. */
const EXPECTED = practiceAnswers("tree:2,3,1", "tree:3,2,7", "XO.X.O...");

/** What the trace says of each node: its value, its window at its visit, and the children it skips. */
function answers(events, childrenOf) {
  const nodes = new Map();
  for (const e of events) {
    const node = nodes.get(e.path) ?? {};
    if (e.event === "visit") Object.assign(node, { alpha: e.alpha, beta: e.beta });
    if (e.event === "return") node.value = e.value;
    nodes.set(e.path, node);
  }
  const pruned = [];
  for (const path of nodes.keys()) {
    for (const child of childrenOf(path)) if (!nodes.has(child)) pruned.push(child);
  }
  return { nodes, pruned };
}

/** A number as the reader may type it. */
const typed = (n) => (n === Infinity ? "inf" : n === -Infinity ? "-inf" : String(n));
/** A number as the panels write it: "+3", "0", "−3", "+∞". */
const written = (n) => (n === Infinity ? "+∞" : n === -Infinity ? "−∞" : n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/** The abstract tree on show: its leaves' values by path, read from the page. */
const leavesOnShow = (page) =>
  page.locator(".ttt-pnode").evaluateAll((nodes) =>
    Object.fromEntries(
      nodes.flatMap((node) => {
        const given = node.querySelector(":scope > .ttt-pnode-row > .ttt-pnode-given");
        return given ? [[node.dataset.node, Number(given.textContent.replace("value ", "").replace("−", "-"))]] : [];
      }),
    ),
  );

const node = (page, path) => page.locator(`.ttt-pnode[data-node="${path}"]`);
const field = (page, path, name = "value") => node(page, path).locator(`:scope > .ttt-pnode-row input[data-field="${name}"]`);
const prunedBox = (page, path) => node(page, path).locator(":scope > .ttt-pnode-row input[data-pruned]");
const score = (page) => page.locator(".ttt-practice-score");

/** Types `text` into the focused field and leaves it with Tab, as a keyboard does: the field's change is taken. */
async function typeAndTab(page, locator, text) {
  await locator.focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text);
  await page.keyboard.press("Tab");
}

test("practice by keyboard: values typed, branches marked, Check gives each node its verdict and the score", async () => {
  await withGame("?practice=tree&depth=2&branching=3&seed=1", async (page) => {
    const { events, children, leaves } = EXPECTED.get("tree:2,3,1");
    // The seed's tree on every machine (src/search_tree.rs fixes these leaves).
    assert.deepEqual(await leavesOnShow(page), leaves);
    assert.deepEqual(Object.values(leaves), [1, 5, 9, -1, -1, 5, 7, 0, -4]);
    const { nodes, pruned } = answers(events, children);
    assert.deepEqual(pruned, ["1.1", "1.2", "2.2"]);
    // Every field answered as the trace says but node 2's, and node 2's cut left unmarked.
    for (const path of ["", "0", "1"]) await typeAndTab(page, field(page, path), typed(nodes.get(path).value));
    await typeAndTab(page, field(page, "2"), "5");
    for (const path of ["1.1", "1.2"]) {
      await prunedBox(page, path).focus();
      await page.keyboard.press(" ");
    }
    assert.equal(await prunedBox(page, "1.2").isChecked(), true);
    // A typo is said by its field, at once, and Check does not judge it.
    await typeAndTab(page, field(page, "0"), "3x");
    assert.equal(await field(page, "0").getAttribute("aria-invalid"), "true");
    const typo = page.locator(`#${await field(page, "0").getAttribute("aria-describedby")}`);
    assert.equal(await typo.getAttribute("role"), "alert");
    assert.match(await typo.textContent(), /^"3x" is not a number: type a whole number such as \+3, −2 or 0/);
    assert.equal(await field(page, "0").inputValue(), "3x", "the typo stays, to be mended");
    await typeAndTab(page, field(page, "0"), written(nodes.get("0").value));
    assert.equal(await field(page, "0").getAttribute("aria-invalid"), null);
    assert.equal(await typo.textContent(), "");
    // Check, by keyboard.
    await page.getByRole("button", { name: "Check" }).focus();
    await page.keyboard.press("Enter");
    const verdicts = await page.locator(".ttt-pnode[data-verdict]").evaluateAll((items) => Object.fromEntries(items.map((i) => [i.dataset.node, i.dataset.verdict])));
    assert.deepEqual(verdicts, { "": "right", 0: "right", 1: "right", 2: "wrong" });
    assert.equal(await score(page).getAttribute("role"), "status");
    assert.equal(await score(page).textContent(), "3 of 4 right.");
    // Node 2's two mistakes, under it: its value and its cut, each in numbers.
    const notes = await node(page, "2").locator(":scope > .ttt-pnode-row .ttt-pnode-notes p").allTextContents();
    assert.deepEqual(notes, [
      "MIN-VALUE returns v = 0 here as soon as child 2.1 returns 0: v = 0 ≤ α = +1, so the other children here are skipped — you wrote v = +5.",
      "At this node α = +1 when child 2.1 returns 0: v = 0 ≤ α = +1, so the other children here are skipped — you marked it as searched.",
    ]);
    assert.equal(await node(page, "2.2").locator(".ttt-branch-verdict").getAttribute("data-branch-verdict"), "wrong");
    assert.equal(await node(page, "1.1").locator(".ttt-branch-verdict").getAttribute("data-branch-verdict"), "right");
    // Mended and checked again: all right.
    await typeAndTab(page, field(page, "2"), "0");
    assert.equal(await node(page, "2").getAttribute("data-verdict"), null, "a changed answer's verdict goes");
    assert.match(await score(page).textContent(), /at the last check; answers have changed since\.$/);
    await prunedBox(page, "2.2").focus();
    await page.keyboard.press(" ");
    await page.getByRole("button", { name: "Check" }).press("Enter");
    assert.equal(await score(page).textContent(), "4 of 4 right.");
    // A mark covers the branch: its fields are out of the search.
    assert.equal(await node(page, "2.2").evaluate((item) => item.classList.contains("ttt-covered")), false);
  });
});

test("practice on the board: data-position, the harder mode, and the exercise follows the game and comes back", async () => {
  const root = "XO.X.O...";
  await withGame(`?practice=1&mode=friend&position=${root}`, async (page) => {
    const { events, children } = EXPECTED.get(root);
    const { nodes, pruned } = answers(events, children);
    assert.equal(await node(page, "").getAttribute("data-position"), root);
    assert.equal(await node(page, "2").getAttribute("data-position"), "XOXX.O...");
    // A position reached by two lines is two nodes: the node's path is its name.
    const positions = await page.locator(".ttt-pnode").evaluateAll((items) => items.map((i) => i.dataset.position));
    assert.ok(new Set(positions).size < positions.length, "some position is reached twice");
    // The harder mode asks α and β at each node with children.
    await page.getByRole("checkbox", { name: "Also ask for α and β" }).check();
    assert.equal(await field(page, "", "alpha").count(), 1);
    assert.equal(await field(page, "2.4.6", "alpha").count(), 0, "a finished game has no children");
    // Everything as the trace says.
    for (const [path, answer] of nodes) {
      if (await field(page, path).count()) await field(page, path).fill(typed(answer.value));
      for (const name of ["alpha", "beta"]) {
        if (await field(page, path, name).count()) await field(page, path, name).fill(typed(answer[name]));
      }
    }
    for (const path of pruned) await prunedBox(page, path).check();
    await page.getByRole("button", { name: "Check" }).click();
    const asked = await page.locator(".ttt-pnode[data-verdict]").count();
    assert.ok(asked > 5);
    assert.equal(await page.locator('.ttt-pnode[data-verdict="wrong"]').count(), 0);
    assert.equal(await score(page).textContent(), `${asked} of ${asked} right.`);
    // A move: the exercise of the new position. Undone: the answers are back.
    await page.locator('[data-cell="2"]').click();
    assert.equal(await node(page, "").getAttribute("data-position"), "XOXX.O...");
    await page.getByRole("button", { name: "Undo" }).click();
    assert.equal(await node(page, "").getAttribute("data-position"), root);
    assert.equal(await field(page, "").inputValue(), written(nodes.get("").value));
    // Too early: the panel says why, and offers the abstract tree.
    await page.goto(`${sites.site.url}?practice=1&mode=friend`);
    const why = page.locator(".ttt-practice > p.ttt-note:not([hidden])").last();
    assert.match(await why.textContent(), /at most 5 squares are empty.*this position has 9 empty squares and a game tree of 549,946 positions/);
    await page.getByRole("button", { name: "Practise on an abstract tree" }).click();
    assert.equal(await page.getByRole("radio", { name: "An abstract tree" }).isChecked(), true);
    assert.ok((await page.locator(".ttt-pnode").count()) > 0);
  });
});

test("Show this node and Solution: filled in from the trace, and the step-through opens on the abstract tree", async () => {
  await withGame("?practice=tree&depth=3&branching=2&seed=7", async (page) => {
    const { events, children, leaves } = EXPECTED.get("tree:3,2,7");
    assert.deepEqual(await leavesOnShow(page), leaves);
    const { nodes, pruned } = answers(events, children);
    // Show node 1, by keyboard: its value, the marks on its children, and why.
    await node(page, "1").locator(':scope > .ttt-pnode-row [data-show="1"]').press("Enter");
    assert.equal(await field(page, "1").inputValue(), written(nodes.get("1").value));
    for (const child of children("1")) assert.equal(await prunedBox(page, child).isChecked(), pruned.includes(child), child);
    assert.match(await node(page, "1").locator(":scope > .ttt-pnode-row .ttt-pnode-notes").textContent(), /^MIN-VALUE returns v = /);
    // The solution fills everything in and opens the step-through on the same tree.
    await page.getByRole("button", { name: "Solution" }).click();
    for (const [path, answer] of nodes) {
      if (await field(page, path).count()) assert.equal(await field(page, path).inputValue(), written(answer.value), path);
    }
    const checked = await page.locator("input[data-pruned]:checked").evaluateAll((boxes) => boxes.map((b) => b.dataset.node));
    assert.deepEqual(checked.sort(), [...pruned].sort());
    assert.match(await score(page).textContent(), /^The solution is filled in/);
    assert.equal(await page.getByRole("checkbox", { name: "Step through the search" }).isChecked(), true);
    const now = page.locator("[data-step-event]");
    assert.equal(await now.getAttribute("data-step-node"), "");
    assert.equal(await now.getAttribute("data-step-position"), null, "no board: a node label");
    assert.equal(await page.locator(".ttt-step-node").textContent(), "the root, a MAX node");
    assert.equal(await page.locator(".ttt-step-sentence").textContent(), "Visit the root: a MAX node, with α = −∞ and β = +∞.");
    // Every step is the textbook's event, on to the first cut, whose test is in numbers.
    const firstCut = events.findIndex((e) => e.event === "cut");
    for (let i = 1; i <= firstCut; i += 1) {
      await page.locator('[data-step="forward"]').click();
      const seen = await now.evaluate((n) => [n.dataset.stepEvent, n.dataset.stepNode]);
      assert.deepEqual(seen, [events[i].event, events[i].path], `event ${i}`);
    }
    const cut = events[firstCut];
    const max = cut.path.split(".").filter(Boolean).length % 2 === 0;
    const test = max ? `v = ${written(cut.value)} ≥ β = ${written(cut.beta)}` : `v = ${written(cut.value)} ≤ α = ${written(cut.alpha)}`;
    await page.locator("[data-pseudo-condition]").waitFor();
    assert.equal(await page.locator("[data-pseudo-condition]").textContent(), `${test}: the other children here are skipped.`);
    // Back to the game's position.
    await page.getByRole("button", { name: "Back to the game's position" }).click();
    assert.equal(await now.getAttribute("data-step-position"), ".........");
  });
});

test("the abstract tree of a link, and Share's link, open the same exercise; New tree draws another", async () => {
  const query = "?practice=tree&depth=3&branching=2&seed=7";
  let leaves;
  let link;
  await withGame(query, async (page) => {
    leaves = await leavesOnShow(page);
    assert.equal(Object.keys(leaves).length, 8);
    assert.equal(await page.getByRole("combobox", { name: "Depth" }).inputValue(), "3");
    assert.equal(await page.getByRole("textbox", { name: "Seed" }).inputValue(), "7");
    await page.getByRole("button", { name: "Share" }).click();
    link = await page.locator(".ttt-share input").inputValue();
    assert.match(link, /[?&]practice=tree&depth=3&branching=2&seed=7$/);
    // Another tree of the same shape, from a seed of its own, shared as well.
    await page.getByRole("button", { name: "New tree" }).click();
    const seed = await page.getByRole("textbox", { name: "Seed" }).inputValue();
    assert.notEqual(seed, "7");
    assert.match(await page.locator(".ttt-share input").inputValue(), new RegExp(`seed=${seed}$`));
    // A seed that is not one is said by its field, and the tree stays.
    await typeAndTab(page, page.getByRole("textbox", { name: "Seed" }), "seven");
    assert.match(await page.locator(".ttt-pshape [role=alert]").textContent(), /^"seven" is not understood: it must be a whole number/);
    // Another depth: another tree.
    await page.getByRole("combobox", { name: "Depth" }).selectOption("2");
    assert.equal(await page.locator(".ttt-pnode").count(), 7);
  });
  await withGame(link.slice(link.indexOf("?")), async (page) => {
    assert.deepEqual(await leavesOnShow(page), leaves);
  });
  // A custom element's attributes, too.
  const { page, problems, close } = await watchedPage(sites.browser);
  try {
    await page.goto(`${sites.site.url}embed.html`);
    await page.locator("tic-tac-toe [data-cell]").first().waitFor();
    await page.evaluate(() => {
      const game = document.querySelector("tic-tac-toe");
      for (const [name, value] of [["practice", "tree"], ["depth", "3"], ["branching", "2"], ["seed", "7"]]) game.setAttribute(name, value);
    });
    await page.locator("tic-tac-toe .ttt-pnode").first().waitFor();
    assert.deepEqual(await leavesOnShow(page.locator("tic-tac-toe")), leaves);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

/** The line the pseudocode runs at each kind of event (see src/pseudocode.rs): the function's first line at a
 * visit, the terminal test at a leaf's return, the test of v at a cut and at a return at the bound, else the last. */
function lineOf(event, leaf) {
  const max = event.path.split(".").filter(Boolean).length % 2 === 0;
  const base = max ? 4 : 12;
  if (event.event === "visit") return base;
  if (event.event === "cut") return base + 5;
  if (leaf) return base + 1;
  const reached = max ? event.value >= event.beta : event.value <= event.alpha;
  return reached ? base + 5 : base + 7;
}

test("the pseudocode: one element a line, the line of each event marked as the reader steps, values beside it", async () => {
  const root = "XO.X.O...";
  const { events } = EXPECTED.get(root);
  await withGame(`?step=1&mode=friend&position=${root}`, async (page) => {
    const numbers = await page.locator("[data-pseudo-line]").evaluateAll((items) => items.map((i) => Number(i.dataset.pseudoLine)));
    assert.deepEqual(numbers, [...Array(19).keys()].map((i) => i + 1));
    const current = () => page.locator('[data-pseudo-line][aria-current="step"]');
    await current().waitFor();
    const leaves = new Set(events.filter((e, i) => e.event === "return" && events[i - 1]?.event === "visit" && events[i - 1].path === e.path).map((e) => e.path));
    for (const [i, event] of events.entries()) {
      if (i > 0) await page.locator('[data-step="forward"]').click();
      const marked = await current().evaluateAll((items) => items.map((item) => [Number(item.dataset.pseudoLine), item.querySelector(".ttt-pseudo-values").textContent]));
      // At the last event, the search's own return (line 3) is the line run; before, the event's own line.
      const expected = i + 1 === events.length ? 3 : lineOf(event, leaves.has(event.path));
      assert.equal(marked.length, 1, `event ${i}`);
      assert.equal(marked[0][0], expected, `event ${i}: ${JSON.stringify(event)}`);
      if (i + 1 < events.length) assert.match(marked[0][1], new RegExp(`α = ${written(event.alpha).replace("+", "\\+")}, β = ${written(event.beta).replace("+", "\\+")}`), `event ${i}`);
      if (event.event === "cut") {
        const max = event.path.split(".").filter(Boolean).length % 2 === 0;
        const test = max ? `v = ${written(event.value)} ≥ β = ${written(event.beta)}` : `v = ${written(event.value)} ≤ α = ${written(event.alpha)}`;
        assert.equal(await page.locator("[data-pseudo-condition]").textContent(), `${test}: the other ${max ? "moves" : "replies"} here are skipped.`);
      } else {
        assert.equal(await page.locator("[data-pseudo-condition]").isHidden(), true, `event ${i}`);
      }
      // A node that returns rings the child whose value it returns: the first child that returned it.
      if (event.event === "return" && !leaves.has(event.path)) {
        const prefix = event.path === "" ? "" : `${event.path}.`;
        const chosen = events.find((e) => e.event === "return" && e.path.startsWith(prefix) && e.path.split(".").length === (event.path === "" ? 1 : event.path.split(".").length + 1) && e.path !== event.path && e.value === event.value);
        assert.equal(await page.locator("[data-step-event]").getAttribute("data-step-chosen"), chosen.path.split(".").pop(), `event ${i}`);
      }
    }
    assert.match(await page.locator(".ttt-pseudo-sentence").textContent(), /^Line 3: the search returns the action with value /);
  });
});

test("nothing runs by itself on load, and the empty board's 167,916 lines are worked out a slice at a time", async () => {
  const { page, problems, close } = await watchedPage(sites.browser);
  try {
    await watchLongTasks(page);
    await page.goto(`${sites.site.url}?step=1`);
    await page.locator("[data-cell]").first().waitFor();
    const loaded = await page.evaluate(() => performance.now());
    await page.locator('[data-pseudo-line="4"][aria-current="step"]').waitFor();
    // Finish the root at once: its lines are there once every line is worked out.
    await page.locator('[data-step="finish"]').click();
    await page.locator('[data-pseudo-line="3"][aria-current="step"]').waitFor({ timeout: 30_000 });
    const done = await page.evaluate(() => performance.now());
    await page.locator('[data-step="restart"]').click();
    await page.waitForTimeout(1500);
    assert.match(await page.locator(".ttt-step-panel").textContent(), /Step 1 of 46,588\./);
    assert.equal(await page.locator('[data-step="run"]').textContent(), "Run");
    const { tasks, ticks } = await page.evaluate(() => ({ tasks: window.longTasks, ticks: window.ticks }));
    const ticksWhile = ticks.filter((tick) => tick > loaded && tick < done).length;
    console.log(`pseudocode of the empty board worked out in ${Math.round(done - loaded)} ms after the load, the page's timer ran ${ticksWhile} times meanwhile; long tasks: ${JSON.stringify(tasks)}`);
    assert.ok(ticksWhile >= 3, `the page's timer ran ${ticksWhile} times while the lines were worked out`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});


test("check(): a perfect bot never loses; a lowest-cell bot's shortest losing line; an async bot; the page stays responsive", async () => {
  const { page, problems, close } = await watchedPage(sites.browser);
  try {
    await watchLongTasks(page);
    await page.goto(`${sites.site.url}?delay=0`);
    await page.locator("[data-cell]").first().waitFor();
    await page.waitForTimeout(500);
    const result = await page.evaluate(async () => {
      const api = await import("./tictactoe.js");
      let ticks = 0;
      const ticking = setInterval(() => (ticks += 1), 0);
      const start = performance.now();
      const perfect = await api.check((position) => api.analyze(position).bestMoves[0]);
      const perfectO = await api.check((position) => api.analyze(position).bestMoves[0], { side: "O" });
      const end = performance.now();
      clearInterval(ticking);
      const lowest = (position) => position.indexOf(".");
      const lowestX = await api.check(lowest);
      const lowestO = await api.check(lowest, { side: "O" });
      // An async bot, and one whose answers take a timer: the same reports.
      const asyncX = await api.check(async (position) => lowest(position));
      const laterO = await api.check((position) => new Promise((resolve) => setTimeout(() => resolve(lowest(position)), 0)), { side: "O" });
      return { perfect, perfectO, lowestX, lowestO, asyncX, laterO, ticks, start, end, longTasks: window.longTasks };
    });
    for (const report of [result.perfect, result.perfectO]) {
      assert.deepEqual(
        { ...report, positions: 0, sentences: [] },
        { neverLoses: true, losingLine: null, missedWins: 0, slowWins: 0, lostDraws: 0, positions: 0, examples: { missedWins: [], slowWins: [], lostDraws: [] }, sentences: [] },
      );
      assert.ok(report.positions > 50);
      assert.match(report.sentences[0], /^It never loses: checked against every reply at every turn, \d+ positions asked\.$/);
    }
    assert.equal(result.lowestX.neverLoses, false);
    // The shortest lost games, as tests/check.rs finds them by a walk of every line.
    assert.deepEqual(result.lowestX.losingLine, [0, 1, 2, 4, 3, 7]);
    assert.deepEqual(result.lowestO.losingLine, [0, 1, 3, 2, 6]);
    assert.ok(result.lowestX.missedWins > 0);
    const example = result.lowestX.examples.missedWins[0];
    assert.deepEqual(Object.keys(example), ["position", "move", "best"]);
    assert.equal(example.move, example.position.indexOf("."));
    assert.deepEqual(result.asyncX, result.lowestX);
    assert.deepEqual(result.laterO, result.lowestO);
    // Responsive: the page's own timers ran all along.
    const during = result.longTasks.filter(([start]) => start >= result.start && start <= result.end);
    console.log(`check of a perfect bot as X and O: ${Math.round(result.end - result.start)} ms, ${result.ticks} of the page's timers ran meanwhile; long tasks: ${JSON.stringify(during)}`);
    // At least one of them every 50 ms of the check, however fast or busy the machine (the check gives the page
    // its turn every 8 ms of its own work, so a busy machine's slower check gives it more turns).
    assert.ok(result.ticks >= Math.max(1, Math.floor((result.end - result.start) / 50)), `${result.ticks} ticks`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("check(): a bot that throws, answers badly or inconsistently rejects with the position; bad arguments throw", async () => {
  await withGame("?delay=0", async (page) => {
    const errors = await page.evaluate(async () => {
      const api = await import("./tictactoe.js");
      const lowest = (position) => position.indexOf(".");
      const rejection = async (bot, options) => {
        try {
          await api.check(bot, options);
          return "resolved";
        } catch (error) {
          return `${error instanceof Error}: ${error.message}`;
        }
      };
      const thrown = (call) => {
        try {
          call();
          return "no error";
        } catch (error) {
          return `${error instanceof Error}: ${error.message}`;
        }
      };
      const seen = new Set();
      return {
        throws: await rejection((position) => {
          if (position === "XO.......") throw new Error("no idea here");
          return lowest(position);
        }),
        rejects: await rejection(async () => Promise.reject(new Error("offline"))),
        string: await rejection(() => "4"),
        taken: await rejection(() => 0, { side: "O" }),
        outside: await rejection(() => 9),
        inconsistent: await rejection((position) => {
          if (seen.has(position)) return position.lastIndexOf(".");
          seen.add(position);
          return lowest(position);
        }),
        randomAskedOnce: await rejection((position) => position.indexOf("."), { askTwice: false }),
        notAFunction: thrown(() => api.check(42)),
        badSide: thrown(() => api.check(lowest, { side: "Z" })),
        unknown: thrown(() => api.check(lowest, { speed: 1 })),
        notOptions: thrown(() => api.check(lowest, [1])),
      };
    });
    assert.equal(errors.throws, "true: check: At XO....... (X to move), the bot threw an error: no idea here");
    assert.equal(errors.rejects, "true: check: At ......... (X to move), the bot threw an error: offline");
    assert.equal(errors.string, 'true: check: At ......... (X to move), the bot answered the string "4", which is not a number: a bot answers with a cell from 0 to 8.');
    assert.equal(errors.taken, "true: check: At X........ (O to move), the bot answered 0, but row 1, column 1 is taken by X.");
    assert.equal(errors.outside, "true: check: At ......... (X to move), the bot answered 9, but cells are 0 to 8.");
    assert.equal(errors.inconsistent, "true: check: At ......... (X to move), the bot answered 0, then 8: a bot must answer the same position the same way.");
    assert.equal(errors.randomAskedOnce, "resolved");
    assert.match(errors.notAFunction, /^true: check: the bot must be a function that takes a position/);
    assert.equal(errors.badSide, 'true: check: option side must be "X" or "O", the side the bot plays');
    assert.equal(errors.unknown, 'true: check: unknown option "speed": the options are side and askTwice');
    assert.match(errors.notOptions, /^true: check: options must be an object such as \{ side: "O" \}/);
  });
});

test("check(): the plain minimax of docs/embedding.md never loses, and wins slowly where a faster win was there", async () => {
  const docs = await readFile(new URL("../docs/embedding.md", import.meta.url), "utf8");
  // The example's bot, as the docs give it to paste: from its LINES to the end of myBot.
  const source = docs.slice(docs.indexOf("  const LINES = "), docs.indexOf("  const report = await check"));
  // The page's policy allows no eval: this test alone lifts it, to run the text of the docs as a post would.
  await withGame(
    "?delay=0",
    async (page) => {
      const report = await page.evaluate(async (source) => {
        const api = await import("./tictactoe.js");
        const myBot = new Function(`${source}; return myBot;`)();
        return api.check(myBot, { side: "X" });
      }, source);
      console.log("the docs' bot:", JSON.stringify({ ...report, examples: undefined }));
      assert.equal(report.neverLoses, true);
      assert.equal(report.missedWins, 0);
      assert.ok(report.slowWins > 0, "it does not count moves");
      assert.equal(report.sentences[1], `In ${report.slowWins} positions, it kept a forced win, but a faster one was there.`);
      assert.ok(docs.includes(`missedWins: 0, slowWins: ${report.slowWins}, lostDraws: 0, positions: ${report.positions}`), "the docs say what it gives");
    },
    { bypassCSP: true },
  );
});

/** axe-core's WCAG 2 A and AA violations on `page`, as readable lines. */
async function axeViolations(page) {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  });
}

test("axe finds no violation with the practice panel checked and the step-through's pseudocode open, in both themes", async () => {
  for (const scheme of ["light", "dark"]) {
    await withGame(
      "?practice=tree&depth=2&branching=3&seed=1&step=1",
      async (page) => {
        await typeAndTab(page, field(page, ""), "2");
        await typeAndTab(page, field(page, "0"), "oops");
        await prunedBox(page, "1.1").check();
        await page.getByRole("checkbox", { name: "Also ask for α and β" }).check();
        await page.getByRole("button", { name: "Check" }).click();
        await page.locator('[data-pseudo-line][aria-current="step"]').waitFor();
        for (let i = 0; i < 8; i += 1) await page.locator('[data-step="forward"]').click();
        assert.deepEqual(await axeViolations(page), [], `${scheme}: practice checked, steps on the board`);
        await page.getByRole("button", { name: "Solution" }).click();
        for (let i = 0; i < 5; i += 1) await page.locator('[data-step="forward"]').click();
        assert.deepEqual(await axeViolations(page), [], `${scheme}: solution, steps on the tree`);
        await page.goto(`${sites.site.url}?practice=1&mode=friend`);
        await page.locator(".ttt-practice").waitFor();
        assert.deepEqual(await axeViolations(page), [], `${scheme}: too early on the board`);
      },
      { colorScheme: scheme },
    );
  }
});

test("on a 320 px phone the practice and the pseudocode fit, every target at least 44 px", async () => {
  await withGame(
    "?practice=1&mode=friend&position=XO.X.O...&step=1",
    async (page) => {
      await page.getByRole("checkbox", { name: "Also ask for α and β" }).check();
      await page.locator('[data-pseudo-line][aria-current="step"]').waitFor();
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 320), "no sideways scrolling");
      const small = await page.locator(".ttt-practice, .ttt-step-panel").evaluateAll((panels) =>
        panels.flatMap((panel) =>
          [...panel.querySelectorAll("button, select, input[type=text], label.ttt-option")]
            .filter((el) => el.offsetParent !== null)
            .map((el) => ({ name: el.textContent || el.dataset.field, box: el.getBoundingClientRect() }))
            .filter(({ box }) => box.width < 44 || box.height < 44)
            .map(({ name, box }) => `${name}: ${Math.round(box.width)}x${Math.round(box.height)}`),
        ),
      );
      assert.deepEqual(small, []);
    },
    { viewport: { width: 320, height: 800 }, hasTouch: true, isMobile: true },
  );
});
