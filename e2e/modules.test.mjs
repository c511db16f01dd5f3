// End-to-end tests of the two modules in the release build: a first visit loads the play module only, and a game
// that asks for a thinking panel or a bigger board is handed over to the full module, loaded then, as it stood.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { closeSites, openSites, settled, watchedPage } from "./browser.mjs";

let site;
let host;
let browser;

before(async () => ({ site, host, browser } = await openSites()));
after(() => closeSites({ site, host, browser }));

const FULL = ["tictactoe.js", "tictactoe_bg.wasm"];

/** A watched page at the game page with `query`, recording the site's files it requests. */
async function open(query, options) {
  const watched = await watchedPage(browser, options);
  const requested = [];
  watched.page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/tictactoe/")) requested.push(url.pathname.slice("/tictactoe/".length));
  });
  await watched.page.goto(`${site.url}${query}`);
  await watched.page.locator("[data-cell]").first().waitFor();
  return { ...watched, requested };
}

const marks = async (page) => (await page.locator("[data-cell]").allTextContents()).map((m) => m || ".").join("");
/** The marks on the board, read from the squares' classes (their text shows move scores when those are on). */
const placed = (page) =>
  page.locator("[data-cell]").evaluateAll((cells) =>
    cells.map((c) => (c.classList.contains("ttt-x") ? "X" : c.classList.contains("ttt-o") ? "O" : ".")).join(""),
  );
const status = (page) => page.locator(".ttt-status").textContent();
const history = (page) => page.locator(".ttt-history li:not([hidden]) button").allTextContents();
/** The name of the game's element that has focus on the game page: its `data-setting`, `data-cell` or
 * `data-action`, or "board" for the board's control. */
const focused = (page) =>
  page.evaluate(() => {
    const active = document.getElementById("game").shadowRoot.activeElement;
    if (!active) return null;
    for (const name of ["data-setting", "data-cell", "data-action"]) {
      if (active.hasAttribute(name)) return active.getAttribute(name);
    }
    return active.hasAttribute("data-board") ? "board" : active.localName;
  });
/** Everything a person sees of the game besides the panels. */
async function seen(page) {
  return {
    marks: await placed(page),
    status: await status(page),
    history: await history(page),
    hint: await page.locator(".ttt-hint-line").textContent(),
    tally: await page.locator(".ttt-tally p").textContent(),
    share: await page.locator(".ttt-share input").inputValue(),
    labels: await page.locator("[data-cell]").evaluateAll((cells) => cells.map((c) => c.getAttribute("aria-label"))),
  };
}

test("a first visit loads the play module only, and plays whole games with it", async () => {
  const { page, problems, requested, close } = await open("?delay=0&level=easy");
  try {
    for (const file of FULL) assert.ok(!requested.includes(file), `${file} loaded on a first visit`);
    assert.ok(requested.includes("tictactoe-play_bg.wasm"), `${requested}`);
    // A game to its end, with hint, undo, the history and New game, by the play module alone.
    for (let move = 0; (await status(page)).includes("Your turn"); move += 1) {
      await page.getByRole("button", { name: "Hint" }).click();
      assert.match(await page.locator(".ttt-hint-line").textContent(), /^Hint: /);
      const free = (await marks(page)).indexOf(".");
      await page.locator(`[data-cell="${free}"]`).click();
      await settled(page);
      if (move === 1) {
        await page.getByRole("button", { name: "Undo" }).click();
        assert.match(await status(page), /^Undone: moves 3 and 4\./);
      }
    }
    assert.match(await status(page), /(You win|Computer wins|Draw)\.$/);
    const [, won, drew, lost] = (await page.locator(".ttt-tally p").textContent()).match(
      /^Tally at Easy: you won (\d+), drew (\d+), lost (\d+)\.$/,
    );
    assert.equal(Number(won) + Number(drew) + Number(lost), 1, "the game is counted, once");
    await page.getByRole("button", { name: "New game" }).click();
    assert.equal(await marks(page), ".........");
    await page.getByRole("radio", { name: "A friend" }).check();
    await page.locator('[data-cell="4"]').click();
    assert.equal(await marks(page), "....X....");
    await page.waitForLoadState("networkidle");
    for (const file of [...FULL, "worker.js"]) assert.ok(!requested.includes(file), `${file} loaded`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("switching a panel on hands the game over to the full module as it stood, focus and all", async () => {
  const { page, problems, requested, close } = await open("?delay=0&level=easy&human=O");
  try {
    await settled(page);
    const free = (await marks(page)).indexOf(".");
    await page.locator(`[data-cell="${free}"]`).click();
    await settled(page);
    await page.getByRole("button", { name: "Hint" }).click();
    await page.getByRole("button", { name: "Share" }).click();
    await page.locator(".ttt-share input").waitFor();
    // Back in the history, to the person's turn: the board shows an earlier position, the later moves stay.
    await page.locator('.ttt-history [data-jump="1"]').click();
    const before = await seen(page);
    assert.equal(before.history.length, 4);
    assert.equal(before.marks.replaceAll(".", "").length, 1);
    // The switch, by keyboard.
    await page.getByRole("checkbox", { name: "Move scores" }).focus();
    await page.keyboard.press("Space");
    await page.locator(".ttt-scores").waitFor();
    for (const file of FULL) assert.equal(requested.filter((name) => name === file).length, 1, file);
    assert.equal(await page.locator(".ttt").count(), 1, "one game: the play module's left its place");
    const after = await seen(page);
    assert.deepEqual(
      { ...after, labels: undefined, share: undefined },
      { ...before, labels: undefined, share: undefined },
    );
    assert.equal(after.share, `${before.share}&scores=1`, "the link follows the game, which shows its scores now");
    // The squares say what they said, and now their scores too.
    for (const [index, label] of before.labels.entries()) assert.ok(after.labels[index].startsWith(label), label);
    assert.equal(await focused(page), "scores", "focus stays on the switch that was pressed");
    assert.equal(await page.getByRole("checkbox", { name: "Move scores" }).isChecked(), true);
    // The game plays on in the full module: from the position shown, the later moves dropped.
    const empty = (await placed(page)).indexOf(".");
    await page.locator(`[data-cell="${empty}"]`).click();
    await settled(page);
    assert.equal((await history(page)).length, 4, "the history went on from the step shown");
    await page.getByRole("checkbox", { name: "Move scores" }).uncheck();
    assert.equal(await page.locator(".ttt-scores").isVisible(), false);
    for (const file of FULL) assert.equal(requested.filter((name) => name === file).length, 1, file);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("a finished game is counted once, in whichever module it ended", async () => {
  const { page, problems, close } = await open("?delay=0&position=XX.OO....");
  try {
    await page.locator('[data-cell="2"]').click();
    assert.equal(await status(page), "You win.");
    const tally = await page.locator(".ttt-tally p").textContent();
    assert.match(tally, /you won 1,/);
    await page.getByRole("checkbox", { name: "Game tree" }).check();
    // The full module's game: it draws the switches that only it has.
    await page.locator("[data-setting=eval]").waitFor({ state: "attached" });
    assert.equal(await page.locator(".ttt-tally p").textContent(), tally, "not counted again");
    assert.equal(await status(page), "You win.");
    // The next game, won in the full module, counts there, once.
    await page.getByRole("button", { name: "New game" }).click();
    await page.locator('[data-cell="2"]').click();
    assert.equal(await status(page), "You win.");
    assert.match(await page.locator(".ttt-tally p").textContent(), /you won 2,/);
    assert.match(await page.evaluate(() => localStorage.getItem("tictactoe-tally")), /unbeatable=2,0,0/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("a page that asks for a panel or a bigger board from the start is drawn by the full module alone", async () => {
  for (const query of ["?tree=1&position=X...O....", "?board=4x4&delay=0", "?stats=1", "?step=1&human=O"]) {
    const watched = await watchedPage(browser);
    try {
      // Every board the page ever shows is the full module's: when the first square appears, so have the
      // switches that only the full module draws.
      await watched.page.goto(`${site.url}${query}`);
      const first = await watched.page.locator("[data-cell]").first().elementHandle();
      assert.equal(await watched.page.locator("[data-setting=eval]").count(), 1, query);
      await settled(watched.page);
      assert.equal(await first.evaluate((cell) => cell.isConnected), true, `${query}: the board stayed`);
      assert.deepEqual(watched.problems, [], query);
    } finally {
      await watched.close();
    }
  }
});

test("choosing a bigger board hands the game over, and the computer answers from a worker", async () => {
  const { page, problems, requested, close } = await open("?delay=0&think=200");
  try {
    await page.locator("select[data-board]").focus();
    await page.locator("select[data-board]").selectOption("4x4/4");
    await page.locator('[data-cell="15"]').waitFor();
    await page.locator("[data-setting=eval]").waitFor({ state: "attached" });
    assert.equal(await page.locator("select[data-board]").inputValue(), "4x4/4");
    assert.equal(await focused(page), "board", "focus stays on the board control");
    await page.locator('[data-cell="5"]').click();
    await settled(page);
    assert.equal((await marks(page)).replaceAll(".", "").length, 2, "the computer answered");
    assert.ok(requested.includes("worker.js"), `${requested}`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("a custom element's game follows its attributes after it moved to the full module, and goes with it", async () => {
  const watched = await watchedPage(browser, { viewport: { width: 1000, height: 900 } });
  const { page, problems } = watched;
  try {
    await page.goto(`${host.url}host.html?game=${encodeURIComponent(site.url)}&plain=1`);
    await page.waitForFunction(() => window.hostReady === true);
    const first = page.locator("#first");
    await first.locator('[data-cell="8"]').waitFor();
    await first.locator('[data-cell="0"]').click();
    await settled(page);
    await page.evaluate(() => document.getElementById("first").setAttribute("scores", "1"));
    await first.locator(".ttt-scores").waitFor();
    const placedIn = (scope) => scope.locator(".ttt-cell.ttt-x, .ttt-cell.ttt-o").count();
    assert.equal(await placedIn(first), 2, "the same game");
    await page.evaluate(() => document.getElementById("first").setAttribute("level", "easy"));
    assert.equal(await first.locator("select[data-setting=level]").inputValue(), "easy");
    assert.equal(await placedIn(first), 0, "a new game at easy");
    await page.evaluate(() => document.getElementById("first").setAttribute("board", "5x5"));
    await first.locator('[data-cell="24"]').waitFor();
    await page.evaluate(() => document.getElementById("first").removeAttribute("scores"));
    assert.equal(await first.locator(".ttt-scores").isVisible(), false);
    // The second element still plays in the play module, beside it.
    const second = page.locator("#second");
    assert.equal(await second.locator(".ttt-panels").count(), 0);
    // Removed from the page, the element destroys its game: the full module's, through the play module's handle.
    const left = await page.evaluate(async () => {
      const element = document.getElementById("first");
      element.remove();
      await new Promise((done) => setTimeout(done, 50));
      return element.shadowRoot.querySelectorAll("[data-cell]").length;
    });
    assert.equal(left, 0);
    assert.deepEqual(problems, []);
  } finally {
    await watched.close();
  }
});

test("when the full module cannot be loaded, the game says why and plays on without it", async () => {
  const watched = await watchedPage(browser);
  const { page } = watched;
  try {
    await page.route("**/tictactoe.js", (route) => route.abort());
    await page.goto(`${site.url}?delay=0`);
    await page.locator("[data-cell]").first().waitFor();
    await page.getByRole("checkbox", { name: "Move scores" }).click();
    const notice = page.locator(".ttt-problems .ttt-notice");
    await notice.waitFor();
    assert.match(await notice.textContent(), /could not be loaded .*The game plays on without them: switch one on again to try again, or reload the page\./);
    assert.equal(await page.getByRole("checkbox", { name: "Move scores" }).isChecked(), false);
    await page.locator('[data-cell="4"]').click();
    await settled(page);
    assert.equal((await marks(page)).replaceAll(".", "").length, 2, "the game plays on");
    // Asked again (the module is still refused), it says so again, once, and the switch is off again.
    await page.getByRole("checkbox", { name: "Game tree" }).click();
    await page.waitForFunction(() => {
      const root = document.getElementById("game").shadowRoot;
      return !root.querySelector("[data-setting=tree]").checked;
    });
    assert.equal(await notice.count(), 1);
    // The only problems are the refused requests.
    const refused = /tictactoe\.js net::ERR_FAILED|Failed to load resource: net::ERR_FAILED/;
    assert.ok(watched.problems.every((problem) => refused.test(problem)), watched.problems.join("\n"));
  } finally {
    await watched.close();
  }
});

test("a full module that could not start is fetched again when a game asks for it again", async () => {
  const watched = await watchedPage(browser);
  const { page } = watched;
  try {
    let refusals = 1;
    await page.route("**/tictactoe_bg.wasm", (route) => (refusals-- > 0 ? route.abort() : route.continue()));
    await page.goto(`${site.url}?delay=0`);
    await page.locator("[data-cell]").first().waitFor();
    await page.getByRole("checkbox", { name: "Move scores" }).click();
    await page.locator(".ttt-problems .ttt-notice").waitFor();
    assert.equal(await page.getByRole("checkbox", { name: "Move scores" }).isChecked(), false);
    // Switched on again: this time the module comes, and the game is handed over.
    await page.getByRole("checkbox", { name: "Move scores" }).click();
    await page.locator(".ttt-scores").waitFor();
    assert.equal(await page.getByRole("checkbox", { name: "Move scores" }).isChecked(), true);
    const refused = /tictactoe_bg\.wasm net::ERR_FAILED|Failed to load resource: net::ERR_FAILED/;
    assert.ok(watched.problems.every((problem) => refused.test(problem)), watched.problems.join("\n"));
  } finally {
    await watched.close();
  }
});

test("the full module takes over only a game that the play module hands over", async () => {
  const watched = await watchedPage(browser);
  const { page, problems } = watched;
  try {
    await page.goto(site.url);
    await page.locator("[data-cell]").first().waitFor();
    const errors = await page.evaluate(async () => {
      const api = await import("./tictactoe.js");
      await api.default();
      const own = document.createElement("div");
      own.attachShadow({ mode: "open" }).innerHTML = "<p>The page's own content</p>";
      const plain = document.createElement("div");
      document.body.append(own, plain);
      const attempts = [
        () => api.resume(own, own, "mountPage", "", []),
        () => api.resume(plain, plain, "mountPage", "", []),
        () => api.resume(own, own, "mount", "", []),
        () => api.resume(own, own, "mountPage", "moves=4,4", []),
        () => api.resume(own, own, "mountPage", "", [[1, 2]]),
        () => api.resume(own, document.body, "mountPage", "", []),
        () => api.resume({}, {}, "mountPage", "", []),
      ];
      const said = attempts.map((attempt) => {
        try {
          attempt();
          return "no error";
        } catch (error) {
          return `${error instanceof Error}: ${error.message}`;
        }
      });
      return { said, kept: own.shadowRoot.innerHTML, api: api.bestMove("X.O.X.O..") };
    });
    for (const said of errors.said) assert.match(said, /^true: resume: /, said);
    assert.match(errors.said[0], /holds no game that is being handed over/);
    assert.match(errors.said[3], /a move that cannot be played/);
    assert.equal(errors.kept, "<p>The page's own content</p>", "a shadow root of the page's stays as it was");
    assert.equal(typeof errors.api, "number", "the module works on");
    assert.deepEqual(problems, []);
  } finally {
    await watched.close();
  }
});

test("a tally kept for the visit only goes with the game (a frame sandboxed without storage)", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${host.url}sandboxed.html?game=${encodeURIComponent(site.url)}`);
    const frame = page.frameLocator("iframe[sandbox]");
    await frame.locator("[data-cell]").first().waitFor();
    // Each move on the first empty square: the computer wins.
    while (!/wins|Draw/.test(await frame.locator(".ttt-status").textContent())) {
      const free = (await frame.locator("[data-cell]").allTextContents()).indexOf("");
      await frame.locator(`[data-cell="${free}"]`).click();
      await settled(frame.locator("body"));
    }
    const tally = await frame.locator(".ttt-tally p").textContent();
    assert.match(tally, /^Tally at Unbeatable: you won 0, drew [01], lost [01]\.$/);
    assert.notEqual(tally, "Tally at Unbeatable: you won 0, drew 0, lost 0.");
    await frame.getByRole("checkbox", { name: "Move scores" }).check();
    await frame.locator("[data-setting=eval]").waitFor({ state: "attached" });
    assert.equal(await frame.locator(".ttt-tally p").textContent(), tally, "the full module has it too");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("JavaScript's calls to a game waiting for the full module wait with it, and a game in a <div> of its own moves too", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    // The full module arrives late: what the page asks meanwhile must not be lost.
    await page.route("**/tictactoe_bg.wasm", async (route) => {
      await new Promise((done) => setTimeout(done, 800));
      await route.continue();
    });
    await page.goto(`${site.url}?delay=0`);
    await page.locator("[data-cell]").first().waitFor();
    const moved = await page.evaluate(async () => {
      // The play module's own export, as tic-tac-toe.js uses it, on an element that cannot hold a shadow root.
      const play = await import("./tictactoe-play.js");
      const list = document.createElement("ul");
      const item = document.createElement("li");
      list.append(item);
      document.body.append(list);
      item.setAttribute("tree", "1");
      item.setAttribute("position", "X...O....");
      const game = play.mountElement(item);
      const waiting = item.firstElementChild.shadowRoot.textContent;
      game.set("level", "easy");
      game.set("human", "O");
      window.listGame = game;
      return { waiting };
    });
    assert.equal(moved.waiting, "Loading the game…");
    const item = page.locator("li");
    await item.locator("[role=treeitem]").first().waitFor();
    assert.equal(await item.locator("select[data-setting=level]").inputValue(), "easy", "set while waiting");
    assert.equal(await item.locator("input[data-setting=human][value=O]").isChecked(), true);
    await page.evaluate(() => window.listGame.destroy());
    assert.equal(await page.evaluate(() => document.querySelector("li").children.length), 0, "its <div> went with it");
    // A new game of the play module's there: the full module's mount, which keeps no list of the play module's
    // games, sees it and refuses the element (it would have drawn a second game beside it).
    const refused = await page.evaluate(async () => {
      const item = document.querySelector("li");
      item.removeAttribute("tree");
      const play = await import("./tictactoe-play.js");
      window.listGame = play.mountElement(item);
      const full = await import("./tictactoe.js");
      await full.default();
      try {
        full.mount(item, {});
        return "mounted";
      } catch (error) {
        return error.message;
      }
    });
    assert.match(refused, /already shows a game/);
    assert.equal(await page.locator("li .ttt").count(), 1);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

