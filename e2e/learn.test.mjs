// End-to-end tests of learning by doing, in the release build: the alpha-beta exercise on a position, on a drawn
// tree and on a teacher's tree (by keyboard and on a phone, checked, shown, solved, shared), the pseudocode beside the step-through, and the JS
// API's check() of a reader's own bot; each against the library's answers (e2e/native.mjs: the exhaustive checks
// are native, tests/practice.rs, tests/trace.rs, tests/check.rs), with the page's long tasks watched and axe run with
// the new panels open.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { browser, site, useSites, watchedPage, withGame } from "./browser.mjs";
import { practiceAnswers } from "./native.mjs";

useSites();

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

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

/** Alpha-beta's events on the trees the tests open, their children and the values given at their leaves, as the
 * library gives them: `tree:DEPTH,BRANCHING,SEED`, `leaves:` and a tree written out, `lesson:` and a 3x3 position
 * (the exercise the panel opens there, cut at a depth), or a 3x3 position's whole tree (the step-through's). */
const RUSSELL_NORVIG = "((3,12,8),(2,4,6),(14,5,2))";
const EXPECTED = practiceAnswers("tree:2,3,1", "tree:3,2,7", `leaves:${RUSSELL_NORVIG}`, "lesson:XO.X.O...", "XO.X.O...");

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
/** A number as the panels write it, read back. */
const read = (text) => (text === "+∞" ? Infinity : text === "−∞" ? -Infinity : Number(text.replace("−", "-")));

/** The tree on show: the values given at its leaves, by path, read from the page. */
const leavesOnShow = (page) =>
  page
    .locator(".ttt-pnode")
    .evaluateAll((nodes) =>
      nodes.flatMap((node) => {
        const given = node.querySelector(":scope > .ttt-phead > .ttt-pcard > .ttt-pic-value");
        return given ? [[node.dataset.node, given.textContent]] : [];
      }),
    )
    .then((pairs) => Object.fromEntries(pairs.map(([path, text]) => [path, read(text)])));

const node = (page, path) => page.locator(`.ttt-pnode[data-node="${path}"]`);
const field = (page, path, name = "value") => node(page, path).locator(`:scope > .ttt-phead input[data-field="${name}"]`);
const prunedBox = (page, path) => node(page, path).locator(":scope > .ttt-phead input[data-pruned]");
const score = (page) => page.locator(".ttt-practice-score");
const levelsLine = (page) => page.locator(".ttt-plevels p");
/** The paths of the nodes that have `data-verdict`, with it. */
const verdicts = (page) =>
  page.locator(".ttt-pnode[data-verdict]").evaluateAll((items) => Object.fromEntries(items.map((i) => [i.dataset.node, i.dataset.verdict])));

/** Types `text` into the focused field and leaves it with Tab, as a keyboard does: the field's change is taken. */
async function typeAndTab(page, locator, text) {
  await locator.focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text);
  await page.keyboard.press("Tab");
}

test("practice by keyboard: each field named by its node, values typed, branches marked, Check's verdicts and score", async () => {
  await withGame("?practice=tree&depth=2&branching=3&seed=1", async (page) => {
    const { events, children, leaves } = EXPECTED.get("tree:2,3,1");
    // The seed's tree on every machine (src/panels/search_tree.rs fixes these leaves), drawn with its values at the leaves.
    assert.deepEqual(await leavesOnShow(page), leaves);
    assert.deepEqual(Object.values(leaves), [1, 5, 9, -1, -1, 5, 7, 0, -4]);
    // A leaf asks nothing: its value is given, with no field and no Show.
    assert.equal(await node(page, "0.0").locator("input[data-field], [data-show]").count(), 0);
    assert.equal(await node(page, "1").getAttribute("data-max"), "false");
    // A screen reader hears each field by its node.
    assert.equal(await page.getByRole("textbox", { name: "node 2, a MIN node: value" }).getAttribute("data-node"), "2");
    assert.equal(await page.getByRole("checkbox", { name: "Pruned: the branch to node 1.2, a MAX node" }).getAttribute("data-node"), "1.2");
    assert.equal(await score(page).textContent(), "Nothing checked yet; 4 to go.");
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
    // A typo is said in the bar, away from the tree, and describes its field; Check does not judge it.
    await typeAndTab(page, field(page, "0"), "3x");
    assert.equal(await field(page, "0").getAttribute("aria-invalid"), "true");
    const typo = page.locator(`#${await field(page, "0").getAttribute("aria-describedby")}`);
    assert.equal(await typo.getAttribute("role"), "alert");
    assert.ok(await typo.evaluate((line) => line.closest(".ttt-pbar") !== null), "in the bar");
    assert.match(await typo.textContent(), /^node 0, a MIN node: "3x" is not a number: type a whole number such as \+3, −2 or 0/);
    assert.equal(await field(page, "0").inputValue(), "3x", "the typo stays, to be mended");
    await typeAndTab(page, field(page, "0"), written(nodes.get("0").value));
    assert.equal(await field(page, "0").getAttribute("aria-invalid"), null);
    assert.equal(await typo.textContent(), "");
    // Check, by keyboard: blanks are left to go, not wrong.
    await page.getByRole("button", { name: "Check" }).focus();
    await page.keyboard.press("Enter");
    assert.deepEqual(await verdicts(page), { "": "right", 0: "right", 1: "right", 2: "wrong" });
    assert.equal(await score(page).getAttribute("role"), "status");
    assert.equal(await score(page).textContent(), "4 answered: 3 right, 1 wrong; 0 to go.");
    // Node 2's two mistakes, under the tree: its value and its cut, each in numbers.
    assert.deepEqual(await page.locator(".ttt-pnotes li").allTextContents(), [
      "node 2, a MIN node: MIN-VALUE returns v = 0 here as soon as child 2.1 returns 0: v = 0 ≤ α = +1, so the other children here are skipped — you wrote v = +5.",
      "node 2, a MIN node: At this node α = +1 when child 2.1 returns 0: v = 0 ≤ α = +1, so the other children here are skipped — you marked it as searched.",
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
    assert.equal(await score(page).textContent(), "4 answered: 4 right, 0 wrong; 0 to go.");
  });
});

test("a click on a branch's mark just after a value that is not one counts the first time, and nothing moves", async () => {
  await withGame("?practice=tree&depth=2&branching=3&seed=1", async (page) => {
    await field(page, "0").click();
    await page.keyboard.type("abc");
    const box = prunedBox(page, "1.1");
    const before = await box.boundingBox();
    // One real click: the field loses its focus (its change is taken, the typo said) as the mouse goes down.
    await box.click();
    assert.equal(await box.isChecked(), true, "the click counted");
    assert.deepEqual(await box.boundingBox(), before, "the mark did not move");
    assert.match(await page.locator(".ttt-ptypos").textContent(), /^node 0, a MIN node: "abc" is not a number/);
    assert.equal(await field(page, "0").inputValue(), "abc", "kept, to be mended");
    // The node's own mark: a branch marked pruned has no value, so the typo goes with the text.
    await field(page, "0").click();
    await prunedBox(page, "0").click();
    assert.equal(await prunedBox(page, "0").isChecked(), true);
    assert.equal(await page.locator(".ttt-ptypos").textContent(), "");
    assert.equal(await field(page, "0").inputValue(), "");
    // The mark covers the branch below it: its fields are out of the search until the mark goes.
    assert.equal(await node(page, "0").evaluate((item) => item.classList.contains("ttt-covered")), false);
    assert.equal(await node(page, "0.0").evaluate((item) => item.classList.contains("ttt-covered")), true);
    await prunedBox(page, "0").click();
    assert.equal(await node(page, "0.0").evaluate((item) => item.classList.contains("ttt-covered")), false);
  });
});

test("on the board: an exercise of at most 30 values cut at a depth, deeper on demand, data-position, the harder mode", async () => {
  const root = "XO.X.O...";
  await withGame(`?practice=1&mode=friend&position=${root}`, async (page) => {
    const { events, children, leaves } = EXPECTED.get(`lesson:${root}`);
    const { nodes, pruned } = answers(events, children);
    // Alpha-beta visits 30 nodes with moves below them: each asks its value; the positions at the cut are given.
    const asked = [...nodes.keys()].filter((path) => children(path).length > 0);
    assert.equal(asked.length, 30);
    assert.equal(await levelsLine(page).textContent(), "4 of 5 levels, the positions below given their values: 30 values to find.");
    assert.equal(await score(page).textContent(), "Nothing checked yet; 30 to go.");
    assert.deepEqual(await leavesOnShow(page), leaves);
    assert.equal(await node(page, "").getAttribute("data-position"), root);
    assert.equal(await node(page, "2").getAttribute("data-position"), "XOXX.O...");
    // A position reached by two lines is two nodes: the node's path is its name.
    const positions = await page.locator(".ttt-pnode").evaluateAll((items) => items.map((i) => i.dataset.position));
    assert.ok(new Set(positions).size < positions.length, "some position is reached twice");
    // The picture scrolls in the panel, never the page.
    const picture = page.locator(".ttt-ppicture");
    assert.ok(await picture.evaluate((p) => p.scrollWidth > p.clientWidth), "wider than the panel");
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scroll of the page");
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
    assert.equal(await page.locator(".ttt-pnode[data-verdict]").count(), 30);
    assert.equal(await page.locator('.ttt-pnode[data-verdict="wrong"]').count(), 0);
    assert.equal(await score(page).textContent(), "30 answered: 30 right, 0 wrong; 0 to go.");
    // Deeper: the whole tree; shallower, step by step, to one level.
    await page.getByRole("button", { name: "More levels" }).click();
    assert.match(await levelsLine(page).textContent(), /^The whole tree, 5 levels: \d+ values to find\.$/);
    assert.equal(await page.getByRole("button", { name: "More levels" }).getAttribute("aria-disabled"), "true");
    for (let i = 0; i < 4; i += 1) await page.getByRole("button", { name: "Fewer levels" }).click();
    assert.equal(await levelsLine(page).textContent(), "1 of 5 levels, the positions below given their values: 1 value to find.");
    assert.equal(await page.locator(".ttt-pnode").count(), 6);
    // A move: the exercise of the new position. Undone: the exercise and its answers are back.
    await page.locator('[data-cell="2"]').click();
    assert.equal(await node(page, "").getAttribute("data-position"), "XOXX.O...");
    await page.getByRole("button", { name: "Undo" }).click();
    assert.equal(await node(page, "").getAttribute("data-position"), root);
    // The empty board: two levels, ten values.
    await page.goto(`${site.url}?practice=1&mode=friend`);
    assert.equal(await levelsLine(page).textContent(), "2 of 9 levels, the positions below given their values: 10 values to find.");
    // A bigger board: why not, and the way to a tree.
    await page.goto(`${site.url}?practice=1&board=4x4`);
    const why = page.locator(".ttt-practice > p.ttt-note:not([hidden])").last();
    assert.match(await why.textContent(), /^Practice on the board is on the 3x3 board/);
    assert.equal(await page.locator(".ttt-ppicture").isHidden(), true);
    await page.getByRole("button", { name: "Practise on a tree" }).click();
    assert.equal(await page.getByRole("radio", { name: "A tree" }).isChecked(), true);
    assert.ok((await page.locator(".ttt-pnode").count()) > 0);
  });
});

test("Show and Solution: filled in from the trace, and the step-through opens on the same tree", async () => {
  await withGame("?practice=tree&depth=3&branching=2&seed=7", async (page) => {
    const { events, children, leaves } = EXPECTED.get("tree:3,2,7");
    assert.deepEqual(await leavesOnShow(page), leaves);
    const { nodes, pruned } = answers(events, children);
    // Show node 1, by keyboard: its value, the marks on its children, and why.
    await page.getByRole("button", { name: "Show the answers at node 1, a MIN node" }).press("Enter");
    assert.equal(await field(page, "1").inputValue(), written(nodes.get("1").value));
    for (const child of children("1")) assert.equal(await prunedBox(page, child).isChecked(), pruned.includes(child), child);
    assert.match(await page.locator(".ttt-pnotes").textContent(), /^node 1, a MIN node: MIN-VALUE returns v = /);
    await page.getByRole("button", { name: "Check" }).click();
    assert.match(await score(page).textContent(), /, 1 shown\.$/);
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

test("the drawn tree of a link, and Share's link, open the same exercise; New tree draws another", async () => {
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
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}embed.html`);
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

test("the teacher's tree: leaves= for the practice and the step-through, typed in the panel, linked, and refused where it breaks", async () => {
  await withGame(`?practice=tree&leaves=${RUSSELL_NORVIG}`, async (page) => {
    const { events, children, leaves } = EXPECTED.get(`leaves:${RUSSELL_NORVIG}`);
    assert.deepEqual(Object.values(await leavesOnShow(page)), [3, 12, 8, 2, 4, 6, 14, 5, 2]);
    assert.deepEqual(await leavesOnShow(page), leaves);
    assert.equal(await page.getByRole("textbox", { name: "Your own tree" }).inputValue(), RUSSELL_NORVIG);
    assert.equal(await page.getByRole("combobox", { name: "Depth" }).isHidden(), true, "no drawn tree's controls");
    // Russell and Norvig's answers: MAX takes 3; the second MIN node is cut after its first leaf.
    const { nodes, pruned } = answers(events, children);
    assert.deepEqual(["", "0", "1", "2"].map((path) => nodes.get(path).value), [3, 3, 2, 2]);
    assert.deepEqual(pruned, ["1.1", "1.2"]);
    for (const path of ["", "0", "1", "2"]) await field(page, path).fill(typed(nodes.get(path).value));
    for (const path of pruned) await prunedBox(page, path).check();
    await page.getByRole("button", { name: "Check" }).click();
    assert.equal(await score(page).textContent(), "4 answered: 4 right, 0 wrong; 0 to go.");
    // The link gives the same tree; Share's link too.
    const href = await page.getByRole("link", { name: "Link to this tree" }).getAttribute("href");
    assert.equal(new URL(href).searchParams.get("leaves"), RUSSELL_NORVIG);
    assert.equal(new URL(href).searchParams.get("practice"), "tree");
    // Another tree typed in the panel, with infinities and a deeper branch.
    await typeAndTab(page, page.getByRole("textbox", { name: "Your own tree" }), "( (1, -inf), ((2,3), inf) )");
    await page.getByRole("button", { name: "Draw this tree" }).click();
    assert.deepEqual(await leavesOnShow(page), { "0.0": 1, "0.1": -Infinity, "1.0.0": 2, "1.0.1": 3, "1.1": Infinity });
    assert.equal(await page.getByRole("textbox", { name: "Your own tree" }).inputValue(), "((1,-inf),((2,3),inf))");
    // A list that breaks: where, and no tree in its place.
    await typeAndTab(page, page.getByRole("textbox", { name: "Your own tree" }), "((3,12,8),(2,");
    await page.getByRole("button", { name: "Draw this tree" }).click();
    const why = page.locator(".ttt-practice > p.ttt-note:not([hidden])").last();
    assert.match(
      await why.textContent(),
      /^The tree written out cannot be drawn: it breaks at character 14, after "\(\(3,12,8\),\(2,": a value \(a whole number, inf or -inf\) or "\(" was expected, not the end\.$/,
    );
    assert.equal(await page.locator(".ttt-ppicture").isHidden(), true);
    assert.equal(await page.getByRole("textbox", { name: "Your own tree" }).inputValue(), "((3,12,8),(2,", "kept, to be mended");
  });
  // From a link that breaks: the same message, and no random tree.
  await withGame("?practice=tree&leaves=((1,2),(3)x", async (page) => {
    assert.match(await page.locator(".ttt-practice").textContent(), /The tree written out cannot be drawn: it breaks at character 11, after "\(\(1,2\),\(3\)": "," or "\)" was expected, not "x"\./);
    assert.equal(await page.locator(".ttt-pnode").count(), 0, "no tree was ever drawn");
    assert.equal(await page.getByRole("combobox", { name: "Depth" }).isHidden(), true);
  });
  // The step-through on the same tree.
  await withGame(`?step=1&leaves=${RUSSELL_NORVIG}`, async (page) => {
    const { events } = EXPECTED.get(`leaves:${RUSSELL_NORVIG}`);
    const now = page.locator("[data-step-event]");
    assert.equal(await now.getAttribute("data-step-node"), "");
    assert.equal(await page.locator(".ttt-step-node").textContent(), "the root, a MAX node");
    const firstCut = events.findIndex((e) => e.event === "cut");
    for (let i = 1; i <= firstCut; i += 1) await page.locator('[data-step="forward"]').click();
    assert.deepEqual(await now.evaluate((n) => [n.dataset.stepEvent, n.dataset.stepNode]), ["cut", "1"]);
    await page.locator("[data-pseudo-condition]").waitFor();
    assert.equal(await page.locator("[data-pseudo-condition]").textContent(), "v = +2 ≤ α = +3: the other children here are skipped.");
  });
});

test("on a phone the tree scrolls in the panel, and Check, Solution and the score stay in view", async () => {
  await withGame(
    "?practice=1&mode=friend&position=X.O.X...O",
    async (page) => {
      assert.equal(await levelsLine(page).textContent(), "3 of 5 levels, the positions below given their values: 17 values to find.");
      const picture = page.locator(".ttt-ppicture");
      // The reader scrolls the page to the tree's lower part: its top is above the screen.
      await picture.evaluate((p) => window.scrollBy(0, p.getBoundingClientRect().bottom - innerHeight * 0.6));
      const inView = async (locator) => {
        const box = await locator.boundingBox();
        return box.y >= 0 && box.y + box.height <= 844 && box.x >= 0 && box.x + box.width <= 390;
      };
      assert.ok((await picture.boundingBox()).y < 0, "scrolled past the tree's top");
      for (const name of ["Check", "Solution"]) assert.ok(await inView(page.getByRole("button", { name })), name);
      assert.ok(await inView(score(page)), "the score");
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, "no sideways scroll of the page");
      assert.ok(await picture.evaluate((p) => p.scrollWidth > p.clientWidth && p.scrollHeight > p.clientHeight), "the tree scrolls in its box");
      // A tap on a mark, just after a typo: it counts.
      await field(page, "").tap();
      await page.keyboard.type("abc");
      await prunedBox(page, "1").tap();
      assert.equal(await prunedBox(page, "1").isChecked(), true);
      assert.match(await page.locator(".ttt-ptypos").textContent(), /"abc" is not a number/);
      await page.getByRole("button", { name: "Check" }).tap();
      assert.match(await score(page).textContent(), /^\d+ answered: \d+ right, \d+ wrong; \d+ to go\.$/);
    },
    { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  );
});

/** The line the pseudocode runs at each kind of event (see src/panels/steps/pseudocode.rs): the function's first line at a
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
  const { page, problems, close } = await watchedPage(browser);
  try {
    await watchLongTasks(page);
    await page.goto(`${site.url}?step=1`);
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
  const { page, problems, close } = await watchedPage(browser);
  try {
    await watchLongTasks(page);
    await page.goto(`${site.url}?delay=0`);
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
        await page.goto(`${site.url}?practice=1&mode=friend`);
        await page.locator(".ttt-practice").waitFor();
        assert.deepEqual(await axeViolations(page), [], `${scheme}: too early on the board`);
      },
      { colorScheme: scheme },
    );
  }
});

test("on a 320 px phone the practice and the pseudocode fit, every target at least 44 px, the tree's too", async () => {
  await withGame(
    "?practice=1&mode=friend&position=XO.X.O...&step=1",
    async (page) => {
      await page.getByRole("checkbox", { name: "Also ask for α and β" }).check();
      await page.locator('[data-pseudo-line][aria-current="step"]').waitFor();
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 320), "no sideways scrolling");
      const small = await page.locator(".ttt-practice, .ttt-step-panel").evaluateAll((panels) =>
        panels.flatMap((panel) =>
          [...panel.querySelectorAll("button, select, input[type=text], label.ttt-option, label.ttt-prune")]
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
