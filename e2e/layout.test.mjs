// The game's layout as a reader meets it (the release build in headless Chromium): every board on every screen,
// on the game page and in a post, with nothing outside the screen and no sideways scroll.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, host, site, useSites, watchedPage } from "./browser.mjs";

useSites();

const WIDTHS = [320, 360, 390, 768, 1280];
// From 3x3 to 15x15, the long thin ones too.
const BOARDS = ["3x3", "4x4", "5x5", "7x7", "15x15", "3x15", "15x3"];

/** What lies outside the screen in `frame` (a page or an iframe's frame): its sideways scroll, and the squares
 * whose box is not within the window's width. */
function outside(frame) {
  return frame.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const squares = [];
    const visit = (root) => {
      for (const cell of root.querySelectorAll("[data-cell]")) {
        const box = cell.getBoundingClientRect();
        if (box.left < 0 || box.right > width + 0.5) squares.push(`${cell.dataset.cell}: ${box.left}-${box.right}`);
      }
      for (const element of root.querySelectorAll("*")) if (element.shadowRoot) visit(element.shadowRoot);
    };
    visit(document);
    return { scroll: document.documentElement.scrollWidth - width, squares: squares.slice(0, 3) };
  });
}

test("every board fits every screen from 320 px, on the game page and in a post, with no sideways scroll", async () => {
  const { page, problems, close } = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
  try {
    for (const board of BOARDS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${site.url}?board=${board}`);
      await page.locator("[data-cell]").first().waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        assert.deepEqual(await outside(page), { scroll: 0, squares: [] }, `the game page, ${board} at ${width} px`);
      }
    }
    await page.goto(`${host.url}boards.html?game=${encodeURIComponent(site.url)}&boards=${BOARDS.join(",")}`);
    await page.locator("tic-tac-toe").last().locator("[data-cell]").first().waitFor();
    const frame = page.frameLocator("#frame");
    await frame.locator("[data-cell]").first().waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      assert.deepEqual(await outside(page), { scroll: 0, squares: [] }, `the post at ${width} px`);
      const inFrame = page.frames().find((f) => f.url().includes("embed=1"));
      assert.deepEqual(await outside(inFrame), { scroll: 0, squares: [] }, `the iframe at ${width} px`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("at 1280x800 the game page shows a 15x15 board and its status in the first screen", async () => {
  const { page, close } = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${site.url}?board=15x15`);
    await page.locator("[data-cell]").first().waitFor();
    const [status, frame] = await Promise.all([page.locator(".ttt-status").boundingBox(), page.locator(".ttt-board-frame").boundingBox()]);
    assert.ok(status.y >= 0 && frame.y + frame.height <= 800, `status at ${status.y}, board to ${frame.y + frame.height}`);
  } finally {
    await close();
  }
});

test("a post chooses the game's look: theme= light or dark whatever the system, and its own colours and font", async () => {
  const { page, problems, close } = await watchedPage(browser, { colorScheme: "light" });
  try {
    await page.goto(`${host.url}dark-blog.html?game=${encodeURIComponent(site.url)}`);
    await page.waitForFunction(() => window.hostReady);
    for (const id of ["dark", "styled", "auto"]) await page.locator(`#${id} [data-cell]`).first().waitFor();
    await page.locator("#mounted [data-cell]").first().waitFor();
    const looks = (scope) =>
      scope.locator(".ttt").evaluate((root) => {
        const css = getComputedStyle(root);
        const mark = (player) => {
          const cell = root.querySelector(`.ttt-cell.ttt-${player}`);
          return cell ? getComputedStyle(cell).color : null;
        };
        return { background: css.backgroundColor, color: css.color, font: css.fontFamily, x: mark("x"), o: mark("o") };
      });
    // Dark on a light system, as the post asks.
    assert.equal((await looks(page.locator("#dark"))).background, "rgb(22, 22, 26)");
    // The post's own colours and font, set on the element, reach inside its shadow root.
    assert.deepEqual(await looks(page.locator("#styled")), {
      background: "rgba(0, 0, 0, 0)",
      color: "rgb(238, 238, 238)",
      font: "Georgia, serif",
      x: "rgb(0, 200, 255)",
      o: "rgb(255, 100, 200)",
    });
    const focusRing = await page.locator("#styled [data-cell='1']").evaluate((cell) => {
      cell.focus();
      return getComputedStyle(cell).outlineColor;
    });
    assert.equal(focusRing, "rgb(255, 200, 0)", "--ttt-accent colours the focus ring");
    // mount()'s option, with a custom property on the element it mounts into; and the game's own font by default.
    const mounted = await looks(page.locator("#mounted"));
    assert.equal(mounted.background, "rgb(255, 255, 255)");
    assert.equal(mounted.x, "rgb(10, 20, 30)");
    assert.match(mounted.font, /^system-ui/);
    // auto follows the system; a changed attribute changes the look of the game as it stands.
    assert.equal((await looks(page.locator("#auto"))).background, "rgb(255, 255, 255)");
    await page.emulateMedia({ colorScheme: "dark" });
    assert.equal((await looks(page.locator("#auto"))).background, "rgb(22, 22, 26)");
    await page.locator("#auto").evaluate((element) => element.setAttribute("theme", "light"));
    await page.locator("#auto .ttt[data-theme='light']").waitFor();
    assert.equal((await looks(page.locator("#auto"))).background, "rgb(255, 255, 255)");
    await page.locator("#auto").evaluate((element) => element.setAttribute("theme", "blue"));
    await page.locator("#auto .ttt-notice", { hasText: 'theme="blue" is not understood: it must be auto, light or dark.' }).waitFor();
    // The iframe: the game dark on the frame's transparent page.
    const frame = page.frames().find((f) => f.url().includes("embed=1"));
    await frame.locator("[data-cell]").first().waitFor();
    assert.equal((await looks(frame)).background, "rgb(22, 22, 26)");
    assert.equal(await frame.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgba(0, 0, 0, 0)");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("?theme= colours the game page too, whatever the system says", async () => {
  const { page, close } = await watchedPage(browser, { colorScheme: "dark" });
  try {
    await page.goto(`${site.url}?theme=light`);
    await page.locator("[data-cell]").first().waitFor();
    const colours = () => page.evaluate(() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.querySelector("#game").shadowRoot.querySelector(".ttt")).backgroundColor]);
    assert.deepEqual(await colours(), ["rgb(255, 255, 255)", "rgb(255, 255, 255)"]);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${site.url}?theme=dark`);
    await page.locator("[data-cell]").first().waitFor();
    assert.deepEqual(await colours(), ["rgb(22, 22, 26)", "rgb(22, 22, 26)"]);
  } finally {
    await close();
  }
});

/** The box of `locator` on the page (wherever it is scrolled), rounded to the pixel. */
function place(locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return [box.x + scrollX, box.y + scrollY, box.width, box.height].map(Math.round);
  });
}

test("at 1280 px a panel switched on or off moves neither the board nor the switch just used", async () => {
  const { page, problems, close } = await watchedPage(browser, { viewport: { width: 1280, height: 800 } });
  try {
    for (const query of ["?delay=0", "?board=15x15&delay=0"]) {
      await page.goto(`${site.url}${query}`);
      await page.locator("[data-cell]").first().waitFor();
      const board = page.locator(".ttt-board");
      const before = await place(board);
      // While no panel is open, the column beside the board says where they come.
      assert.match(await page.locator(".ttt-aside-note").textContent(), /opens here, beside the board/);
      for (const name of ["Move scores", "Game tree", "Search statistics", "Step through the search", "Practise alpha-beta"]) {
        const box = page.getByRole("checkbox", { name });
        const at = await place(box);
        await box.check();
        await page.locator(".ttt-panel:not([hidden])").first().waitFor();
        assert.deepEqual(await place(board), before, `${query}: the board, after ${name} on`);
        assert.deepEqual(await place(box), at, `${query}: ${name}, switched on`);
        await box.uncheck();
        assert.deepEqual(await place(board), before, `${query}: the board, after ${name} off`);
        assert.deepEqual(await place(box), at, `${query}: ${name}, switched off`);
      }
    }
    // In a wide post, the column is there from the start too: a panel switched on under Settings moves no board.
    await page.goto(`${site.url}?embed=1&delay=0`);
    await page.locator("[data-cell]").first().waitFor();
    await page.getByText("Settings", { exact: true }).click();
    const before = await place(page.locator(".ttt-board"));
    await page.getByRole("checkbox", { name: "Move scores" }).check();
    await page.locator(".ttt-scores:not([hidden])").waitFor();
    assert.deepEqual(await place(page.locator(".ttt-board")), before, "the board in a post");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("on a phone the panel just switched on comes into view; one a page's script switches on does not scroll", async () => {
  const { page, problems, close } = await watchedPage(browser, { viewport: { width: 390, height: 844 } });
  const inView = (locator) =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top > -1 && box.top < innerHeight;
    });
  try {
    await page.goto(`${site.url}?delay=0`);
    await page.locator("[data-cell]").first().waitFor();
    for (const [name, panel] of [["Move scores", ".ttt-scores"], ["Search statistics", ".ttt-stats"], ["Game tree", ".ttt-tree-panel"]]) {
      await page.evaluate(() => scrollTo(0, 0));
      await page.getByRole("checkbox", { name }).check();
      await page.locator(`${panel}:not([hidden])`).waitFor();
      assert.ok(await inView(page.locator(panel)), `${name}: its panel in view`);
    }
    await page.goto(`${host.url}boards.html?game=${encodeURIComponent(site.url)}&boards=3x3`);
    const game = page.locator("tic-tac-toe");
    await game.locator("[data-cell]").first().waitFor();
    const scrolled = await page.evaluate(() => scrollY);
    await game.evaluate((element) => element.setAttribute("tree", "1"));
    await game.locator(".ttt-tree-panel:not([hidden])").waitFor();
    assert.equal(await page.evaluate(() => scrollY), scrolled);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("the game appears at once: drawn by HTML before its module arrives, where the game takes over, and nothing shifts", async () => {
  for (const [query, width] of [["", 390], ["", 1280], ["?embed=1", 390], ["?embed=1", 1280], ["?embed=1&theme=dark", 390]]) {
    const { page, problems, close } = await watchedPage(browser, { viewport: { width, height: 800 }, colorScheme: "light" });
    try {
      await page.addInitScript(() => {
        window.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.shifts.push(entry.value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      // The module arrives once the page has been drawn without it (held back until the test lets it go).
      let release;
      const held = new Promise((done) => (release = done));
      await page.route("**/tictactoe_bg.wasm", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${site.url}${query}`);
      const waiting = page.locator(".ttt-waiting-board");
      await waiting.waitFor();
      const before = await place(waiting);
      const card = await page.locator(".ttt-waiting").evaluate((element) => getComputedStyle(element).backgroundColor);
      assert.equal(await page.locator(".ttt-waiting-status").textContent(), "Loading the game: a moment…");
      release();
      await page.locator("[data-cell]").first().waitFor();
      assert.deepEqual(await place(page.locator(".ttt-board")), before, `${query} at ${width} px: the board where it was drawn`);
      const game = await page.locator(".ttt").evaluate((element) => getComputedStyle(element).backgroundColor);
      assert.equal(game, card, `${query}: the game's card in the colours it was drawn in`);
      await page.waitForTimeout(100);
      assert.deepEqual(await page.evaluate(() => window.shifts), [], `${query} at ${width} px: no layout shift`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  }
});
