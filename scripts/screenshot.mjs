// Takes the README's screenshot from the release build (dist/) in headless Chromium: a game in progress.
// Usage: node scripts/screenshot.mjs [output.png]   (run `./dev.sh build` first; ./dev.sh screenshot does both)
import { fileURLToPath } from "node:url";
import { serve } from "../e2e/server.mjs";
import { launch, settled as gameSettled } from "../e2e/browser.mjs";

const output = process.argv[2] ?? fileURLToPath(new URL("../docs/screenshot.png", import.meta.url));
const site = await serve(fileURLToPath(new URL("../dist", import.meta.url)));
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 640, height: 720 }, deviceScaleFactor: 1 });
  await page.goto(`${site.url}?delay=0`);
  const settled = () => gameSettled(page);
  // A fixed opening, so the picture only changes when the page does.
  for (const cell of [4, 2]) {
    await settled();
    const empty = await page.locator(`[data-cell="${cell}"]`).textContent();
    if (empty === "") await page.locator(`[data-cell="${cell}"]`).click();
  }
  await settled();
  await page.screenshot({ path: output });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
  await site.close();
}
