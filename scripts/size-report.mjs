// Size report of the release build: every file of dist/ raw and gzipped (level 9), what a first visit to the game
// page transfers (found by loading the page in headless Chromium and adding up every response), what a game then
// loads when it first asks for the full module (a thinking panel switched on), and what each part of each wasm
// module weighs (scripts/module-weight.mjs).
// Usage: node scripts/size-report.mjs [--ceiling KB]
//   --ceiling KB   exits 1 when the first visit weighs more than KB gzipped: size is a ceiling, not a target
import { readdir, readFile, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../e2e/server.mjs";
import { launch } from "../e2e/browser.mjs";
import { moduleWeight } from "./module-weight.mjs";

const DIST = fileURLToPath(new URL("../dist", import.meta.url));
const ceilingIndex = process.argv.indexOf("--ceiling");
const CEILING_KB = ceilingIndex > 0 ? Number(process.argv[ceilingIndex + 1]) : Infinity;

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
const gzipped = (buffer) => gzipSync(buffer, { level: 9 }).length;

async function files(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await files(path)));
    else if (!entry.name.startsWith(".")) out.push(path);
  }
  return out;
}

/** The files a first visit to the game page loads, and those it loads when its first panel is switched on, from
 * a real page load and a real click. */
async function visits() {
  const site = await serve(DIST);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const loaded = new Set();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/tictactoe/")) {
        loaded.add(url.pathname.slice("/tictactoe/".length) || "index.html");
      }
    });
    await page.goto(`${site.url}`);
    await page.locator("[data-cell]").first().waitFor();
    await page.waitForLoadState("networkidle");
    const first = [...loaded].sort();
    await page.getByRole("checkbox", { name: "Move scores" }).check();
    await page.locator(".ttt-scores").waitFor();
    await page.waitForLoadState("networkidle");
    const panel = [...loaded].filter((name) => !first.includes(name)).sort();
    return { first, panel };
  } finally {
    await browser.close();
    await site.close();
  }
}

const rows = [];
for (const path of (await files(DIST)).sort()) {
  const body = await readFile(path);
  rows.push({ name: relative(DIST, path), raw: (await stat(path)).size, gz: gzipped(body) });
}
const { first, panel } = await visits();
console.log("Release build (dist/): raw and gzipped (level 9), KB");
console.log(`  ${"file".padEnd(50)}    raw     gz  loaded`);
for (const row of rows) {
  const mark = first.includes(row.name) ? "first visit" : panel.includes(row.name) ? "first panel" : "";
  console.log(`  ${row.name.padEnd(50)}${kb(row.raw)}${kb(row.gz)}  ${mark}`);
}
const missing = [...first, ...panel].filter((name) => !rows.some((row) => row.name === name));
if (missing.length > 0) console.log(`  (also requested, not in dist/: ${missing.join(", ")})`);
/** The files of `names` that are in dist/, their count and their weight raw and gzipped. */
const weigh = (names) => {
  const files = rows.filter((row) => names.includes(row.name));
  const sum = (key) => kb(files.reduce((total, row) => total + row[key], 0)).trim();
  return { count: files.length, raw: sum("raw"), gz: sum("gz"), bytes: files.reduce((t, row) => t + row.gz, 0) };
};
const visit = weigh(first);
console.log(
  `First visit to the game page: ${visit.count} files, ${visit.raw} KB raw, ${visit.gz} KB gzipped` +
    (Number.isFinite(CEILING_KB) ? `; ceiling ${CEILING_KB} KB gzipped` : ""),
);
const more = weigh(panel);
console.log(
  `Then, when a game first shows a panel or a bigger board (the full module): ${more.count} files, ${more.raw} KB ` +
    `raw, ${more.gz} KB gzipped`,
);

// What each part of each module weighs: the module wasm-bindgen made, optimized as index.html asks Trunk to.
const index = await readFile(fileURLToPath(new URL("../index.html", import.meta.url)), "utf8");
const level = index.match(/data-wasm-opt="(\w+)"/)[1];
const params = (index.match(/data-wasm-opt-params="([^"]*)"/)?.[1] ?? "").split(/\s+/).filter(Boolean);
for (const [name, title] of [
  ["tictactoe-play", "the play module (first visit)"],
  ["tictactoe", "the full module (loaded when a game asks for it)"],
]) {
  const bindgen = fileURLToPath(new URL(`../target/wasm-bindgen/release/${name}_bg.wasm`, import.meta.url));
  const { whole, rows: parts } = moduleWeight(bindgen, [`-O${level}`, ...params]);
  console.log(`What each part of ${title} weighs, gzipped (the module ${kb(whole).trim()} KB with names kept):`);
  for (const [label, bytes] of parts) console.log(`  ${label.padEnd(60)}${kb(bytes)}`);
}

if (visit.bytes > CEILING_KB * 1024) {
  console.log(`The first visit is over its ceiling of ${CEILING_KB} KB gzipped.`);
  process.exitCode = 1;
}
