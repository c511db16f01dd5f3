// The page's longest main-thread tasks while a game is played (the release build in Chromium, traced): 15x15 at
// 1000 ms a move, the person's moves played by clicks on the squares next to the computer's last move, once with no
// panel and once with the move scores, the statistics, the horizon and the game tree. A task of 50 ms or more is
// one a reader feels (a long task); the page's start is left out. Reported, never asserted: a busy machine makes
// every task longer.
// Usage: node scripts/bench-tasks.mjs [--moves N] [DIST] (dist/ by default).
import { fileURLToPath } from "node:url";
import { serve } from "../e2e/server.mjs";
import { launch, settled } from "../e2e/browser.mjs";

const args = process.argv.slice(2);
const index = args.indexOf("--moves");
const MOVES = index >= 0 ? Number(args[index + 1]) : 8;
const dist = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--moves") ?? fileURLToPath(new URL("../dist", import.meta.url));
const site = await serve(dist);
const browser = await launch();

/** Plays MOVES moves on the game page at `query`; resolves to the durations (ms) of its main thread's tasks. */
async function tasks(query) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${site.url}${query}`);
  await page.locator("[data-cell]").first().waitFor();
  await settled(page);
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
  for (let move = 0; move < MOVES; move++) {
    // The first empty square beside the computer's last move (or the centre), as a person plays near the action.
    const cell = await page.evaluate(() => {
      const cells = [...document.querySelector("#game").shadowRoot.querySelectorAll("[data-cell]")];
      const last = cells.findIndex((c) => c.classList.contains("ttt-last"));
      const at = last < 0 ? 112 : last;
      const near = [at, at + 1, at - 1, at + 15, at - 15, at + 16, at - 16, at + 14, at - 14];
      return near.find((c) => cells[c] && cells[c].textContent === "" && cells[c].getAttribute("aria-disabled") === "false") ??
        cells.findIndex((c) => c.getAttribute("aria-disabled") === "false");
    });
    if (cell < 0) break;
    await page.locator(`[data-cell="${cell}"]`).click();
    await page.locator(".ttt-board:not(.ttt-thinking)").waitFor({ timeout: 30_000 });
    await settled(page);
  }
  const trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  const main = trace.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  await page.close();
  return trace.filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === "RunTask" && e.ph === "X").map((e) => e.dur / 1000);
}

try {
  console.log(`The game page's main-thread tasks over ${MOVES} moves of 15x15 at 1000 ms a move (ms):`);
  for (const [name, query] of [["no panel", "?board=15x15&delay=0"], ["scores, statistics, horizon, tree", "?board=15x15&delay=0&scores=1&stats=1&horizon=1&tree=1"]]) {
    const durations = (await tasks(query)).sort((a, b) => b - a);
    const long = durations.filter((d) => d >= 50).length;
    console.log(`  ${name.padEnd(36)} longest ${durations.slice(0, 3).map((d) => d.toFixed(1)).join(", ")}; ${long} of ${durations.length} tasks of 50 ms or more`);
  }
} finally {
  await browser.close();
  await site.close();
}
