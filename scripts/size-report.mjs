// Size report of the release build: every file of dist/ raw and gzipped (level 9), and what a first visit to the
// game page transfers (found by loading the page in headless Chromium and adding up every response).
// Usage: node scripts/size-report.mjs [--ceiling KB]
//   --ceiling KB   exits 1 when the first visit weighs more than KB gzipped: a guard against accidents, not a target
import { readdir, readFile, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../e2e/server.mjs";
import { launch } from "../e2e/browser.mjs";

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

/** The files a first visit to the game page loads, from a real page load. */
async function firstVisit() {
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
    return [...loaded].sort();
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
const first = await firstVisit();
console.log("Release build (dist/): raw and gzipped (level 9), KB");
console.log(`  ${"file".padEnd(50)}    raw     gz  loaded`);
for (const row of rows) {
  const mark = first.includes(row.name) ? "first visit" : "";
  console.log(`  ${row.name.padEnd(50)}${kb(row.raw)}${kb(row.gz)}  ${mark}`);
}
const missing = first.filter((name) => !rows.some((row) => row.name === name));
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
if (visit.bytes > CEILING_KB * 1024) {
  console.log(`The first visit is over its ceiling of ${CEILING_KB} KB gzipped.`);
  process.exitCode = 1;
}
