// Stress and edge cases of embedding, against the release build: errors thrown through the module thousands of
// times, games mounted again and again into one element (DOM nodes counted after a forced garbage collection),
// elements moved into other documents, elements that already have a shadow root, the iframe's reported height,
// the game's own data-* attributes edited in its open shadow root, and small bugs of the URL and the tally.
import { test } from "node:test";
import assert from "node:assert/strict";
import { board as marks, browser, host, settled, site, useSites, watchedPage } from "./browser.mjs";

useSites();

/** Opens the plain host page (fixtures/stress.html: the JS API as window.api, <tic-tac-toe> defined, no game). */
async function openHost() {
  const watched = await watchedPage(browser, { viewport: { width: 1000, height: 900 } });
  await watched.page.goto(`${host.url}stress.html?game=${encodeURIComponent(site.url)}`);
  await watched.page.waitForFunction(() => window.hostReady === true);
  return watched;
}

/** Runs `body(watched)` on a new host page, then closes it. */
async function withHost(body) {
  const watched = await openHost();
  try {
    await body(watched);
  } finally {
    await watched.close();
  }
}

/** DOM nodes alive in the page's renderer after a forced garbage collection (Chrome DevTools Protocol). */
async function domNodesAfterGc(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    for (let i = 0; i < 3; i++) await cdp.send("HeapProfiler.collectGarbage");
    const { nodes } = await cdp.send("Memory.getDOMCounters");
    return nodes;
  } finally {
    await cdp.detach();
  }
}

// 1. Errors thrown through the module must not use up its stack.

/**
 * Runs in the page: makes `times` calls that must each throw an ordinary Error (`kind` says which), then checks that
 * the module still answers. Returns what went wrong, counted by kind, and what the module answered afterwards.
 */
function throwManyTimes({ kind, times }) {
  const { mount, bestMove, analyze } = window.api;
  const fresh = () => {
    const div = document.createElement("div");
    document.body.append(div);
    return div;
  };
  const target = fresh();
  let call;
  if (kind === "getter") {
    call = () =>
      mount(target, {
        get level() {
          throw new Error("x");
        },
      });
  } else if (kind === "ownKeys") {
    call = () =>
      mount(
        target,
        new Proxy(
          {},
          {
            ownKeys() {
              throw new Error("x");
            },
          },
        ),
      );
  } else {
    const handle = mount(target, {});
    handle.free();
    call = () => handle.destroy();
  }
  const wrong = {};
  let first = null;
  const note = (index, what) => {
    wrong[what] = (wrong[what] ?? 0) + 1;
    first ??= `call ${index + 1}: ${what}`;
  };
  for (let i = 0; i < times; i++) {
    try {
      call();
      note(i, "returned without throwing");
    } catch (error) {
      if (!(error instanceof Error)) note(i, `threw a non-Error: ${String(error)}`);
      else if (error instanceof WebAssembly.RuntimeError) note(i, `${error.name}: ${error.message}`);
      else if (kind === "freed" && (/null pointer/i.test(error.message) || !/free/i.test(error.message))) {
        note(i, `not the game's own sentence: ${JSON.stringify(error.message)}`);
      }
    }
  }
  const afterwards = {};
  const attempt = (name, f) => {
    try {
      afterwards[name] = f();
    } catch (error) {
      afterwards[name] = `threw ${error?.name}: ${error?.message}`;
    }
  };
  attempt("bestMove", () => {
    const cell = bestMove("X.O.X.O..");
    return Number.isInteger(cell) && cell >= 0 && cell <= 8 ? "a cell from 0 to 8" : `returned ${cell}`;
  });
  attempt("analyze", () => {
    const { nodes } = analyze(".........");
    return typeof nodes === "number" && nodes > 0 ? "positive nodes" : `nodes ${nodes}`;
  });
  attempt("mount", () => {
    const div = fresh();
    mount(div, {});
    return `${div.shadowRoot?.querySelectorAll("button[data-cell]").length ?? 0} squares`;
  });
  return { wrong, first, afterwards };
}

const STILL_WORKING = { bestMove: "a cell from 0 to 8", analyze: "positive nodes", mount: "9 squares" };

for (const [kind, times, title] of [
  ["getter", 3300, "mount() with an options getter that throws"],
  ["ownKeys", 3300, "mount() with an options Proxy whose ownKeys throws"],
  ["freed", 21845, "destroy() on a handle after free()"],
]) {
  test(`errors through the module do not use up its stack: ${title}, ${times} times`, async () => {
    await withHost(async ({ page, problems }) => {
      const report = await page.evaluate(throwManyTimes, { kind, times });
      assert.deepEqual(
        { wrong: report.wrong, first: report.first },
        { wrong: {}, first: null },
        "every call throws an ordinary Error (for destroy() after free(), the game's own sentence about free())",
      );
      assert.deepEqual(report.afterwards, STILL_WORKING, "the module keeps working afterwards");
      assert.deepEqual(problems, []);
    });
  });
}

// 2. Mounting again into the same element must not leak.

const NODE_LIMIT = 3000;
// Churns before the first count (so that what is made once, caches and the like, is there), then the churns
// between the two counts: a leak of even one node in four churns shows between them.
const WARM_UP = 20;
const CHURNS = 400;
const NODE_GROWTH_LIMIT = 100;
// Every panel on, so that every control is drawn: among them the named radio buttons that Chromium keeps in a
// shadow root's radio group after they leave it, and with them the whole game, while the element lives.
const EVERY_PANEL = { scores: true, tree: true, stats: true, step: true, practice: true };

test(`mount() and destroy() ${CHURNS} times into one element, every panel on, leave no DOM nodes behind`, async () => {
  await withHost(async ({ page, problems }) => {
    const churn = (times) =>
      page.evaluate(
        ({ times, options }) => {
          let box = document.getElementById("box");
          if (!box) {
            box = document.createElement("div");
            box.id = "box";
            document.body.append(box);
          }
          for (let i = 0; i < times; i++) window.api.mount(box, options).destroy();
        },
        { times, options: EVERY_PANEL },
      );
    await churn(WARM_UP);
    const before = await domNodesAfterGc(page);
    await churn(CHURNS);
    const nodes = await domNodesAfterGc(page);
    const squares = await page.evaluate(() => {
      const box = document.getElementById("box");
      window.api.mount(box, {});
      return box.shadowRoot.querySelectorAll("[data-cell]").length;
    });
    assert.equal(squares, 9, "the element still takes a game");
    console.log(`mount/destroy: ${before} DOM nodes after GC after ${WARM_UP}, ${nodes} after ${CHURNS} more`);
    assert.ok(nodes - before < NODE_GROWTH_LIMIT, `${nodes - before} DOM nodes more after ${CHURNS} mounts into one element`);
    assert.ok(nodes < NODE_LIMIT, `${nodes} DOM nodes after ${WARM_UP + CHURNS} mounts into one element`);
    assert.deepEqual(problems, []);
  });
});

test(`a <tic-tac-toe> whose attributes change ${CHURNS} times leaves no DOM nodes behind`, async () => {
  await withHost(async ({ page, problems }) => {
    await page.evaluate(() => {
      const element = document.createElement("tic-tac-toe");
      element.id = "changing";
      document.body.append(element);
    });
    const element = page.locator("#changing");
    await element.locator("[data-cell='8']").waitFor();
    const change = (from, to) =>
      page.evaluate(
        async ([from, to]) => {
          const element = document.getElementById("changing");
          // A task between changes, as changes made by a page over time would come (without the 4 ms of setTimeout).
          const nextTask = () =>
            new Promise((resolve) => {
              const channel = new MessageChannel();
              channel.port1.onmessage = resolve;
              channel.port2.postMessage(0);
            });
          for (let i = from; i < to; i++) {
            const round = Math.floor(i / 2) % 2 === 0;
            if (i % 2 === 0) element.setAttribute("scores", round ? "1" : "0");
            else element.setAttribute("level", round ? "hard" : "easy");
            await nextTask();
          }
        },
        [from, to],
      );
    // The last changes of each run: scores="0", level="easy".
    const settledOnEasy = () =>
      page.waitForFunction(
        () => document.getElementById("changing").shadowRoot?.querySelector("[data-setting='level']")?.value === "easy",
      );
    await change(0, WARM_UP * 4);
    await settledOnEasy();
    const before = await domNodesAfterGc(page);
    await change(WARM_UP * 4, WARM_UP * 4 + CHURNS);
    await settledOnEasy();
    assert.equal(await element.locator("[data-cell]").count(), 9);
    const nodes = await domNodesAfterGc(page);
    console.log(`<tic-tac-toe> attributes: ${before} DOM nodes after GC after ${WARM_UP * 4} changes, ${nodes} after ${CHURNS} more`);
    assert.ok(nodes - before < NODE_GROWTH_LIMIT, `${nodes - before} DOM nodes more after ${CHURNS} attribute changes`);
    assert.ok(nodes < NODE_LIMIT, `${nodes} DOM nodes after ${WARM_UP * 4 + CHURNS} attribute changes`);
    assert.deepEqual(problems, []);
  });
});

test("a live <tic-tac-toe> keeps its game when a display attribute changes, and starts anew for a new level", async () => {
  await withHost(async ({ page, problems }) => {
    await page.evaluate(() => {
      const element = document.createElement("tic-tac-toe");
      element.id = "live";
      element.setAttribute("delay", "0");
      document.body.append(element);
    });
    const game = page.locator("#live");
    await game.locator("[data-cell='4']").click();
    await settled(game);
    const played = await marks(game);
    assert.equal(played.replaceAll(".", "").length, 2, `the computer answered: ${played}`);

    await page.evaluate(() => document.getElementById("live").setAttribute("scores", "1"));
    await game.locator("[data-cell][data-outcome]").first().waitFor();
    assert.equal(await marks(game), played, "the same game goes on with the scores shown");
    assert.equal(await game.locator("[data-cell][data-outcome]").count(), 7, "the seven empty squares show scores");

    await page.evaluate(() => document.getElementById("live").setAttribute("level", "easy"));
    await page.waitForFunction(
      () => document.getElementById("live").shadowRoot?.querySelector("[data-setting='level']")?.value === "easy",
    );
    await settled(game);
    assert.equal(await marks(game), ".........", "a new level starts a new game (the person plays X: empty board)");
    assert.equal(await game.locator("[data-cell][data-outcome]").count(), 9, "the scores stay shown");
    assert.deepEqual(problems, []);
  });
});

// 3. Other documents: a same-origin iframe's, and documents with no window.

test("a <tic-tac-toe> moved into a same-origin iframe shows its game there, styled, and plays by mouse and keys", async () => {
  await withHost(async ({ page, problems }) => {
    await page.evaluate(() => {
      const element = document.createElement("tic-tac-toe");
      element.id = "moved";
      document.body.append(element);
    });
    await page.locator("#moved [data-cell='8']").waitFor();
    const report = await page.evaluate(async () => {
      const element = document.getElementById("moved");
      const frame = document.createElement("iframe");
      frame.srcdoc = "<!doctype html><title>Frame</title><body><p>In the frame.</p></body>";
      const loaded = new Promise((resolve) => (frame.onload = resolve));
      document.body.append(frame);
      await loaded;
      frame.contentDocument.body.append(element);
      const squares = () => element.shadowRoot?.querySelectorAll("[data-cell]").length ?? 0;
      for (let waited = 0; squares() !== 9 && waited < 2000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Time for any rejected promise to be reported.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const board = element.shadowRoot?.querySelector(".ttt-board");
      // The frame's events are instances of the frame's classes: the game must still take them.
      const cell = (index) => element.shadowRoot.querySelector(`[data-cell="${index}"]`);
      const marks = () => [...element.shadowRoot.querySelectorAll("[data-cell]")].map((c) => c.textContent).join("|");
      element.setAttribute("delay", "0");
      cell(4)?.click();
      for (let waited = 0; !marks().includes("O") && waited < 2000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const free = [...Array(9).keys()].find((index) => cell(index).textContent === "");
      cell(free).focus();
      const view = element.ownerDocument.defaultView;
      cell(free).dispatchEvent(new view.KeyboardEvent("keydown", { key: "Home", bubbles: true, composed: true }));
      return {
        inFrame: element.ownerDocument === frame.contentDocument,
        squares: squares(),
        boardDisplay: board ? element.ownerDocument.defaultView.getComputedStyle(board).display : "no board",
        centre: cell(4)?.textContent,
        computerAnswered: marks().includes("O"),
        focusAfterHome: element.shadowRoot.activeElement?.dataset.cell,
      };
    });
    assert.deepEqual(report, {
      inFrame: true,
      squares: 9,
      boardDisplay: "grid",
      centre: "X",
      computerAnswered: true,
      focusAfterHome: "0",
    });
    assert.deepEqual(problems, []);
  });
});

/** In the page: how `call()` ended, and what it left in `element`. */
function outcome(call, element) {
  let result;
  try {
    call();
    result = { threw: "nothing" };
  } catch (error) {
    const kind =
      error instanceof WebAssembly.RuntimeError
        ? "RuntimeError"
        : error instanceof DOMException
          ? `DOMException ${error.name}`
          : error instanceof Error
            ? error.constructor.name
            : typeof error;
    const sentence = typeof error?.message === "string" && /\S+ \S+/.test(error.message);
    const internal = /panicked|unreachable|null pointer/.test(String(error?.message));
    result = { threw: kind, sentence: sentence && !internal, message: String(error?.message) };
  }
  return { ...result, children: element.childNodes.length, shadowRoot: element.shadowRoot !== null };
}

test("mount() into an element of a same-origin iframe plays; into a document with no window it throws an Error", async () => {
  await withHost(async ({ page, problems }) => {
    const report = await page.evaluate(async (outcomeSource) => {
      const outcome = new Function(`return ${outcomeSource}`)();
      const frame = document.createElement("iframe");
      frame.srcdoc = "<!doctype html><title>Frame</title><body></body>";
      const loaded = new Promise((resolve) => (frame.onload = resolve));
      document.body.append(frame);
      await loaded;
      const inFrame = frame.contentDocument.createElement("div");
      frame.contentDocument.body.append(inFrame);
      let iframe;
      try {
        // The frame's own objects as options: a null-prototype object is an object too.
        const options = frame.contentWindow.Object.assign(frame.contentWindow.Object.create(null), { level: "easy" });
        window.api.mount(inFrame, options);
        const board = inFrame.shadowRoot?.querySelector(".ttt-board");
        iframe = {
          level: inFrame.shadowRoot?.querySelector("[data-setting='level']")?.value,
          squares: inFrame.shadowRoot?.querySelectorAll("[data-cell]").length ?? 0,
          boardDisplay: board ? frame.contentWindow.getComputedStyle(board).display : "no board",
        };
      } catch (error) {
        iframe = { threw: `${error?.name}: ${error?.message}` };
      }

      const html = document.implementation.createHTMLDocument("");
      const inHtml = html.createElement("div");
      html.body.append(inHtml);
      const xml = document.implementation.createDocument(null, "root");
      const inXml = xml.createElementNS("http://www.w3.org/1999/xhtml", "div");
      xml.documentElement.append(inXml);
      const strip = ({ message, ...rest }) => rest;
      const htmlOutcome = outcome(() => window.api.mount(inHtml, {}), inHtml);
      const xmlOutcome = outcome(() => window.api.mount(inXml, {}), inXml);
      return {
        iframe,
        htmlDocument: strip(htmlOutcome),
        xmlDocument: strip(xmlOutcome),
        messages: [htmlOutcome.message, xmlOutcome.message],
      };
    }, outcome.toString());
    console.log(`mount() into documents with no window: ${JSON.stringify(report.messages)}`);
    const refused = { threw: "Error", sentence: true, children: 0, shadowRoot: false };
    assert.deepEqual(
      { iframe: report.iframe, htmlDocument: report.htmlDocument, xmlDocument: report.xmlDocument },
      { iframe: { level: "easy", squares: 9, boardDisplay: "grid" }, htmlDocument: refused, xmlDocument: refused },
    );
    assert.deepEqual(problems, []);
  });
});

test("a game in a frame that goes on to another origin's page: its handle still works, and so does the module", async () => {
  await withHost(async ({ page, problems }) => {
    const report = await page.evaluate(async (elsewhere) => {
      const thrown = [];
      // Each game has the computer's move pending (a timer) when its frame leaves for a page of another origin,
      // whose window no call may reach: cancelling the timer there threw the browser's own exception through the
      // module, which froze the game and, repeated, used up the module's stack.
      for (let i = 0; i < 50; i++) {
        const frame = document.createElement("iframe");
        frame.srcdoc = "<!doctype html><title>Frame</title><body></body>";
        await new Promise((loaded) => {
          frame.onload = loaded;
          document.body.append(frame);
        });
        const inFrame = frame.contentDocument.createElement("div");
        frame.contentDocument.body.append(inFrame);
        const game = window.api.mount(inFrame, { human: "O", delay: 10_000 });
        await new Promise((loaded) => {
          frame.onload = loaded;
          // (A frame with srcdoc ignores its src.)
          frame.removeAttribute("srcdoc");
          frame.src = elsewhere;
        });
        for (const call of [() => game.set("level", "easy"), () => game.newGame(), () => game.destroy()]) {
          try {
            call();
          } catch (error) {
            thrown.push(`${error?.name}: ${error?.message}`);
          }
        }
        frame.remove();
      }
      // The module answers, and a new game on the page plays.
      const here = document.body.appendChild(document.createElement("div"));
      const game = window.api.mount(here, { human: "O", delay: 0 });
      await new Promise((later) => setTimeout(later, 100));
      const marks = [...here.shadowRoot.querySelectorAll("[data-cell]")].filter((cell) => cell.textContent).length;
      game.destroy();
      return { thrown: [...new Set(thrown)], bestMove: window.api.bestMove("XX.OO...."), marks };
    }, `${site.url}favicon.svg`);
    assert.deepEqual(report, { thrown: [], bestMove: 2, marks: 1 });
    assert.deepEqual(problems, []);
  });
});

// 4. Elements that already have a shadow root.

test("mount() refuses an element whose shadow root is not the game's, and leaves it as it was", async () => {
  await withHost(async ({ page, problems }) => {
    const report = await page.evaluate((outcomeSource) => {
      const outcome = new Function(`return ${outcomeSource}`)();
      const fresh = () => {
        const div = document.createElement("div");
        document.body.append(div);
        return div;
      };
      const closed = fresh();
      closed.attachShadow({ mode: "closed" });
      const { message: closedMessage, ...closedOutcome } = outcome(() => window.api.mount(closed, {}), closed);

      const open = fresh();
      open.attachShadow({ mode: "open" }).innerHTML = "<p>hello</p>";
      const { message: openMessage, ...openOutcome } = outcome(() => window.api.mount(open, {}), open);
      openOutcome.content = open.shadowRoot.innerHTML.slice(0, 80);

      // The game's own shadow root: mount, destroy and mount again into one plain element.
      const plain = fresh();
      const again = [];
      for (let i = 0; i < 3; i++) {
        try {
          const game = window.api.mount(plain, {});
          again.push(plain.shadowRoot.querySelectorAll("[data-cell]").length);
          game.destroy();
        } catch (error) {
          again.push(`threw ${error?.name}: ${error?.message}`);
        }
      }
      return { closed: closedOutcome, open: openOutcome, again, messages: [closedMessage, openMessage] };
    }, outcome.toString());
    console.log(`mount() into foreign shadow roots: ${JSON.stringify(report.messages)}`);
    const refused = { threw: "Error", sentence: true, children: 0 };
    assert.deepEqual(
      { closed: report.closed, open: report.open, again: report.again },
      {
        closed: { ...refused, shadowRoot: false },
        open: { ...refused, shadowRoot: true, content: "<p>hello</p>" },
        again: [9, 9, 9],
      },
    );
    assert.deepEqual(problems, []);
  });
});

// 5. The iframe's reported height shrinks too.

test("an embedded game reports a height that grows with the panels and shrinks back when they close", async () => {
  const { page, problems, close } = await watchedPage(browser, { viewport: { width: 800, height: 900 } });
  try {
    await page.goto(`${host.url}frame-height.html?game=${encodeURIComponent(site.url)}`);
    const frame = page.frameLocator("#frame");
    await frame.locator("[data-cell='8']").waitFor();
    /** The reported heights once no new one has come for 400 ms (at most 5 s). */
    const steady = () =>
      page.evaluate(async () => {
        let seen = window.heights.length;
        for (let quiet = 0, waited = 0; quiet < 400 && waited < 5000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          quiet = window.heights.length === seen ? quiet + 50 : 0;
          seen = window.heights.length;
        }
        return window.heights.slice();
      });
    const gameFrame = page.frames().find((f) => f.url().includes("embed=1"));
    const overflow = () =>
      gameFrame.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);

    // The panels' switches wait under Settings in an embedded game: opened, the game is taller, and says so.
    const compact = (await steady()).at(-1);
    await frame.getByText("Settings", { exact: true }).click();
    const atFirst = await steady();
    assert.ok(atFirst.length > 0, "the game reports its height");
    assert.ok(atFirst.at(-1) > compact + 100, `the height grows with Settings open: ${compact}, ${atFirst.at(-1)}`);
    const first = atFirst.at(-1);
    assert.ok(first > 300, `a plausible height: ${first}`);
    assert.ok((await overflow()) <= 1, "the frame fits the game, no scrollbar");

    await frame.getByRole("checkbox", { name: "Game tree" }).check();
    await frame.getByRole("checkbox", { name: "Search statistics" }).check();
    const opened = await steady();
    assert.ok(opened.at(-1) > first + 100, `the height grows with the panels: ${opened.join(", ")}`);

    await frame.getByRole("checkbox", { name: "Game tree" }).uncheck();
    await frame.getByRole("checkbox", { name: "Search statistics" }).uncheck();
    const closed = await steady();
    const last = closed.at(-1);
    console.log(`reported heights: first ${first}, with the panels ${opened.at(-1)}, closed again ${last}`);
    assert.ok(Math.abs(last - first) <= 4, `the height comes back to ${first} when the panels close: ${closed.join(", ")}`);
    assert.ok((await overflow()) <= 1, "the frame fits the game, no scrollbar");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

// 6. The game's own data-* attributes edited in its open shadow root.

/** Sets `name` to `value` on the first element in the game matching `selector`. */
const setOn = (page, selector, name, value) =>
  page.locator(selector).first().evaluate((element, [name, value]) => element.setAttribute(name, value), [name, value]);

/** The first tree node, edited to the path of an occupied square. The tree is drawn again as it changes, so each
 * action edits the node that is there at the time. */
const occupiedNode = async (page) => {
  await setOn(page, '[role="treeitem"]', "data-path", "0");
  return page.locator('[role="treeitem"][data-path="0"]');
};

/** Edits of the game's own attributes, each a page and its actions. */
const EDITS = {
  "data-cell=99 on a square: focus, ArrowLeft, click, ArrowLeft": [
    "?delay=0",
    [
      ["edit", (page) => setOn(page, '[data-cell="0"]', "data-cell", "99")],
      ["focus and ArrowLeft", async (page) => {
        await page.locator('[data-cell="99"]').focus();
        await page.keyboard.press("ArrowLeft");
      }],
      ["click", (page) => page.locator('[data-cell="99"]').click({ timeout: 2000 })],
      ["ArrowLeft after the click", (page) => page.keyboard.press("ArrowLeft")],
    ],
  ],
  "data-path=0 (occupied) on a tree node: click, Enter, ArrowRight": [
    "?position=X...O....&tree=1&delay=0",
    [
      ["click", async (page) => (await occupiedNode(page)).click({ timeout: 2000 })],
      ["Enter", async (page) => (await occupiedNode(page)).press("Enter", { timeout: 2000 })],
      ["ArrowRight", async (page) => (await occupiedNode(page)).press("ArrowRight", { timeout: 2000 })],
    ],
  ],
  "data-jump=99 and data-why=42: click each": [
    "?scores=1&delay=0",
    [
      ["click data-jump=99", async (page) => {
        await setOn(page, "[data-jump]", "data-jump", "99");
        await page.locator('[data-jump="99"]').click({ timeout: 2000 });
      }],
      ["click data-why=42", async (page) => {
        await setOn(page, "[data-why]", "data-why", "42");
        await page.locator('[data-why="42"]').click({ timeout: 2000 });
      }],
    ],
  ],
};

test("the game's own data-* attributes edited in its open shadow root: no panic, and the game plays on", async () => {
  const results = {};
  for (const [name, [query, actions]] of Object.entries(EDITS)) {
    const { page, problems, close } = await watchedPage(browser);
    try {
      await page.goto(`${site.url}${query}`);
      await page.locator("[data-cell]").first().waitFor();
      await settled(page);
      let panickedAfter = null;
      const failed = [];
      for (const [label, action] of actions) {
        await action(page).catch((error) => failed.push(`${label}: ${error.message.split("\n")[0]}`));
        await page.waitForTimeout(50);
        if (panickedAfter === null && !(await page.locator(".ttt-panic").isHidden())) panickedAfter = label;
      }
      // The game still plays: a click on an empty square places a mark.
      const before = await marks(page);
      const empty = [4, 8, 2, 6, 1, 3, 5, 7].find((cell) => before[cell] === ".");
      const playsOn = await page
        .locator(`[data-cell="${empty}"]`)
        .click({ timeout: 2000 })
        .then(() =>
          page.waitForFunction(
            (cell) => document.getElementById("game").shadowRoot.querySelector(`[data-cell="${cell}"]`).classList.contains("ttt-x"),
            empty,
            { timeout: 2000 },
          ),
        )
        .then(() => true, () => false);
      results[name] = {
        panickedAfter,
        panics: problems.filter((problem) => /panicked|unreachable/i.test(problem)),
        failed,
        playsOn,
      };
    } finally {
      await close();
    }
  }
  const fine = { panickedAfter: null, panics: [], failed: [], playsOn: true };
  assert.deepEqual(results, Object.fromEntries(Object.keys(EDITS).map((name) => [name, fine])));
});

// 7. Bugs of the tally and the URL.

test("a damaged stored tally counts as zero", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.addInitScript(() => localStorage.setItem("tictactoe-tally", "easy=1,x,2,3"));
    await page.goto(`${site.url}?level=easy`);
    await page.locator("[data-cell]").first().waitFor();
    assert.equal(await page.locator(".ttt-tally p").textContent(), "Tally at Easy: you won 0, drew 0, lost 0.");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("a page or an extension whose storage and attributes answer with numbers: the game appears, plays and says why", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.addInitScript(() => {
      Storage.prototype.getItem = () => 5;
      const original = Element.prototype.getAttribute;
      // Only the game's own data-* attributes and the element's settings: the page's own scripts keep working.
      Element.prototype.getAttribute = function (name) {
        return /^(data-|level$|human$)/.test(name) ? 7 : original.call(this, name);
      };
    });
    await page.goto(`${site.url}?level=easy&delay=0`);
    await page.locator("[data-cell]").first().waitFor({ timeout: 10_000 });
    const notices = await page.locator(".ttt-notice:not([hidden])").allTextContents();
    assert.ok(
      notices.some((text) => text.startsWith("The tally is kept for this visit only: the browser's storage answered")),
      notices.join(" | "),
    );
    // Clicks reach the game through its own decoding of the event's target, which no longer reads the attribute
    // as a number: a square that cannot be read is not played, and nothing freezes or panics.
    await page.locator("[data-cell='4']").click();
    await page.evaluate(() => new Promise((done) => setTimeout(done, 200)));
    assert.ok(await page.locator(".ttt-panic").isHidden(), "no panic");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("?embed=yes and on embed the page, ?embed=no and off keep the whole page, with no notice", async () => {
  const seen = {};
  for (const value of ["yes", "on", "no", "off"]) {
    const { page, problems, close } = await watchedPage(browser);
    try {
      await page.goto(`${site.url}?embed=${value}`);
      await page.locator("[data-cell]").first().waitFor();
      seen[value] = {
        embedded: await page.evaluate(() => document.documentElement.classList.contains("embedded")),
        notices: await page.locator(".ttt-notice:not([hidden])").allTextContents(),
      };
      assert.deepEqual(problems, [], value);
    } finally {
      await close();
    }
  }
  assert.deepEqual(seen, {
    yes: { embedded: true, notices: [] },
    on: { embedded: true, notices: [] },
    no: { embedded: false, notices: [] },
    off: { embedded: false, notices: [] },
  });
});

test("a truncated UTF-8 sequence in the URL is quoted with one replacement character", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}?level=%E2%82`);
    await page.locator("[data-cell]").first().waitFor();
    const notices = await page.locator(".ttt-notice:not([hidden])").allTextContents();
    const notice = notices.find((text) => text.startsWith("level="));
    assert.ok(notice, `a notice about the level: ${JSON.stringify(notices)}`);
    assert.equal([...notice].filter((c) => c === "\uFFFD").length, 1, `one U+FFFD: ${JSON.stringify(notice)}`);
    assert.ok(notice.startsWith('level="\uFFFD" is not understood'), JSON.stringify(notice));
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
