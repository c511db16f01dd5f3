// Lighthouse on the release build: accessibility, best practices and SEO are deterministic and must be 100;
// performance depends on the machine and is only reported.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";
import { audit, launchChrome } from "../scripts/lighthouse.mjs";

let site;
// One Chromium for the four audits: each opens the page in a new tab of its own.
let chrome;

before(async () => {
  site = await serve(fileURLToPath(new URL("../dist", import.meta.url)));
  chrome = await launchChrome();
});

after(async () => {
  await chrome?.kill();
  await site?.close();
});

for (const path of ["", "?scores=1&tree=1&stats=1&step=1", "embed.html", "check.html"]) {
  test(`Lighthouse: accessibility, best practices and SEO are 100 on /${path}`, async () => {
    const { scores, failing } = await audit(`${site.url}${path}`, chrome);
    console.log(`Lighthouse /${path}: ${JSON.stringify(scores)}`);
    for (const id of ["accessibility", "best-practices", "seo"]) {
      assert.equal(scores[id], 100, `${id}:\n${failing.filter((line) => line.startsWith(id)).join("\n")}`);
    }
  });
}
