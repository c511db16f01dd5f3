// The game's layout as a reader meets it (the release build in headless Chromium): every board on every screen,
// on the game page and in a post, with nothing outside the screen and no sideways scroll.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openSites, closeSites, watchedPage } from "./browser.mjs";

let sites;

before(async () => {
  sites = await openSites();
});

after(async () => {
  await closeSites(sites);
});

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
  const { page, problems, close } = await watchedPage(sites.browser, { viewport: { width: 1280, height: 800 } });
  try {
    for (const board of BOARDS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${sites.site.url}?board=${board}`);
      await page.locator("[data-cell]").first().waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        assert.deepEqual(await outside(page), { scroll: 0, squares: [] }, `the game page, ${board} at ${width} px`);
      }
    }
    await page.goto(`${sites.host.url}boards.html?game=${encodeURIComponent(sites.site.url)}&boards=${BOARDS.join(",")}`);
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
  const { page, close } = await watchedPage(sites.browser, { viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${sites.site.url}?board=15x15`);
    await page.locator("[data-cell]").first().waitFor();
    const [status, frame] = await Promise.all([page.locator(".ttt-status").boundingBox(), page.locator(".ttt-board-frame").boundingBox()]);
    assert.ok(status.y >= 0 && frame.y + frame.height <= 800, `status at ${status.y}, board to ${frame.y + frame.height}`);
  } finally {
    await close();
  }
});

test("a post chooses the game's look: theme= light or dark whatever the system, and its own colours and font", async () => {
  const { page, problems, close } = await watchedPage(sites.browser, { colorScheme: "light" });
  try {
    await page.goto(`${sites.host.url}dark-blog.html?game=${encodeURIComponent(sites.site.url)}`);
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
  const { page, close } = await watchedPage(sites.browser, { colorScheme: "dark" });
  try {
    await page.goto(`${sites.site.url}?theme=light`);
    await page.locator("[data-cell]").first().waitFor();
    const colours = () => page.evaluate(() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.querySelector("#game").shadowRoot.querySelector(".ttt")).backgroundColor]);
    assert.deepEqual(await colours(), ["rgb(255, 255, 255)", "rgb(255, 255, 255)"]);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${sites.site.url}?theme=dark`);
    await page.locator("[data-cell]").first().waitFor();
    assert.deepEqual(await colours(), ["rgb(22, 22, 26)", "rgb(22, 22, 26)"]);
  } finally {
    await close();
  }
});
