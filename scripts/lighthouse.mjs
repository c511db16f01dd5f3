// Lighthouse (npm `lighthouse`, with the system Chromium) on the release build served locally under /tictactoe/:
// performance, accessibility, best practices and SEO. Prints the scores and every audit that is not perfect.
// Usage: node scripts/lighthouse.mjs [--min 100]   (exits 1 if accessibility, best practices or SEO is below
// --min; performance is timing-based and only reported)
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { fileURLToPath } from "node:url";
import { serve } from "../e2e/server.mjs";
import { CHROMIUM, CHROMIUM_FLAGS } from "../e2e/browser.mjs";

const minIndex = process.argv.indexOf("--min");
const minimum = minIndex > 0 ? Number(process.argv[minIndex + 1]) : null;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** Launches the Chromium that Lighthouse drives (`kill()` ends it). */
export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
}

/** Runs Lighthouse on `url`, in `chrome` if given (one launched for it otherwise); returns { scores, failing } with
 * scores out of 100. */
export async function audit(url, chrome = null) {
  const own = chrome === null;
  chrome ??= await launchChrome();
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    const { categories, audits } = result.lhr;
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(categories[id].score * 100)]));
    const failing = [];
    for (const id of CATEGORIES) {
      for (const ref of categories[id].auditRefs) {
        const item = audits[ref.id];
        if (ref.weight > 0 && item.score !== null && item.score < 1) {
          failing.push(`${id}: ${item.id} (${item.score}) ${item.title}${item.displayValue ? ` - ${item.displayValue}` : ""}`);
        }
      }
    }
    return { scores, failing };
  } finally {
    if (own) await chrome.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const site = await serve(fileURLToPath(new URL("../dist", import.meta.url)));
  try {
    const { scores, failing } = await audit(site.url);
    console.log("Lighthouse (mobile, simulated throttling), release build served locally:");
    for (const [id, score] of Object.entries(scores)) console.log(`  ${id.padEnd(15)} ${score}`);
    for (const line of failing) console.log(`  not perfect: ${line}`);
    if (minimum !== null) {
      const low = ["accessibility", "best-practices", "seo"].filter((id) => scores[id] < minimum);
      if (low.length > 0) {
        console.error(`below ${minimum}: ${low.join(", ")}`);
        process.exitCode = 1;
      }
    }
  } finally {
    await site.close();
  }
}
