// Takes the README's pictures from the release build (dist/) in headless Chromium: a game in progress
// (docs/screenshot.png), the game tree drawn as a picture with what alpha-beta prunes (docs/tree.png), and alpha-beta
// stepped through to a cut, beside the board (docs/step.png), and a 15x15 game with the computer's last search and
// its horizon (docs/gomoku.png), Russell and Norvig's tree solved in the practice (docs/practice.png); then the game page as a reader sees it on a phone and on a desktop, light and dark,
// on 3x3 and on 15x15 (docs/screens/BOARD-WIDTH-SCHEME.png).
// Usage: node scripts/screenshot.mjs [folder]   (run `./dev.sh build` first; ./dev.sh screenshot does both)
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { mkdir } from "node:fs/promises";
import { serve } from "../e2e/server.mjs";
import { launch, settled as gameSettled } from "../e2e/browser.mjs";

const folder = process.argv[2] ?? fileURLToPath(new URL("../docs", import.meta.url));
const site = await serve(fileURLToPath(new URL("../dist", import.meta.url)));
const browser = await launch();

/** Opens the game at `query` in a page `width` px wide, runs `prepare`, and saves the page (`whole` true), the
 * element `whole` names, or the game alone as `name`. */
async function picture(name, width, height, query, prepare, whole = false, colorScheme = "light") {
  // Reduced motion turns the squares' colour transitions off: a picture taken right after a move shows the
  // board as it settles, not half-way.
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1, reducedMotion: "reduce", colorScheme });
  await page.goto(`${site.url}${query}`);
  await page.locator("[data-cell]").first().waitFor();
  await prepare(page);
  await gameSettled(page);
  const output = join(folder, name);
  const shot = whole === true ? page : page.locator(whole || ".ttt");
  await shot.screenshot({ path: output });
  console.log(`wrote ${output}`);
  await page.close();
}

try {
  // A fixed opening, so the pictures only change when the page does.
  await picture("screenshot.png", 640, 720, "?delay=0", async (page) => {
    for (const cell of [4, 2]) {
      await gameSettled(page);
      const empty = await page.locator(`[data-cell="${cell}"]`).textContent();
      if (empty === "") await page.locator(`[data-cell="${cell}"]`).click();
    }
  }, true);
  // The tree three levels down from the position, with what alpha-beta prunes and why.
  await picture("tree.png", 1100, 900, "?mode=friend&tree=1&position=X...O....", async (page) => {
    await page.getByLabel(/Mark what alpha-beta prunes/).check();
    for (const path of ["2", "2,1"]) await page.locator(`.ttt-picture [data-path="${path}"]`).click();
  });
  // Alpha-beta stepped to its second cut, the tree following it with what it prunes.
  await picture("step.png", 1100, 900, "?mode=friend&step=1&tree=1&position=XO.X.O...", async (page) => {
    await page.getByLabel(/Mark what alpha-beta prunes/).check();
    const step = page.locator('[data-step="forward"]');
    let cuts = 0;
    while (cuts < 2) {
      await step.click();
      if ((await page.locator("[data-step-event]").getAttribute("data-step-event")) === "cut") cuts += 1;
    }
  });
  // Russell and Norvig's tree, worked out and checked: every value typed, the two pruned branches ticked.
  await picture("practice.png", 1280, 1000, "?practice=tree&leaves=((3,12,8),(2,4,6),(14,5,2))", async (page) => {
    for (const [node, value] of [["", "3"], ["0", "3"], ["1", "2"], ["2", "2"]]) {
      await page.locator(`.ttt-pnode[data-node="${node}"] > .ttt-phead input[data-field="value"]`).fill(value);
    }
    for (const node of ["1.1", "1.2"]) await page.locator(`input[data-pruned][data-node="${node}"]`).check();
    await page.getByRole("button", { name: "Check" }).click();
  }, ".ttt-practice");
  // Gomoku after three moves each: the computer's search, its statistics and its horizon beside the board.
  await picture("gomoku.png", 1100, 900, "?board=15x15&k=5&stats=1&horizon=1&think=500", async (page) => {
    for (const cell of [112, 98, 126]) {
      await page.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 30_000 });
      const empty = await page.locator(`[data-cell="${cell}"]`).textContent();
      if (empty === "") await page.locator(`[data-cell="${cell}"]`).click();
      await page.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 30_000 });
    }
  });
  // The first screen of the game page, as a reader meets it: a few moves in, the move scores on.
  await mkdir(join(folder, "screens"), { recursive: true });
  for (const [board, query, moves] of [["3x3", "?delay=0&scores=1", [4, 2]], ["15x15", "?board=15x15&delay=0&think=300&scores=1", [112, 98]]]) {
    for (const [width, height] of [[390, 844], [1280, 800]]) {
      for (const scheme of ["light", "dark"]) {
        await picture(`screens/${board}-${width}-${scheme}.png`, width, height, query, async (page) => {
          for (const cell of moves) {
            await gameSettled(page);
            await page.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 30_000 });
            if ((await page.locator(`[data-cell="${cell}"]`).getAttribute("aria-disabled")) === "false") {
              await page.locator(`[data-cell="${cell}"]`).click();
            }
          }
          await page.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 30_000 });
          await page.locator(".ttt-cell.ttt-scored").first().waitFor({ timeout: 30_000 });
        }, true, scheme);
      }
    }
  }
} finally {
  await browser.close();
  await site.close();
}
