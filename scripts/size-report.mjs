// Size report of the release build: every file of dist/ raw and gzipped (level 9), and what a first visit to the
// game page transfers, found by loading the page in headless Chromium and adding up every response.
// Usage: node scripts/size-report.mjs [--budget 30] [--enforce] [--ceiling 60]
//   --enforce      exits 1 when the first visit is over the budget
//   --ceiling KB   exits 1 when the first visit is over KB: while the page is over budget, `./dev.sh test` holds it to
//                  the size it has reached, so that no change makes it heavier again
import { readdir, readFile, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../e2e/server.mjs";
import { launch } from "../e2e/browser.mjs";

const DIST = fileURLToPath(new URL("../dist", import.meta.url));
const budgetIndex = process.argv.indexOf("--budget");
const BUDGET_KB = budgetIndex > 0 ? Number(process.argv[budgetIndex + 1]) : 30;
const ENFORCE = process.argv.includes("--enforce");
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
const loaded = await firstVisit();
console.log("Release build (dist/): raw and gzipped (level 9), KB");
console.log(`  ${"file".padEnd(50)}    raw     gz  game page`);
for (const row of rows) {
  const mark = loaded.includes(row.name) ? "yes" : "";
  console.log(`  ${row.name.padEnd(50)}${kb(row.raw)}${kb(row.gz)}  ${mark}`);
}
const page = rows.filter((row) => loaded.includes(row.name));
const missing = loaded.filter((name) => !rows.some((row) => row.name === name));
if (missing.length > 0) console.log(`  (also requested, not in dist/: ${missing.join(", ")})`);
const total = page.reduce((sum, row) => sum + row.gz, 0);
const totalRaw = page.reduce((sum, row) => sum + row.raw, 0);
console.log(
  `First visit to the game page: ${page.length} files, ${kb(totalRaw).trim()} KB raw, ` +
    `${kb(total).trim()} KB gzipped; budget ${BUDGET_KB} KB gzipped: ` +
    (total <= BUDGET_KB * 1024 ? "within budget" : `OVER BUDGET by ${kb(total - BUDGET_KB * 1024).trim()} KB`),
);
if (ENFORCE && total > BUDGET_KB * 1024) process.exitCode = 1;
if (total > CEILING_KB * 1024) {
  console.log(`The first visit is over its ceiling of ${CEILING_KB} KB gzipped: it must not grow.`);
  process.exitCode = 1;
}
