// The clock in the browser over whole games: the release build's think() (the search worker, as the page uses it)
// plays both sides of 15x15 games from two-stone openings at the centre at --time ms a move (at most 60 moves a
// game); prints the moves that went over their budget by more than 5%, the worst time of the engine's own clock and
// from the call to the answer, and the median.
// Usage: node scripts/bench-clock.mjs [--games N] [--time MS] [DIST] (dist/ by default). Reported, never asserted.
import { fileURLToPath } from "node:url";
import { serve } from "../e2e/server.mjs";
import { launch } from "../e2e/browser.mjs";
const args = process.argv.slice(2);
const opt = (n, d) => { const i = args.indexOf(n); return i >= 0 ? Number(args[i + 1]) : d; };
const GAMES = opt("--games", 2), TIME = opt("--time", 1000);
const dist = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")) ?? fileURLToPath(new URL("../dist", import.meta.url));
const site = await serve(dist);
const browser = await launch();
const page = await browser.newPage();
await page.goto(`${site.url}embed.html`);
const result = await page.evaluate(async ({ GAMES, TIME }) => {
  const api = await import("./tictactoe.js");
  await api.default();
  const times = [];
  for (let g = 0; g < GAMES; g++) {
    const cells = Array(225).fill(".");
    cells[7 * 15 + 7] = "X"; cells[7 * 15 + 8 + (g % 3)] = "O";
    let toMove = "X";
    for (let ply = 0; ply < 60; ply++) {
      const pos = Array.from({ length: 15 }, (_, r) => cells.slice(r * 15, r * 15 + 15).join("")).join("/");
      const t0 = performance.now();
      const found = await api.think(pos, { k: 5, timeMs: TIME });
      const wall = performance.now() - t0;
      times.push({ wall, engine: found.timeMs });
      if (found.move == null) break;
      cells[found.move] = toMove;
      toMove = toMove === "X" ? "O" : "X";
      if (found.proved && found.plies <= 1) break;
    }
  }
  return times;
}, { GAMES, TIME });
const walls = result.map((t) => t.wall), engines = result.map((t) => t.engine);
const over = (v) => v.filter((x) => x > TIME * 1.05).length;
console.log("over 5%, by move index:", JSON.stringify(walls.map((w, i) => [i, Math.round(w)]).filter(([, w]) => w > TIME * 1.05)));
console.log(`${result.length} moves at ${TIME} ms: engine's own time worst ${Math.max(...engines).toFixed(0)} ms (${over(engines)} over 5%); wall time to the answer worst ${Math.max(...walls).toFixed(0)} ms (${over(walls)} over 5%), median ${walls.sort((a, b) => a - b)[Math.floor(walls.length / 2)].toFixed(0)} ms`);
await browser.close(); await site.close();
