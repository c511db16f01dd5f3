// End-to-end tests of embedding: custom elements, mount() and an iframe on a host page of another origin, with
// hostile CSS; the JS API against the native engine; bad input; Share.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { board as marks, browser, host, markCount, settled, site, useSites, watchedPage } from "./browser.mjs";
import { apiAnswers } from "./native.mjs";
import { serve } from "./server.mjs";

useSites();

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Opens the host page with `extra` query parameters; returns the watched page once the host script is done. */
async function openHost(extra = "") {
  const watched = await watchedPage(browser, { viewport: { width: 1000, height: 900 } });
  await watched.page.goto(`${host.url}host.html?game=${encodeURIComponent(site.url)}${extra}`);
  await watched.page.waitForFunction(() => window.hostReady === true);
  return watched;
}

test("two custom elements, one mount() and one iframe play independently on another origin", async () => {
  const { page, problems, close } = await openHost();
  try {
    const first = page.locator("#first");
    const second = page.locator("#second");
    const mounted = page.locator("#mounted");
    const frame = page.frameLocator("#frame");
    await first.locator('[data-cell="8"]').waitFor();
    await second.locator('[data-cell="8"]').waitFor();
    await frame.locator('[data-cell="8"]').waitFor();
    await settled(page);
    await settled(frame.locator("body"));
    assert.equal(await markCount(first), 0);
    assert.equal(await markCount(second), 1, "the second element plays O from a given opening");
    assert.equal(await markCount(mounted), 0);

    await first.locator('[data-cell="0"]').click();
    await settled(page);
    assert.equal(await markCount(first), 2);
    assert.equal(await markCount(second), 1);
    assert.equal(await markCount(mounted), 0);

    const secondBoard = await marks(second);
    await second.locator(`[data-cell="${secondBoard.indexOf(".")}"]`).click();
    await settled(page);
    assert.equal(await markCount(second), 3);
    assert.equal(await markCount(first), 2);

    await mounted.locator('[data-cell="4"]').click();
    await settled(page);
    assert.equal(await markCount(mounted), 2);
    assert.equal(await markCount(first), 2);

    await frame.locator('[data-cell="4"]').click();
    await settled(frame.locator("body"));
    assert.equal(await markCount(frame.locator("body")), 2);
    assert.equal(await markCount(mounted), 2);
    // The embedded page shows only the game.
    assert.equal(await frame.locator("h1").isVisible(), false);

    // destroy() removes a mounted game; the others play on.
    await page.evaluate(() => window.mounted.destroy());
    assert.equal(await mounted.locator("[data-cell]").count(), 0);
    await first.locator(`[data-cell="${(await marks(first)).indexOf(".")}"]`).click();
    await settled(page);
    assert.equal(await markCount(first), 4);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("a game keeps its width where the page sizes it by its content, reads from the top left on a right-to-left page, and keeps its game when moved", async () => {
  const { page, problems, close } = await openHost("&plain=1");
  try {
    await page.locator('#first [data-cell="8"]').waitFor();
    await page.evaluate(() => {
      document.documentElement.dir = "rtl";
      document.documentElement.lang = "ar";
      // A flex row with text beside the game, and a floated game: each sizes the element by its content.
      const row = document.body.appendChild(document.createElement("div"));
      row.id = "row";
      row.style.display = "flex";
      row.append(Object.assign(document.createElement("p"), { textContent: "Text beside the game" }));
      for (const [id, parent] of [["beside", row], ["floating", document.body]]) {
        const game = parent.appendChild(document.createElement("tic-tac-toe"));
        game.id = id;
        game.setAttribute("delay", "0");
      }
      document.getElementById("floating").style.float = "right";
    });
    for (const id of ["beside", "floating"]) {
      const [board, first, third] = await Promise.all(
        [".ttt-board", '[data-cell="0"]', '[data-cell="2"]'].map((selector) => page.locator(`#${id} ${selector}`).boundingBox()),
      );
      assert.ok(board.width >= 300, `#${id}'s board is ${board.width} px wide`);
      assert.ok(first.x < third.x, `#${id}: row 1, column 1 is drawn on the left`);
      assert.equal(await page.locator(`#${id} .ttt`).getAttribute("lang"), "en");
    }
    // Moved, by appendChild or by moveBefore, the game goes on; removed and added again later, it starts anew.
    const first = page.locator("#first");
    await first.locator('[data-cell="0"]').click();
    await settled(page);
    assert.equal(await markCount(first), 2);
    await page.evaluate(() => document.getElementById("row").append(document.getElementById("first")));
    await page.evaluate(() => document.body.moveBefore?.(document.getElementById("first"), null));
    await settled(page);
    assert.equal(await markCount(first), 2, "moved, the game goes on");
    await page.evaluate(async () => {
      const element = document.getElementById("first");
      element.remove();
      await new Promise((resolve) => setTimeout(resolve, 10));
      document.body.append(element);
    });
    await first.locator('[data-cell="0"]').waitFor();
    assert.equal(await markCount(first), 0, "removed, then added again: a new game");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("games on one page show one tally: a result counted or a reset in one is shown in the others at once", async () => {
  const { page, problems, close } = await openHost("&plain=1");
  try {
    const [first, second] = [page.locator("#first"), page.locator("#second")];
    const tally = (game) => game.locator(".ttt-tally p").textContent();
    await second.locator('[data-cell="8"]').waitFor();
    await page.evaluate(() => document.getElementById("first").setAttribute("position", "XX.OO...."));
    await first.locator('[data-cell="2"]').click();
    assert.equal(await tally(first), "Tally at Unbeatable: you won 1, drew 0, lost 0.");
    assert.equal(await tally(second), await tally(first));
    // In a post the tally waits under Settings.
    await first.getByText("Settings", { exact: true }).click();
    await first.getByRole("button", { name: "Reset tally" }).click();
    assert.equal(await tally(second), "Tally at Unbeatable: you won 0, drew 0, lost 0.");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the iframe embed in a frame sandboxed without allow-same-origin is styled, plays, and keeps its tally for the visit", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${host.url}sandboxed.html?game=${encodeURIComponent(site.url)}`);
    const frame = page.frameLocator("iframe[sandbox]");
    await frame.locator("[data-cell='4']").click();
    await frame.locator("[data-cell]").filter({ hasText: "O" }).waitFor();
    const header = await frame.locator("h1").evaluate((heading) => getComputedStyle(heading).display);
    assert.equal(header, "none", "the embedded page's stylesheet applies: no header");
    assert.match(await frame.locator(".ttt-tally p").textContent(), /^Tally at Unbeatable: you won 0, drew 0, lost 0\.$/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the iframe embed is transparent around the game for a reader in dark mode on a page that declares no colour scheme", async () => {
  const { page, problems, close } = await watchedPage(browser, { colorScheme: "dark" });
  try {
    await page.goto(`${host.url}frame-height.html?game=${encodeURIComponent(site.url)}`);
    await page.frameLocator("#frame").locator('[data-cell="8"]').waitFor();
    const frame = await page.locator("#frame").boundingBox();
    // Two pixels of the frame's corner, around the game's card, and two of the page beside the frame.
    const pixels = (x) => page.screenshot({ clip: { x, y: frame.y + 1, width: 2, height: 2 } });
    assert.ok((await pixels(frame.x + 1)).equals(await pixels(1)), "the frame shows the page behind it");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

/** Computed styles that hostile CSS would change. */
const STYLE_PROPERTIES = [
  "fontFamily", "fontSize", "fontStyle", "letterSpacing", "color", "backgroundColor",
  "paddingTop", "borderTopWidth", "borderTopStyle", "width", "height", "textTransform", "display",
];

async function stylesOf(page, selectors) {
  const result = {};
  for (const selector of selectors) {
    result[selector] = await page.locator(selector).first().evaluate(
      (element, properties) => {
        const style = getComputedStyle(element);
        return Object.fromEntries(properties.map((p) => [p, style[p]]));
      },
      STYLE_PROPERTIES,
    );
  }
  return result;
}

test("the host's hostile CSS does not alter the games, nor the games' CSS the host", async () => {
  const gameParts = [
    "#first [data-cell='4']",
    "#first .ttt-status",
    "#first .ttt-button",
    "#first .ttt-share",
    "#second [data-cell='4']",
    "#mounted [data-cell='4']",
    "#mounted .ttt-history",
  ];
  const hostParts = ["#host-text", "#host-button"];

  const plain = await openHost("&plain=1");
  const hostile = await openHost("");
  const bare = await openHost("&nogame=1");
  try {
    for (const { page } of [plain, hostile]) await page.locator("#mounted [data-cell='4']").waitFor();
    const expected = await stylesOf(plain.page, gameParts);
    const actual = await stylesOf(hostile.page, gameParts);
    assert.deepEqual(actual, expected, "games look the same with and without the host's styles");
    assert.equal(actual["#first .ttt-share"].display, "none", "a hidden part stays hidden");
    // The host's own elements keep exactly the styles they have with no game on the page.
    assert.deepEqual(await stylesOf(hostile.page, hostParts), await stylesOf(bare.page, hostParts));
    const bodyStyle = async (page) => {
      const { height, ...rest } = (await stylesOf(page, ["body"])).body;
      return rest;
    };
    assert.deepEqual(await bodyStyle(hostile.page), await bodyStyle(bare.page));
    assert.equal(
      await hostile.page.evaluate(() => document.styleSheets.length + document.adoptedStyleSheets.length),
      1,
      "the games add no stylesheet to the host document",
    );
    assert.deepEqual(hostile.problems, []);
  } finally {
    await plain.close();
    await hostile.close();
    await bare.close();
  }
});

/** A few positions of every kind: the empty board, wins quick and slow, a loss, draws, finished games. Every
 * reachable position is checked natively (tests/api.rs); here, that the release wasm answers as the native code. */
const SAMPLE = [".........", "X........", "X...O....", "X.O.X.O..", "X..OX....", "XO.X.O...", "XOXXOO.X.", "XXXOO....", "XOXXOOOXX"];

test("analyze and bestMove answer as the native engine does, in the nine-cell and the rows form", async () => {
  const expected = apiAnswers(...SAMPLE);
  assert.equal(expected.size, SAMPLE.length);
  const { page, problems, close } = await openHost("&plain=1");
  try {
    const report = await page.evaluate((expected) => {
      const { analyze, bestMove } = window.api;
      const mismatches = [];
      let bestMoveCalls = 0;
      for (const entry of expected) {
        const want = JSON.stringify({ toMove: entry.toMove, moves: entry.moves, bestMoves: entry.bestMoves, nodes: entry.nodes });
        const rows = entry.position.replace(/^(...)(...)(...)$/, "$1/$2/$3");
        for (const position of [entry.position, rows]) {
          const got = JSON.stringify(analyze(position));
          if (got !== want) mismatches.push(`analyze(${position}): ${got} != ${want}`);
        }
        if (entry.over) continue;
        for (const [level, cells] of Object.entries(entry.engineMoves)) {
          // The level's choice among equal moves is random: a few calls each.
          for (let call = 0; call < 4; call++) {
            const cell = level === "unbeatable" && call === 0 ? bestMove(entry.position) : bestMove(entry.position, level);
            bestMoveCalls++;
            if (!cells.includes(cell)) mismatches.push(`bestMove(${entry.position}, ${level}) = ${cell}`);
          }
        }
      }
      return { mismatches, bestMoveCalls };
    }, [...expected.values()]);
    assert.deepEqual(report.mismatches, []);
    assert.equal(report.bestMoveCalls, (SAMPLE.length - 2) * 4 * 4);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("every bad input throws an Error with a clear message, and the module keeps answering", async () => {
  const { page, problems, close } = await openHost("&plain=1");
  try {
    const report = await page.evaluate(() => {
      const { analyze, bestMove, mount } = window.api;
      const element = () => {
        const div = document.createElement("div");
        document.body.append(div);
        return div;
      };
      const badPositions = [
        undefined, null, 42, {}, [], "", "X", "..........", "O........", "XX.......", "XXXOOO...",
        "XXXOO.O..", "<img src=x onerror=alert(1)>", "ÿÿÿÿÿÿÿÿÿ", "x".repeat(100000), Symbol("x"),
        "..../..../..../....", "X../.O.", "X../.O./...../", "OO./.X./...", "///",
      ];
      const cases = [];
      for (const position of badPositions) {
        cases.push([`analyze(${String(position).slice(0, 20)})`, () => analyze(position)]);
        cases.push([`bestMove(${String(position).slice(0, 20)})`, () => bestMove(position)]);
      }
      for (const finished of ["XXXOO....", "XOXXOOOXX", "OOOXX.X.X".replace("OOO", "XXX")]) {
        cases.push([`bestMove(${finished})`, () => bestMove(finished)]);
      }
      for (const level of ["godlike", "", 3, {}, "unbeatable "]) {
        if (level === "unbeatable ") continue; // surrounding spaces are forgiven
        cases.push([`bestMove(level ${String(level)})`, () => bestMove(".........", level)]);
      }
      const badOptions = [
        { foo: 1 }, { level: "godlike" }, { human: "Z" }, { human: true }, { delay: -1 }, { delay: 1.5 },
        { delay: "soon" }, { delay: 1e300 }, { position: "XX" }, { position: "XXXOOO..." }, { level: {} },
        [], "level=hard", () => {}, 7, { think: 1.5 }, { think: NaN }, { levl: undefined },
      ];
      for (const options of badOptions) {
        cases.push([`mount(options ${JSON.stringify(options) ?? String(options)})`, () => mount(element(), options)]);
      }
      for (const target of [null, undefined, "div", {}, document]) {
        cases.push([`mount(target ${String(target)})`, () => mount(target, {})]);
      }
      // Elements that would not show the game, or would put its buttons inside a control.
      for (const name of ["input", "img", "textarea", "select", "br", "button", "a", "video", "progress", "meter", "datalist", "colgroup", "frameset", "wbr", "param"]) {
        cases.push([`mount(<${name}>)`, () => mount(document.body.appendChild(document.createElement(name)), {})]);
      }
      const svg = document.body.appendChild(document.createElementNS("http://www.w3.org/2000/svg", "svg"));
      cases.push(["mount(<svg>)", () => mount(svg, {})]);
      const taken = element();
      const first = mount(taken, {});
      cases.push(["mount twice into one element", () => mount(taken, {})]);
      // A mount() game's set() throws too, for a position or a k its board cannot take.
      for (const [name, value] of [["position", "OOO......"], ["position", "XX"], ["k", "9"], ["k", "2"], ["level", "godlike"]]) {
        cases.push([`set(${name}, ${value})`, () => first.set(name, value)]);
      }

      const failures = [];
      const messages = [];
      for (const [name, call] of cases) {
        try {
          call();
          failures.push(`${name} did not throw`);
        } catch (error) {
          if (!(error instanceof Error)) failures.push(`${name} threw a non-Error: ${String(error)}`);
          else if (!error.message || /panicked|unreachable|RuntimeError/.test(error.message)) {
            failures.push(`${name}: unclear message ${error.message}`);
          } else messages.push(`${name} -> ${error.message}`);
        }
      }
      // Still answering afterwards, and no half-drawn games were left behind.
      const after = analyze(".........");
      const cell = bestMove("XX.OO....");
      first.destroy();
      const game = mount(element(), { level: "easy" });
      game.destroy();
      // Once its game is gone, a handle's calls do nothing, and do not throw.
      game.newGame();
      game.set("level", "hard");
      game.destroy();
      // ... but set() still checks its arguments, as on a live game.
      let checked = null;
      try {
        game.set("level", "nonsense");
      } catch (error) {
        checked = error.message;
      }
      // Options mirror the attributes, booleans included.
      const explained = element();
      const withPanels = mount(explained, { scores: true, tree: true, stats: false, scoring: "plain", position: "X.O.X.O.." });
      const panelsShown = explained.shadowRoot.querySelectorAll("[data-cell][data-outcome]").length;
      withPanels.destroy();
      // An option without a value is its default, as set() takes it: { level: choice } with no choice made.
      const unset = element();
      mount(unset, { level: undefined, human: null, board: undefined, k: undefined, position: null }).destroy();
      const withBoard = element();
      const boardGame = mount(withBoard, { board: "4x4", k: 3, level: null });
      const unsetBoard = withBoard.shadowRoot.querySelector("select[data-board] option:checked").textContent;
      boardGame.destroy();
      // set() changes one setting: the same board keeps its k and its position.
      const kept = element();
      const keptGame = mount(kept, { position: "..../.X../..O./....", k: 3, mode: "friend" });
      keptGame.set("board", "4x4");
      const keptMarks = [...kept.shadowRoot.querySelectorAll("[data-cell]")].map((cell) => cell.textContent || ".").join("");
      const keptBoard = kept.shadowRoot.querySelector("select[data-board] option:checked").textContent;
      keptGame.destroy();
      // No failed call left a game (or half of one) behind: only the host's own #mounted game remains.
      const leftovers = [...document.querySelectorAll("div:not(#mounted)")].filter((div) =>
        div.shadowRoot?.querySelector(".ttt"),
      );
      return { failures, messages, cases: cases.length, moves: after.moves.length, cell, leftovers: leftovers.length, panelsShown, checked, unsetBoard, keptMarks, keptBoard };
    });
    assert.deepEqual(report.failures, []);
    assert.equal(report.moves, 9);
    assert.equal(report.cell, 2);
    assert.equal(report.leftovers, 0);
    assert.equal(report.unsetBoard, "4x4, 3 in a row");
    assert.equal(report.keptMarks, ".....X....O.....");
    assert.equal(report.keptBoard, "4x4, 3 in a row");
    assert.equal(report.panelsShown, 5, "scores: true shows the scores of the five empty squares");
    assert.match(report.checked ?? "", /^set: level="nonsense" is not understood/);
    assert.ok(report.cases >= 60, `${report.cases} bad inputs tried`);
    for (const expected of [
      /analyze\(O\.\.\.\.\.\.\.\.\) -> analyze: O has more marks than X/,
      /bestMove\(XXXOO\.\.\.\.\) -> bestMove: the game is over/,
      /mount\(options \{"foo":1\}\) -> mount: unknown option "foo": the options are human, mode, level, position, delay, scores, tree, stats, step, scoring, board, k, rule, think, eval, horizon, practice, depth, branching, seed, controls, theme, leaves$/,
      /mount\(options \{"level":"godlike"\}\) -> mount: level="godlike" is not understood/,
      /mount twice into one element -> mount: this element already shows a game/,
      /mount\(<img>\) -> mount: <img> does not show a game inside it: mount the game into a <div>/,
      /mount\(<progress>\) -> mount: <progress> does not show a game inside it/,
      // A number an option does not take is explained by its setting, range and all, as JavaScript writes it.
      /mount\(options \{"think":1.5\}\) -> mount: think="1.5" is not understood: it must be a whole number of milliseconds from 10 to 60000\.$/,
      /mount\(options \{"think":null\}\) -> mount: think="NaN" is not understood: /,
      /mount\(options \{\}\) -> mount: unknown option "levl"/,
      /mount\(options \{"delay":1e\+300\}\) -> mount: delay="1e\+300" is not understood: it must be a whole number of milliseconds from 0 to 10000\.$/,
      /bestMove\(\/\/\/\) -> bestMove: a board has 3 to 15 rows and 3 to 15 columns, this position is 4x0 \(rows x columns\)$/,
    ]) {
      assert.ok(report.messages.some((m) => expected.test(m)), `${expected}:\n${report.messages.join("\n")}`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("newGame() and destroy() from a listener of the game's own focus events wait for its update, no panic", async () => {
  const { page, problems, close } = await openHost("&plain=1");
  try {
    await page.evaluate(() => {
      const div = document.createElement("div");
      div.id = "reentrant";
      document.body.append(div);
      window.reentrant = window.api.mount(div, { tree: true, delay: 0 });
      window.focusCalls = 0;
      // A new position while focus is in the tree: the game draws the tree anew and moves focus to its first
      // node, and these calls arrive in the middle of that update. (Focus moving within the game, by an arrow
      // key or by opening a node, whose item stays, is nothing its host hears of.)
      div.addEventListener("focusin", () => {
        window.focusCalls++;
        window.reentrant.newGame();
        if (window.destroyOnFocus) window.reentrant.destroy();
      });
    });
    const game = page.locator("#reentrant");
    await game.locator('[role="treeitem"]').first().click();
    await page.evaluate(() => window.reentrant.set("position", "X...O...."));
    await page.evaluate(() => window.reentrant.set("position", null));
    await settled(game);
    assert.ok((await page.evaluate(() => window.focusCalls)) >= 3);
    assert.ok(await game.locator(".ttt-panic").isHidden(), "the panic notice shows");
    // The game still plays.
    await game.locator('[data-cell="4"]').click();
    await settled(game);
    assert.equal(await markCount(game), 2);
    // destroy() in the middle of an update: the game goes right after it.
    await page.evaluate(() => (window.destroyOnFocus = true));
    await game.locator('[role="treeitem"]').first().focus();
    await page.evaluate(() => window.reentrant.set("position", "X...O...."));
    await game.locator("[data-cell]").first().waitFor({ state: "detached" });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("Share copies a link that reopens the same position and settings", async () => {
  const { page, problems, close } = await watchedPage(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  try {
    await page.goto(`${site.url}?level=hard&human=O&delay=0`);
    await settled(page);
    const board = await marks(page);
    const free = board.indexOf(".");
    await page.locator(`[data-cell="${free}"]`).click();
    await settled(page);
    const position = await marks(page);
    await page.getByRole("button", { name: "Share" }).click();
    await page.getByText("Copied to the clipboard.").waitFor();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(await page.getByLabel("Link to this game").inputValue(), url);
    assert.ok(url.startsWith(site.url), url);
    assert.match(url, new RegExp(`position=${position.replaceAll(".", "\\.")}`));
    // The link on show follows the game: a move later it opens the new position, and no longer says it was copied.
    await page.locator(`[data-cell="${position.indexOf(".")}"]`).click();
    await settled(page);
    const later = await marks(page);
    assert.match(await page.getByLabel("Link to this game").inputValue(), new RegExp(`position=${later.replaceAll(".", "\\.")}`));
    assert.equal(await page.getByText("Copied to the clipboard.").count(), 0);

    await page.goto(url);
    await page.locator("[data-cell]").first().waitFor();
    await settled(page);
    assert.equal(await marks(page), position, "the same position");
    assert.equal(await page.getByLabel("Difficulty").inputValue(), "hard");
    assert.equal(await page.getByRole("radio", { name: /^O,/ }).isChecked(), true);
    assert.equal(await page.locator('[role="status"]').first().textContent(), "Your turn: you play O.");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

/** Pastes `html` into a post of its own on another origin (a blog), opens it at `width` px and runs `check(page)`,
 * then insists on no console error or failed request. */
async function pasted(html, width, check) {
  const posts = mkdtempSync(join(tmpdir(), "pasted-posts-"));
  const blog = await serve(posts, { prefix: "/blog/" });
  writeFileSync(join(posts, "post.html"), `<!doctype html><html lang="en"><meta charset="utf-8"><title>A post</title><link rel="icon" href="data:,">\n${html}`);
  const { page, problems, close } = await watchedPage(browser, { viewport: { width, height: 900 } });
  try {
    await page.goto(`${blog.url}post.html`);
    await check(page);
    assert.deepEqual(problems, []);
  } finally {
    await close();
    await blog.close();
    rmSync(posts, { recursive: true, force: true });
  }
}

test("Embed shows the iframe and the element for the game on the screen, each copied whole and working as pasted", async () => {
  const { page, problems, close } = await watchedPage(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  const snippets = {};
  try {
    await page.goto(`${site.url}?board=7x7&level=hard&human=X&think=100&scores=1&delay=0`);
    await page.locator('[data-cell="24"]').click();
    await page.locator(".ttt-cell.ttt-last", { hasText: "O" }).waitFor({ timeout: 30_000 });
    const position = await marks(page);
    const embed = page.getByRole("button", { name: "Embed" });
    assert.equal(await embed.getAttribute("aria-expanded"), "false");
    await embed.click();
    assert.equal(await embed.getAttribute("aria-expanded"), "true");
    for (const [name, label] of [["iframe", "An iframe, which grows with the game"], ["element", "A custom element"]]) {
      snippets[name] = await page.getByRole("textbox", { name: label }).inputValue();
      await page.getByRole("button", { name: `Copy: ${label}` }).click();
      await page.locator(".ttt-embed-copy", { has: page.locator(`[data-copy="${name}"]`) }).getByText("Copied to the clipboard.").waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippets[name]);
    }
    const settings = `level=hard&amp;delay=0&amp;board=7x7&amp;think=100&amp;position=${position.replace(/(.{7})(?!$)/g, "$1/")}&amp;scores=1`;
    assert.ok(snippets.iframe.startsWith(`<iframe src="${site.url}?embed=1&amp;${settings}" title="Five in a row on 7x7 against minimax"`), snippets.iframe);
    assert.match(snippets.iframe, /frame\.height = event\.data\.tictactoeHeight/, "it carries the script that sizes the frame");
    assert.match(snippets.element, new RegExp(`^<script type="module" src="${site.url}tic-tac-toe\\.js"></script>\n<tic-tac-toe level="hard" delay="0" board="7x7" think="100" position="[^"]+" scores="1"></tic-tac-toe>$`));
    // The box follows the game: a move later, the snippets give the new position.
    await page.locator('[data-cell="0"]').click();
    await page.locator(".ttt-cell.ttt-last", { hasText: "O" }).waitFor({ timeout: 30_000 });
    assert.notEqual(await page.getByRole("textbox", { name: "A custom element" }).inputValue(), snippets.element);
    assert.equal(await page.getByText("Copied to the clipboard.").count(), 0);
    await embed.click();
    assert.equal(await page.locator(".ttt-embed").isHidden(), true);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
  // Pasted into a post: the same game, as wide as the post's column, the frame growing with the game.
  const sameGame = async (scope) => {
    await scope.locator(".ttt-cell.ttt-scored").first().waitFor({ timeout: 30_000 });
    assert.equal(await markCount(scope), 2);
    assert.equal(await scope.locator(".ttt-scores").isVisible(), true);
  };
  await pasted(snippets.iframe, 420, async (page) => {
    const frame = page.frameLocator("iframe");
    await sameGame(frame);
    await page.waitForFunction(() => Number(document.querySelector("iframe").height) !== 600);
    const [frameWidth, bodyWidth] = await page.evaluate(() => [document.querySelector("iframe").getBoundingClientRect().width, document.body.clientWidth]);
    assert.equal(frameWidth, bodyWidth, "the frame takes the column's width");
  });
  await pasted(snippets.element, 420, async (page) => {
    await sameGame(page.locator("tic-tac-toe"));
    const [elementWidth, bodyWidth] = await page.evaluate(() => [document.querySelector("tic-tac-toe").getBoundingClientRect().width, document.body.clientWidth]);
    assert.equal(elementWidth, bodyWidth, "the element takes the column's width");
  });
});

test("a game embedded elsewhere shares a link to the game's own page", async () => {
  const { page, problems, close } = await openHost("&plain=1");
  try {
    await page.locator("#first [data-cell='4']").click();
    await settled(page);
    // In a post Share waits under Settings.
    await page.locator("#first").getByText("Settings", { exact: true }).click();
    await page.locator("#first").getByRole("button", { name: "Share" }).click();
    const link = page.locator("#first").getByLabel("Link to this game");
    await link.waitFor();
    const url = await link.inputValue();
    assert.ok(url.startsWith(`${site.url}index.html?`), url);
    assert.match(url, /position=/);
    // Without clipboard permission the link is there to copy by hand.
    await page.locator("#first").getByText(/Copied to the clipboard\.|Copy it from the box above\./).waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the example post shows the code of each game under it, naming this site, as the game is written", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}embed.html`);
    await page.locator("tic-tac-toe [data-cell='8']").waitFor();
    await page.locator("#api-game [data-cell='8']").waitFor();
    const code = (id) => page.locator(`#${id} code`).textContent();
    const [script, element] = (await code("element-code")).split("\n");
    assert.equal(script, `<script type="module" src="${site.url}tic-tac-toe.js"></script>`);
    assert.equal(element, await page.locator("tic-tac-toe").evaluate((game) => game.outerHTML));
    const iframe = await code("iframe-code");
    const query = new URL(await page.locator("#frame").evaluate((frame) => frame.src)).search;
    assert.ok(iframe.startsWith(`<iframe src="${site.url}${query.replaceAll("&", "&amp;")}"`), iframe);
    assert.match(iframe, /frame\.height = event\.data\.tictactoeHeight;/);
    assert.match(await code("api-code"), new RegExp(`from "${site.url}tictactoe\\.js";[\\s\\S]*mount\\(document\\.getElementById\\("api-game"\\)`));
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the example post and the embedded page load without errors", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}embed.html`);
    await page.locator("tic-tac-toe [data-cell='8']").waitFor();
    await page.locator("#api-game [data-cell='8']").waitFor();
    await page.frameLocator("#frame").locator("[data-cell='8']").waitFor();
    assert.match(await page.locator("#analysis").textContent(), /all 9 first moves lead to a draw/);
    assert.equal(await page.locator("#best-move").textContent(), "row 3, column 3");
    assert.equal(await marks(page.locator("#api-game")), "X.O.X.O..");
    // The iframe is sized to its game from the first report on (the post listens before loading the module).
    const gameFrame = page.frames().find((f) => f.url().includes("embed=1"));
    const needs = await gameFrame.evaluate(() => {
      const main = document.querySelector("main");
      return Math.ceil(main.getBoundingClientRect().bottom + window.scrollY);
    });
    await page.waitForFunction((least) => Number(document.getElementById("frame").height) >= least, needs, { timeout: 5000 });
    const overflow = await gameFrame.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);
    assert.ok(overflow <= 1, `the frame fits its game, no scrollbar: ${overflow} px over`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("a change from outside that takes the focused element away leaves focus on the board, not the page", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}embed.html`);
    const game = page.locator("tic-tac-toe");
    await game.locator("[data-cell='8']").waitFor();
    /** The focused element inside the custom element's game, or the page's own. */
    const focused = () =>
      page.evaluate(() => {
        const inside = document.querySelector("tic-tac-toe").shadowRoot?.activeElement;
        const active = inside ?? document.activeElement;
        return active.dataset?.cell !== undefined ? `cell ${active.dataset.cell}` : active.localName;
      });
    await page.evaluate(() => document.querySelector("tic-tac-toe").setAttribute("delay", "0"));
    await game.locator("[data-cell='8']").focus();
    // Its squares are built anew for another board.
    await page.evaluate(() => document.querySelector("tic-tac-toe").setAttribute("board", "4x4"));
    assert.match(await focused(), /^cell \d+$/);
    await page.evaluate(() => document.querySelector("tic-tac-toe").removeAttribute("board"));
    // A move of the history, hidden by the new game a changed level starts.
    await game.locator("[data-cell='4']").click();
    await settled(game);
    await game.locator("[data-jump='2']").focus();
    await page.evaluate(() => document.querySelector("tic-tac-toe").setAttribute("level", "easy"));
    assert.match(await focused(), /^cell \d+$/);
    // A position (read together with the board and k) starts a new game as a level does: the game stays, says so
    // in its status line, and keeps focus where it was.
    await game.getByRole("button", { name: "New game" }).focus();
    await page.evaluate(() => document.querySelector("tic-tac-toe").setAttribute("position", "X...O...."));
    assert.equal(await focused(), "button");
    assert.equal(await game.getByRole("button", { name: "New game" }).evaluate((button) => button.matches(":focus")), true);
    assert.match(await game.locator(".ttt-status").textContent(), /^New game\. /);
    assert.equal(await game.locator("[data-cell='4']").textContent(), "O");
    // A board that shrinks keeps its one tab stop, though the keyboard's square was beyond the smaller board.
    await page.evaluate(() => {
      const element = document.querySelector("tic-tac-toe");
      element.removeAttribute("position");
      element.setAttribute("board", "5x5");
    });
    await game.locator("[data-cell][tabindex='0']").focus();
    await page.keyboard.press("Control+End");
    assert.equal(await focused(), "cell 24");
    await page.evaluate(() => document.querySelector("tic-tac-toe").setAttribute("board", "3x3"));
    assert.equal(await game.locator("[data-cell][tabindex='0']").count(), 1);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the example post does not jump when its games appear: no layout shift on a phone", async () => {
  const { page, problems, close } = await watchedPage(browser, { viewport: { width: 412, height: 823 } });
  try {
    await page.addInitScript(() => {
      window.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifts.push(entry.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`${site.url}embed.html`);
    await page.locator("tic-tac-toe [data-cell='8']").waitFor();
    await page.locator("#api-game [data-cell='8']").waitFor();
    await page.frameLocator("#frame").locator("[data-cell='8']").waitFor();
    // Two frames for the last layout and its shifts to be reported.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const shift = await page.evaluate(() => window.shifts.reduce((sum, value) => sum + value, 0));
    assert.ok(shift < 0.01, `cumulative layout shift ${shift}`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("each of the three embed snippets of docs/embedding.md works as pasted into a post of another origin", async () => {
  const embedding = readFileSync(join(ROOT, "docs/embedding.md"), "utf8");
  const section = embedding.split("\n## The three ways\n")[1].split("\n## ")[0];
  const snippets = [...section.matchAll(/```html\n([\s\S]*?)```/g)].map((match) => match[1]);
  assert.equal(snippets.length, 3, "an iframe, a custom element, the JS API");
  const checks = [
    // The iframe, its height following the game's: at 360 px wide, Settings opened make the game taller than the
    // snippet's frame.
    async (page) => {
      const frame = page.frameLocator("iframe");
      await frame.locator("[data-cell='8']").waitFor();
      const given = Number(await page.locator("iframe").getAttribute("height"));
      await frame.getByText("Settings", { exact: true }).click();
      await page.waitForFunction((given) => Number(document.querySelector("iframe").height) > given + 300, given);
    },
    async (page) => {
      // Two games, and two alpha-beta exercises (one on a position, one on an abstract tree).
      const games = page.locator("tic-tac-toe");
      assert.equal(await games.count(), 4);
      for (let index = 0; index < 4; index++) await games.nth(index).locator("[data-cell='8']").waitFor();
      await games.nth(3).locator(".ttt-pnode").first().waitFor();
    },
    async (page) => {
      await page.locator("#game [data-cell='8']").waitFor();
      // The snippet's `think` answers from a worker before `analyze` runs: wait for the module's work to be done.
      await page.waitForTimeout(1_500);
    },
  ];
  // Each snippet alone in a post, served from a server of its own: another origin, as a blog is.
  const posts = mkdtempSync(join(tmpdir(), "readme-posts-"));
  const blog = await serve(posts, { prefix: "/blog/" });
  try {
    for (const [index, snippet] of snippets.entries()) {
      const html = snippet.replaceAll("https://USER.github.io/REPO/", site.url);
      writeFileSync(join(posts, `${index}.html`), `<!doctype html><html lang="en"><meta charset="utf-8"><title>A post</title><link rel="icon" href="data:,">\n${html}`);
      const { page, problems, close } = await watchedPage(browser, { viewport: { width: 360, height: 800 } });
      try {
        await page.goto(`${blog.url}${index}.html`);
        await checks[index](page);
        assert.deepEqual(problems, [], `snippet ${index + 1}`);
      } finally {
        await close();
      }
    }
  } finally {
    await blog.close();
    rmSync(posts, { recursive: true, force: true });
  }
});

test("the README's snippets work as pasted into a post of another origin: the iframe grows with its game", async () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const block = readme.split("\n## Put it in a blog post\n")[1].match(/```html\n([\s\S]*?)```/)[1];
  await pasted(block.replaceAll("https://USER.github.io/REPO/", site.url), 360, async (page) => {
    const frame = page.frameLocator("iframe");
    await frame.locator("[data-cell='8']").waitFor();
    await page.locator("tic-tac-toe [data-cell='8']").waitFor();
    await page.locator("#game [data-cell='8']").waitFor();
    await page.waitForFunction(() => Number(document.querySelector("iframe").height) !== 600);
    const given = Number(await page.locator("iframe").getAttribute("height"));
    await frame.getByText("Settings", { exact: true }).click();
    await page.waitForFunction((given) => Number(document.querySelector("iframe").height) > given + 300, given);
  });
});

test("a custom element follows its attributes in any order: a k set before its board applies to that board", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}embed.html`);
    const game = page.locator("tic-tac-toe");
    await game.locator("[data-cell='8']").waitFor();
    const chosen = () => game.locator("select[data-board] option:checked").textContent();
    // k=6 on the 3x3 board is refused; the board that follows takes it.
    await page.evaluate(() => {
      const element = document.querySelector("tic-tac-toe");
      element.setAttribute("k", "6");
      element.setAttribute("board", "9x9");
    });
    assert.equal(await game.locator("[data-cell]").count(), 81);
    assert.equal(await chosen(), "9x9, 6 in a row");
    assert.deepEqual(await game.locator(".ttt-problems .ttt-notice").allTextContents(), [], "no sentence about the 3x3 board");
    // Another board where 6 fits keeps it; one where it does not says so, and plays its own default.
    await page.evaluate(() => document.querySelector("tic-tac-toe").setAttribute("board", "7x7"));
    assert.equal(await chosen(), "7x7, 6 in a row");
    await page.evaluate(() => document.querySelector("tic-tac-toe").setAttribute("board", "4x4"));
    assert.equal(await chosen(), "4x4, 4 in a row");
    assert.match(await game.locator(".ttt-problems .ttt-notice").first().textContent(), /^k="6" is not understood/);
    // The same attributes make the same game live as after a reload: a 3x3 position on a 7x7 board is explained
    // and the board kept, and a k then set applies to that board.
    const shown = async () => ({
      cells: await game.locator("[data-cell]").count(),
      marks: (await game.locator("[data-cell]").allTextContents()).join(""),
      board: await chosen(),
      notices: await game.locator(".ttt-problems .ttt-notice").allTextContents(),
    });
    const live = async (changes) => {
      await page.evaluate((changes) => {
        const element = document.querySelector("tic-tac-toe");
        for (const name of ["k", "board", "position"]) element.removeAttribute(name);
        for (const [name, value] of changes) element.setAttribute(name, value);
      }, changes);
      return shown();
    };
    // A new element with these attributes, as a page that loads with them has it.
    const loaded = async (attributes) => {
      await page.evaluate((attributes) => {
        const old = document.querySelector("tic-tac-toe");
        const element = document.createElement("tic-tac-toe");
        for (const [name, value] of attributes) element.setAttribute(name, value);
        old.replaceWith(element);
      }, attributes);
      await game.locator("[data-cell='0']").waitFor();
      return shown();
    };
    for (const attributes of [
      [["board", "7x7"], ["position", "X...O...."], ["k", "5"]],
      [["position", "..../.X../..O./...."], ["board", "5x5"]],
    ]) {
      const changed = await live(attributes);
      assert.equal(changed.notices.length, 1, JSON.stringify(changed));
      assert.deepEqual(changed, await loaded(attributes), JSON.stringify(attributes));
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

// The controls a reader can see, by name, each found by what the game's elements carry.
const CONTROLS = {
  "New game": "[data-action='new-game']",
  Undo: "[data-action='undo']",
  Hint: "[data-action='hint']",
  Share: "[data-action='share']",
  Board: "select[data-board]",
  Opponent: "input[data-setting='mode']",
  Side: "input[data-setting='human']",
  Difficulty: "select[data-setting='level']",
  Panels: "input[data-setting='scores']",
  Moves: ".ttt-history",
  Tally: ".ttt-tally",
  Settings: ".ttt-settings > summary",
};

/**
 * What the game in `scope` (a locator of its host element or of a frame's body) shows: `inView`, the names of
 * the controls a reader sees; `underSettings`, those inside the Settings disclosure; whether it is `open`; the
 * status and the board seen; the notices above the board and whether they are above it.
 */
function shown(scope) {
  return scope.evaluate((host, controls) => {
    const root = [host, ...host.querySelectorAll("*")].find((element) => element.shadowRoot?.querySelector(".ttt")).shadowRoot;
    const seen = (element) => element.checkVisibility() && element.getClientRects().length > 0;
    const details = root.querySelector(".ttt-settings");
    const names = (test) => Object.entries(controls).filter(([, selector]) => test(root.querySelector(selector))).map(([name]) => name);
    const board = root.querySelector(".ttt-board");
    const notices = [...root.querySelectorAll(".ttt-problems .ttt-notice")];
    return {
      inView: names(seen),
      underSettings: names((element) => details.contains(element) && element.tagName !== "SUMMARY"),
      open: details.open,
      status: seen(root.querySelector(".ttt-status")),
      board: seen(board),
      notices: notices.map((notice) => notice.textContent),
      noticesAbove: notices.every((notice) => seen(notice) && notice.compareDocumentPosition(board) & Node.DOCUMENT_POSITION_FOLLOWING),
    };
  }, CONTROLS);
}

const EVERYTHING = Object.keys(CONTROLS).filter((name) => name !== "Settings");
const COMPACT = ["New game", "Undo", "Settings"];

test("a game in a post shows its status, board, New game and Undo, the rest in a closed Settings disclosure the keyboard opens", async () => {
  const { page, problems, close } = await openHost("&plain=1");
  try {
    const first = page.locator("#first");
    const frame = page.frameLocator("#frame");
    await first.locator('[data-cell="8"]').waitFor();
    await page.locator('#mounted [data-cell="8"]').waitFor();
    await frame.locator('[data-cell="8"]').waitFor();
    // The three ways of embedding: an element, mount() and an iframe's ?embed=1.
    for (const scope of [first, page.locator("#mounted"), frame.locator("body")]) {
      const game = await shown(scope);
      assert.deepEqual(game.inView, COMPACT);
      assert.deepEqual(game.underSettings, EVERYTHING.filter((name) => !["New game", "Undo"].includes(name)));
      assert.equal(game.open, false);
      assert.ok(game.status && game.board);
    }
    // The summary is a target of at least 44 px, and the keyboard reaches it after Undo and opens it.
    const summary = first.locator(".ttt-settings > summary");
    const box = await summary.boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, JSON.stringify(box));
    await first.locator("[data-action='undo']").focus();
    await page.keyboard.press("Tab");
    assert.equal(await first.evaluate((host) => host.shadowRoot.activeElement?.tagName), "SUMMARY");
    await page.keyboard.press("Enter");
    let game = await shown(first);
    assert.equal(game.open, true);
    assert.deepEqual(game.inView, [...EVERYTHING, "Settings"]);
    // What is inside works as it does in view: a level chosen there plays.
    await first.getByLabel("Difficulty").selectOption("easy");
    assert.equal(await first.getByLabel("Difficulty").inputValue(), "easy");
    await page.keyboard.press("Shift+Tab");
    await summary.focus();
    await page.keyboard.press(" ");
    game = await shown(first);
    assert.equal(game.open, false);
    assert.deepEqual(game.inView, COMPACT);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("controls lists what a post keeps in view, live: level side, all, a bad word explained; Share's link carries it", async () => {
  const { page, problems, close } = await openHost("&plain=1");
  try {
    const first = page.locator("#first");
    await first.locator('[data-cell="8"]').waitFor();
    const attribute = (value) =>
      page.evaluate((value) => {
        const element = document.getElementById("first");
        if (value === null) element.removeAttribute("controls");
        else element.setAttribute("controls", value);
      }, value);
    await first.locator('[data-cell="4"]').click();
    await settled(page);
    await attribute("level side");
    let game = await shown(first);
    assert.deepEqual(game.inView, ["New game", "Undo", "Side", "Difficulty", "Settings"]);
    assert.equal(await markCount(first), 2, "the game goes on");
    await attribute("all");
    game = await shown(first);
    assert.deepEqual(game.inView, EVERYTHING, "everything, and no Settings");
    await attribute(null);
    assert.deepEqual((await shown(first)).inView, COMPACT);
    // A word that is no group is explained above the board, and the default used.
    await attribute("level sid");
    game = await shown(first);
    assert.deepEqual(game.inView, COMPACT);
    assert.equal(game.notices.length, 1);
    assert.match(game.notices[0], /^controls="level sid" is not understood: it must be all, or groups of controls from board, opponent, side, level, panels, moves, tally, hint and share/);
    assert.ok(game.noticesAbove);
    // Share, kept in view, makes a link that carries the post's controls.
    await attribute("share, level");
    assert.deepEqual((await shown(first)).notices, []);
    await first.getByRole("button", { name: "Share" }).click();
    const link = first.getByLabel("Link to this game");
    await link.waitFor();
    assert.match(await link.inputValue(), /[?&]controls=share,level(&|$)/);

    // mount()'s option and set(): the same words; a bad one throws.
    const report = await page.evaluate(() => {
      const div = document.body.appendChild(document.createElement("div"));
      const game = window.api.mount(div, { controls: "moves tally", delay: 0 });
      const seen = (selector) => div.shadowRoot.querySelector(selector).checkVisibility();
      const moves = [seen(".ttt-history"), seen(".ttt-tally"), seen("select[data-setting='level']")];
      game.set("controls", "all");
      const all = [seen("select[data-setting='level']"), seen(".ttt-settings > summary")];
      let thrown = null;
      try {
        game.set("controls", "levle");
      } catch (error) {
        thrown = error.message;
      }
      game.destroy();
      return { moves, all, thrown };
    });
    assert.deepEqual(report.moves, [true, true, false]);
    assert.deepEqual(report.all, [true, false]);
    assert.match(report.thrown ?? "", /^set: controls="levle" is not understood/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the game page keeps every control in view; ?embed=1 is compact, and takes controls= from its URL", async () => {
  const { page, problems, close } = await watchedPage(browser, { viewport: { width: 420, height: 900 } });
  try {
    const open = async (query) => {
      await page.goto(`${site.url}${query}`);
      await page.locator("[data-cell='8']").waitFor();
      return shown(page.locator("body"));
    };
    for (const query of ["", "?controls=level", "?embed=0&controls=all"]) {
      assert.deepEqual((await open(query)).inView, EVERYTHING, query);
    }
    assert.deepEqual((await open("?embed=1")).inView, COMPACT);
    assert.deepEqual((await open("?embed=1&controls=all")).inView, EVERYTHING);
    assert.deepEqual((await open("?embed=1&controls=hint,level")).inView, ["New game", "Undo", "Hint", "Difficulty", "Settings"]);
    const bad = await open("?embed=1&controls=bogus");
    assert.deepEqual(bad.inView, COMPACT);
    assert.match(bad.notices.join(" "), /^controls="bogus" is not understood: /);
    assert.ok(bad.noticesAbove);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the example post's iframe sits in the post's column, aligned with the other two examples, and is compact", async (t) => {
  for (const width of [1280, 412]) {
    const { page, problems, close } = await watchedPage(browser, { viewport: { width, height: 900 } });
    try {
      await page.goto(`${site.url}embed.html`);
      await page.locator("tic-tac-toe [data-cell='8']").waitFor();
      await page.locator("#api-game [data-cell='8']").waitFor();
      const frame = page.frameLocator("#frame");
      await frame.locator("[data-cell='8']").waitFor();
      const gameFrame = page.frames().find((f) => f.url().includes("embed=1"));
      const needs = await gameFrame.evaluate(() => Math.ceil(document.querySelector("main").getBoundingClientRect().bottom + window.scrollY));
      await page.waitForFunction((needs) => Number(document.getElementById("frame").height) === needs, needs, { timeout: 5000 });
      const boxes = await page.evaluate(() =>
        Object.fromEntries(["#frame", "tic-tac-toe", "#api-game"].map((selector) => {
          const box = document.querySelector(selector).getBoundingClientRect();
          return [selector, { left: Math.round(box.left), width: Math.round(box.width), height: Math.round(box.height) }];
        })),
      );
      t.diagnostic(`${width} px wide: ${JSON.stringify(boxes)}`);
      for (const other of ["tic-tac-toe", "#api-game"]) {
        assert.ok(Math.abs(boxes["#frame"].left - boxes[other].left) <= 1, `${width}: the frame's left edge is ${other}'s`);
        assert.ok(Math.abs(boxes["#frame"].width - boxes[other].width) <= 1, `${width}: the frame is as wide as ${other}`);
      }
      // Today's compact game, against the 1,268 px of the whole control set it carried before.
      assert.ok(boxes["#frame"].height < 700, `${width}: the frame is ${boxes["#frame"].height} px tall`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  }
});
