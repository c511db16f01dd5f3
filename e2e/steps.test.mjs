// End-to-end tests of watching minimax think, in the release build: alpha-beta stepped through event by event
// as the native engine traces it, the game tree drawn as a picture (its pruned nodes
// the children that trace skips, each cut with its reason), the "why" line replayed on the board, and the panels
// beside the board on a wide screen, in the page, the custom element and the iframe.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, host, settled, site, useSites, watchedPage, withGame } from "./browser.mjs";
import { insight } from "./native.mjs";

useSites();

/** The step panel's alpha-beta trace from each position these tests start from, as the native engine traces it
 * (tests/trace.rs proves that trace the textbook's, Russell and Norvig's fail-soft ALPHA-BETA-SEARCH, at every
 * reachable position): events `{ event, position, alpha, beta, value, path }`. */
const TRACES = Object.fromEntries(
  Object.entries(insight("XO.X.O...", "XXXOO....", "X...O....", ".........", "....X....")).map(([root, { trace }]) => [root, trace]),
);
const nativeTrace = (root) => TRACES[root];

/** What the step panel shows now: its data-step-* attributes. */
const NOW = "[data-step-event]";
const shown = (page) =>
  page.locator(NOW).evaluate((now) => ({
    event: now.dataset.stepEvent,
    position: now.dataset.stepPosition,
    alpha: now.dataset.stepAlpha,
    beta: now.dataset.stepBeta,
    value: now.dataset.stepValue ?? null,
  }));

/** Presses the step control `name` `count` times inside the page, reading the step panel after each press. */
const pressAndRead = (page, name, count) =>
  page.locator(`[data-step="${name}"]`).evaluate((button, count) => {
    const now = button.getRootNode().querySelector("[data-step-event]");
    const read = () => ({
      event: now.dataset.stepEvent,
      position: now.dataset.stepPosition,
      alpha: now.dataset.stepAlpha,
      beta: now.dataset.stepBeta,
      value: now.dataset.stepValue ?? null,
    });
    const seen = [];
    for (let i = 0; i < count; i += 1) {
      button.click();
      seen.push(read());
    }
    return seen;
  }, count);

const withoutPaths = (events) => events.map(({ path, ...rest }) => rest);

test("the step panel shows exactly the engine's alpha-beta trace, stepping to the end and back", async () => {
  const counts = {};
  // X to move with five squares left (cuts at both kinds of node), a finished game, and the issue's own.
  for (const root of ["XO.X.O...", "XXXOO....", "X...O...."]) {
    const trace = nativeTrace(root);
    counts[root] = trace.length;
    await withGame(`?mode=friend&step=1&position=${root}`, async (page) => {
      assert.deepEqual(await shown(page), withoutPaths(trace)[0], `${root}: the root's visit first`);
      const forward = await pressAndRead(page, "forward", trace.length - 1);
      assert.deepEqual([await shown(page)], withoutPaths(trace).slice(-1));
      assert.deepEqual(forward, withoutPaths(trace).slice(1), `${root}: forward`);
      // At the end Step does nothing more, and says so.
      assert.equal(await page.locator('[data-step="forward"]').getAttribute("aria-disabled"), "true");
      const back = await pressAndRead(page, "back", trace.length - 1);
      assert.deepEqual(back, withoutPaths(trace).slice(0, -1).reverse(), `${root}: back`);
      assert.equal(await page.locator('[data-step="back"]').getAttribute("aria-disabled"), "true");
      // The counters: visits so far against plain minimax.
      assert.match(await page.locator(".ttt-step-panel").textContent(), new RegExp(`Step 1 of ${trace.length.toLocaleString("en")}\\.`));
    });
  }
  console.log("events per position:", JSON.stringify(counts));
});

test("the game tree and the step-through give a node the same value, sign included, where O is MAX", async () => {
  // O to move at the root: O is MAX in both panels. The first move tried, O in row 1, column 2, is searched with
  // the whole window, so the step-through returns its exact value: X wins, negative for O.
  await withGame("?tree=1&step=1&mode=friend&position=X........", async (page) => {
    await page.locator('[data-step="forward"]').click();
    await page.locator('[data-step="finish"]').click();
    const now = await page.locator(NOW).evaluate((now) => ({ event: now.dataset.stepEvent, value: Number(now.dataset.stepValue) }));
    assert.equal(now.event, "return");
    assert.ok(now.value < 0, `${now.value}: X wins, bad for MAX`);
    const number = `(−${-now.value})`;
    assert.match(await page.locator(".ttt-step-sentence").textContent(), new RegExp(`^Return −${-now.value}: `));
    const node = page.getByRole("tree").locator('[data-path="1"]');
    assert.ok((await node.textContent()).startsWith(`O: row 1, column 2, X wins in `), await node.textContent());
    assert.ok((await node.textContent()).includes(number), `${await node.textContent()} has ${number}`);
    // The panels say the convention in the same words.
    for (const panel of [".ttt-tree-panel", ".ttt-step-panel"]) {
      assert.match(await page.locator(`${panel} .ttt-note`).first().textContent(), /Values are MAX's: O moves here, so \+ is good for O, − for X\./);
    }
  });
});

test("step by mouse and keyboard: each event in words, cuts with their reason, finish, restart, run and pause", async () => {
  const root = "X...O....";
  const trace = nativeTrace(root);
  await withGame(`?step=1&position=${root}`, async (page) => {
    const step = page.getByRole("button", { name: /^Step/ }).first();
    assert.equal(await step.getAttribute("data-step"), "forward", "the step button's name starts with Step");
    const sentence = page.locator(".ttt-step-sentence");
    // Quiet until the reader steps: the first step of each position comes with every move of the game.
    assert.equal(await sentence.getAttribute("aria-live"), "off");
    assert.match(await sentence.textContent(), /^Visit the starting position: X to move, a MAX node, with α = −∞ and β = \+∞\.$/);
    // By keyboard: focus the step button and press Enter, then Space.
    await step.focus();
    await page.keyboard.press("Enter");
    assert.equal(await sentence.getAttribute("aria-live"), "polite", "heard once the reader steps");
    await page.keyboard.press(" ");
    assert.deepEqual(await shown(page), withoutPaths(trace)[2]);
    assert.match(await sentence.textContent(), /^Visit O in row 1, column 3: X to move, a MAX node/);
    // Finish this node: on to the return of the node being searched.
    await page.getByRole("button", { name: "Finish this node" }).click();
    const finished = trace.findIndex((e, i) => i > 2 && e.event === "return" && e.path === "1,2");
    assert.deepEqual(await shown(page), withoutPaths(trace)[finished]);
    // To the next cut, which says why in words.
    const firstCut = trace.findIndex((e, i) => i > finished && e.event === "cut");
    await pressAndRead(page, "forward", firstCut - finished);
    assert.deepEqual(await shown(page), withoutPaths(trace)[firstCut]);
    // It names the child whose value caused the cut: the one whose return comes just before it.
    const [node, child] = [trace[firstCut].position, trace[firstCut - 1].position];
    const reply = [...node].findIndex((mark, cell) => mark === "." && child[cell] !== ".");
    const square = `row ${Math.floor(reply / 3) + 1}, column ${(reply % 3) + 1}`;
    assert.match(
      await sentence.textContent(),
      new RegExp(
        `^Cut: (X|O) already has a ((faster|slower) )?(win|draw|loss) elsewhere \\((α|β) = [-+0-9]+\\), and the (reply|move) in ${square} gives (X|O) at least a ((faster|slower) )?(win|draw|loss) \\([-+0-9]+ for (X|O)\\), so (X|O)'s other (replies|moves) here cannot change (X|O)'s choice\\.$`,
      ),
    );
    // Run at the fastest speed, then pause: it moved on by itself, and stays once paused.
    await page.getByLabel("Speed").selectOption("fast");
    const before = (await page.locator(".ttt-step-count").textContent()).match(/Step ([\d,]+)/)[1];
    await page.getByRole("button", { name: "Run" }).click();
    assert.equal(await sentence.getAttribute("aria-live"), "off", "quiet while it runs");
    await page.waitForFunction(
      (before) => {
        const host = document.querySelector("#game");
        const note = host.shadowRoot.querySelector(".ttt-step-count");
        return Number(note.textContent.match(/Step ([\d,]+)/)[1].replace(/,/g, "")) > Number(before.replace(/,/g, "")) + 5;
      },
      before,
    );
    await page.getByRole("button", { name: "Pause" }).click();
    const paused = await shown(page);
    await page.waitForTimeout(200);
    assert.deepEqual(await shown(page), paused, "paused: no more steps");
    assert.equal(await sentence.getAttribute("aria-live"), "polite");
    await page.getByRole("button", { name: "Restart" }).click();
    assert.deepEqual(await shown(page), withoutPaths(trace)[0]);
    assert.equal(await sentence.getAttribute("aria-live"), "polite", "a restart is heard");
    // A move of the game starts the steps again at the new position, quietly.
    await page.locator("[data-cell='8']").click();
    await settled(page);
    assert.equal(await sentence.getAttribute("aria-live"), "off");
  });
});

test("the step panel opens from the URL, the control, the custom element's attribute and handle.set", async () => {
  await withGame("?mode=friend", async (page) => {
    assert.equal(await page.locator(NOW).count(), 0, "not built before it is asked for");
    await page.getByRole("checkbox", { name: "Step through the search" }).check();
    assert.deepEqual(await shown(page), withoutPaths(nativeTrace("........."))[0]);
    // A move changes the position: the search starts again from there.
    await page.locator('[data-cell="4"]').click();
    assert.equal(await page.locator(NOW).getAttribute("data-step-position"), "....X....");
    // Hidden and shown again at the same position, it goes on where the reader left it.
    await pressAndRead(page, "forward", 5);
    const leftAt = await shown(page);
    await page.getByRole("checkbox", { name: "Step through the search" }).uncheck();
    assert.equal(await page.locator(".ttt-step-panel").isHidden(), true);
    await page.getByRole("checkbox", { name: "Step through the search" }).check();
    assert.deepEqual(await shown(page), leftAt);
    assert.deepEqual(leftAt, withoutPaths(nativeTrace("....X...."))[5]);
    await page.getByRole("checkbox", { name: "Step through the search" }).uncheck();
    assert.equal(await page.locator(".ttt-step-panel").isHidden(), true);
  });
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}embed.html`);
    const element = page.locator("tic-tac-toe");
    await element.locator("[data-cell]").first().waitFor();
    await page.evaluate(() => {
      const element = document.querySelector("tic-tac-toe");
      element.setAttribute("mode", "friend");
      element.setAttribute("position", "XO.X.O...");
      element.setAttribute("step", "1");
    });
    await element.locator(NOW).waitFor();
    assert.equal(await element.locator(NOW).getAttribute("data-step-position"), "XO.X.O...");
    await page.evaluate(() => document.querySelector("tic-tac-toe").setAttribute("step", "0"));
    assert.equal(await element.locator(".ttt-step-panel").isHidden(), true);
    // The JavaScript API: the option, and the handle's set("step", ...).
    await page.evaluate(async () => {
      const { default: init, mount } = await import("./tictactoe.js");
      await init();
      const box = document.createElement("div");
      box.id = "api-stepper";
      document.body.append(box);
      window.stepHandle = mount(box, { mode: "friend", step: true });
    });
    const api = page.locator("#api-stepper");
    assert.equal(await api.locator(NOW).getAttribute("data-step-event"), "visit");
    await page.evaluate(() => window.stepHandle.set("step", false));
    assert.equal(await api.locator(".ttt-step-panel").isHidden(), true);
    await page.evaluate(() => window.stepHandle.set("step", true));
    assert.equal(await api.locator(".ttt-step-panel").isHidden(), false);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

/** The cells of a position's children the trace visits, by the parent's path ("" for the root). */
function visitedChildren(trace) {
  const visited = new Set(trace.filter((e) => e.event === "visit").map((e) => e.path));
  return visited;
}

test("the tree as a picture: small boards joined to their parents, pruned nodes exactly those the trace skips", async () => {
  const root = "X...O....";
  const trace = nativeTrace(root);
  const visited = visitedChildren(trace);
  await withGame(`?mode=friend&tree=1&position=${root}`, async (page) => {
    const picture = page.locator(".ttt-picture");
    assert.equal(await picture.getAttribute("aria-hidden"), "true", "the list says the same to assistive technology");
    const nodes = () =>
      picture.locator(".ttt-pic-node").evaluateAll((all) =>
        all.map((n) => ({ path: n.dataset.path ?? null, position: n.dataset.position, pruned: n.hasAttribute("data-pruned"), best: n.classList.contains("ttt-pv") })),
      );
    let drawn = await nodes();
    assert.equal(drawn.length, 8, "the root and its seven moves");
    assert.deepEqual(drawn[0], { path: null, position: root, pruned: false, best: false });
    assert.deepEqual(drawn.slice(1).map((n) => n.position), [1, 2, 3, 5, 6, 7, 8].map((c) => root.slice(0, c) + "X" + root.slice(c + 1)));
    // Clicking a node of the picture opens it, in the list too.
    await picture.locator('[data-path="2"]').click();
    assert.equal(await page.getByRole("tree").locator('[data-path="2"]').getAttribute("aria-expanded"), "true");
    await picture.locator('[data-path="2,1"]').click();
    await page.getByRole("tree").locator('[data-path="2,1,3"]').press("Enter");
    drawn = await nodes();
    assert.equal(drawn.length, 1 + 7 + 6 + 5 + 4);
    assert.ok(drawn.every((n) => !n.pruned), "nothing marked before it is asked for");
    // Marked: the pruned nodes are the children the trace never visits.
    await page.getByLabel(/Mark what alpha-beta prunes/).check();
    drawn = await nodes();
    for (const node of drawn.slice(1)) {
      assert.equal(node.pruned, !visited.has(node.path), `node ${node.path}`);
    }
    assert.ok(drawn.some((n) => n.pruned), "this tree shows pruning");
    // The list marks the same nodes.
    const listPruned = await page.getByRole("tree").locator(".ttt-pruned").evaluateAll((all) => all.map((i) => i.dataset.path));
    assert.deepEqual(listPruned, drawn.filter((n) => n.pruned).map((n) => n.path));
    // Each cut at an open node says why: the trace's cuts at those paths, in words.
    const cutPaths = trace.filter((e) => e.event === "cut").map((e) => e.path);
    const reasons = await picture.locator(".ttt-pic-cut").count();
    const openCut = ["2", "2,1", "2,1,3"].filter((p) => cutPaths.includes(p));
    assert.equal(reasons, openCut.length);
    assert.ok(reasons > 0);
    assert.match(await picture.locator(".ttt-pic-cut").first().textContent(), /already has .* elsewhere .* cannot change .*'s choice\.$/);
    // The list carries the same reason for screen readers.
    assert.match(await page.getByRole("tree").locator(".ttt-node-cut").first().textContent(), /^Alpha-beta cuts here: /);
    // Wider than the panel: it scrolls, from its left edge.
    const { scroll, client } = await picture.evaluate((p) => ({ scroll: p.scrollWidth, client: p.clientWidth }));
    assert.ok(scroll > client, `the picture scrolls: ${scroll} > ${client}`);
    // It scrolls to the node last opened, into its middle (as far as its edges allow): here one on the right.
    await page.getByRole("tree").locator('[data-path="2,1,8"]').press("Enter");
    const offCentre = () =>
      picture.evaluate((p) => {
        const node = p.querySelector('[data-path="2,1,8"]').getBoundingClientRect();
        const frame = p.getBoundingClientRect();
        const off = node.left + node.width / 2 - (frame.left + frame.width / 2);
        const atEdge = off < 0 ? p.scrollLeft <= 0 : p.scrollLeft >= p.scrollWidth - p.clientWidth - 1;
        return { off, atEdge, scrollLeft: p.scrollLeft };
      });
    const deadline = Date.now() + 5000;
    let last = await offCentre();
    while (Math.abs(last.off) > 1 && !last.atEdge && Date.now() < deadline) {
      await page.waitForTimeout(50);
      last = await offCentre();
    }
    assert.ok(last.scrollLeft > 0, `the picture scrolled: ${JSON.stringify(last)}`);
    assert.ok(Math.abs(last.off) <= 1 || last.atEdge, `the node last opened is in the middle: ${JSON.stringify(last)}`);
  });
});

test("the node the search is at is marked on the picture and in the list, and the tree opens down to it", async () => {
  const root = "XO.X.O...";
  await withGame(`?mode=friend&tree=1&step=1&position=${root}`, async (page) => {
    for (let i = 0; i < 6; i += 1) {
      await page.locator('[data-step="forward"]').click();
      const at = await page.locator(NOW).getAttribute("data-step-position");
      const marked = page.locator(".ttt-picture .ttt-step-at");
      assert.equal(await marked.count(), 1);
      assert.equal(await marked.getAttribute("data-position"), at);
      const path = await marked.getAttribute("data-path");
      assert.equal(await page.getByRole("tree").locator(".ttt-step-at").getAttribute("data-path"), path);
    }
  });
});

test("the picture follows the keyboard through the tree's list: the focused node is in view", async () => {
  await withGame("?tree=1", async (page) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.locator("[role='treeitem']").first().focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    // In view when the page next paints: the picture scrolls before the frame, not in the middle of an update.
    const inView = () =>
      page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const root = document.querySelector("#game").shadowRoot;
        const path = root.activeElement?.dataset.path;
        const picture = root.querySelector(".ttt-picture").getBoundingClientRect();
        const node = root.querySelector(`.ttt-picture [data-path="${path}"]`).getBoundingClientRect();
        return { path, inView: node.left >= picture.left - 1 && node.right <= picture.right + 1 };
      });
    assert.ok(await page.locator(".ttt-picture").evaluate((picture) => picture.scrollWidth > picture.clientWidth), "wider than the panel");
    for (const key of ["ArrowDown", "ArrowDown", "ArrowDown", "End", "Home"]) {
      await page.keyboard.press(key);
      const seen = await inView();
      assert.ok(seen.inView, `${key}: node ${seen.path} out of view`);
    }
  });
});

test("why, replayed on the board: numbered faded marks one move at a time, the game unchanged", async () => {
  const root = "X...O....";
  await withGame(`?scores=1&delay=0&position=${root}`, async (page) => {
    const status = await page.locator(".ttt-status").textContent();
    const names = () => page.locator("[data-cell]").evaluateAll((cells) => cells.map((c) => c.getAttribute("aria-label")));
    const namesBefore = await names();
    const replayed = () =>
      page.locator("[data-cell]").evaluateAll((cells) =>
        cells.flatMap((c) => (c.dataset.replayMark ? [`${c.dataset.replayNumber}:${c.dataset.cell}:${c.dataset.replayMark}`] : [])).sort(),
      );
    // Row 3, column 3: a draw, played to the end of the game.
    await page.locator('[data-why="8"]').click();
    const line = await page.locator(".ttt-why ol li:not([hidden])").allTextContents();
    assert.equal(line.length, 7, line.join(" / "));
    const step = page.getByRole("button", { name: "Next move on the board" });
    await step.click();
    assert.deepEqual(await replayed(), ["1:8:X"]);
    await step.click();
    const two = await replayed();
    assert.equal(two.length, 2);
    assert.match(two[1], /^2:\d:O$/);
    // Each step is said (the end of the line is a live region) and its move marked in the list.
    const end = page.locator(".ttt-why-end");
    assert.equal(await end.getAttribute("role"), "status");
    assert.equal(await end.textContent(), `Move 2 of 7 on the board (${line[1]}). Draw after 7 moves.`);
    assert.deepEqual(
      await page.locator(".ttt-why ol li").evaluateAll((items) => items.flatMap((item, i) => (item.getAttribute("aria-current") === "step" ? [i] : []))),
      [1],
    );
    // While the line is on the board, no square shows a score or a best move's ring: they are the game's
    // position's, and would be read as those of the board on show.
    const shown = await page.locator("[data-cell]").evaluateAll((cells) =>
      cells.map((cell) => ({ text: cell.textContent, outcome: cell.dataset.outcome ?? null, ring: getComputedStyle(cell).boxShadow })),
    );
    assert.ok(shown.every((cell) => cell.outcome === null && !/inset/.test(cell.ring)), JSON.stringify(shown));
    assert.deepEqual(
      shown.map((cell) => cell.text),
      Array.from(root).map((mark, cell) => two.find((m) => m.split(":")[1] === String(cell))?.split(":")[2] ?? (mark === "." ? "" : mark)),
    );
    // The game itself is as it was: same status, same moves; the squares' names are the game's, the replayed ones
    // saying the replay after them, as their faces show it.
    assert.equal(await page.locator(".ttt-status").textContent(), status);
    const marked = Object.fromEntries(two.map((mark) => mark.split(":")).map(([n, cell, side]) => [cell, `${n}: ${side}`]));
    assert.deepEqual(
      await names(),
      namesBefore.map((name, cell) => {
        const game = name.split(", score ")[0];
        return marked[cell] ? `${game}, replayed move ${marked[cell]}` : game;
      }),
    );
    assert.ok(namesBefore.some((name) => name.includes(", score ")), namesBefore.join(" / "));
    assert.equal(await page.getByRole("button", { name: "Undo" }).getAttribute("aria-disabled"), "true");
    // Play on the board: the rest of the line, move by move, then it stops.
    await page.getByRole("button", { name: "Play on the board" }).click();
    assert.equal(await page.getByRole("button", { name: "Pause" }).count(), 1);
    const counts = [];
    for (let waited = 0; waited < 15_000 && (await replayed()).length < line.length; waited += 100) {
      counts.push((await replayed()).length);
      await page.waitForTimeout(100);
    }
    assert.deepEqual((await replayed()).map((mark) => mark.split(":")[0]), line.map((_, i) => String(i + 1)).sort());
    assert.ok(new Set(counts).size >= 3, `one move at a time: ${[...new Set(counts)].join(", ")}`);
    await page.getByRole("button", { name: "Play on the board" }).waitFor();
    await page.getByRole("button", { name: "Clear the marks" }).click();
    assert.deepEqual(await replayed(), []);
    // Another move's why, or a move played, takes the marks away.
    await step.click();
    await page.locator('[data-why="2"]').click();
    assert.deepEqual(await replayed(), []);
  });
});

/** Where the board and the first open panel are, in the page's pixels. */
const layout = (scope) =>
  scope.locator(".ttt").evaluate((game) => {
    const board = game.querySelector(".ttt-board").getBoundingClientRect();
    const panel = [...game.querySelectorAll(".ttt-panel")].find((p) => !p.hidden).getBoundingClientRect();
    return { boardRight: board.right, boardBottom: board.bottom, panelLeft: panel.left, panelTop: panel.top };
  });

const besideTheBoard = ({ boardRight, boardBottom, panelLeft, panelTop }) => panelLeft >= boardRight && panelTop < boardBottom;
const underTheBoard = ({ boardBottom, panelTop }) => panelTop >= boardBottom;

test("on a screen 1,000 px wide the open panels sit beside the board; on a phone they stack under it", async () => {
  for (const [width, where, check] of [
    [1000, "beside", besideTheBoard],
    [1440, "beside", besideTheBoard],
    [390, "under", underTheBoard],
    [768, "under", underTheBoard],
  ]) {
    await withGame(
      "?tree=1&step=1&delay=0",
      async (page) => {
        const seen = await layout(page);
        assert.ok(check(seen), `${width} px: the panels ${where} the board: ${JSON.stringify(seen)}`);
      },
      { viewport: { width, height: 800 } },
    );
  }
});

test("the Tab key meets the game's parts in the order they are seen: on a phone the panels, then the moves and the tally", async () => {
  for (const width of [390, 1280]) {
    await withGame(
      "?scores=1&position=X...O....&delay=0",
      async (page) => {
        const seen = await page.locator(".ttt").evaluate((game) => {
          const box = (selector) => game.querySelector(selector).getBoundingClientRect();
          const [board, panels, moves] = [box(".ttt-board"), box(".ttt-panels"), box(".ttt-history")];
          const follows = (a, b) => Boolean(game.querySelector(a).compareDocumentPosition(game.querySelector(b)) & Node.DOCUMENT_POSITION_FOLLOWING);
          return {
            panelsBeforeMovesInTabOrder: follows(".ttt-panels", ".ttt-history") && follows(".ttt-history", ".ttt-tally"),
            panelsAboveMoves: panels.top < moves.top,
            movesUnderTheBoard: moves.top >= board.bottom && moves.right <= panels.left,
          };
        });
        assert.equal(seen.panelsBeforeMovesInTabOrder, true, `${width} px`);
        // On a phone one column: what comes first in the document is above. On a wide screen the moves sit under the
        // board, beside the panels' column.
        assert.equal(width < 760 ? seen.panelsAboveMoves : seen.movesUnderTheBoard, true, `${width} px: ${JSON.stringify(seen)}`);
      },
      { viewport: { width, height: 800 } },
    );
  }
});

test("the same beside the board in the custom element and the iframe, when they are as wide", async () => {
  const { page, problems, close } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${site.url}embed.html`);
    const element = page.locator("tic-tac-toe");
    await element.locator("[data-cell]").first().waitFor();
    await page.evaluate(() => document.querySelector("tic-tac-toe").setAttribute("tree", "1"));
    assert.ok(besideTheBoard(await layout(element)), "custom element in the post's wide column");
    // An iframe of 360 px (a post's narrow column; the example post's spans its column): stacked.
    const frame = page.frameLocator("#frame");
    await frame.locator("[data-cell]").first().waitFor();
    await page.evaluate(() => {
      const iframe = document.querySelector("#frame");
      iframe.style.width = "360px";
      iframe.src = iframe.src.replace("embed=1", "embed=1&tree=1");
    });
    await frame.locator(".ttt-tree-panel").waitFor();
    assert.ok(underTheBoard(await layout(frame)), "iframe of 360 px");
    // Made 800 px wide, side by side: the embedded page gives the game all of the frame's width.
    await page.evaluate(() => {
      const iframe = document.querySelector("#frame");
      iframe.style.maxWidth = "none";
      iframe.style.width = "800px";
    });
    await page.waitForFunction(() => document.querySelector("#frame").getBoundingClientRect().width >= 800);
    assert.ok(besideTheBoard(await layout(frame)), "iframe of 800 px");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("on a phone, by touch: step, open a node of the picture, replay a line", async () => {
  await withGame(
    "?mode=friend&tree=1&step=1&scores=1&position=X...O....",
    async (page) => {
      await page.locator('[data-step="forward"]').tap();
      assert.equal(await page.locator(NOW).getAttribute("data-step-event"), "visit");
      assert.equal(await page.locator(NOW).getAttribute("data-step-position"), "XX..O....");
      // The tree opened down to the node the search is at; tapping a node of the picture opens it.
      await page.locator('.ttt-picture [data-path="2"]').tap();
      assert.equal(await page.getByRole("tree").locator('[data-path="2"]').getAttribute("aria-expanded"), "true");
      await page.locator('[data-why="1"]').tap();
      await page.getByRole("button", { name: "Next move on the board" }).tap();
      assert.equal(await page.locator('[data-cell="1"]').getAttribute("data-replay-number"), "1");
      // Nothing wider than the phone but the picture, which scrolls inside its panel.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page does not scroll sideways: ${overflow} px`);
    },
    { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  );
});
