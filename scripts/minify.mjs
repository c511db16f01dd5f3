// Trunk post-build hook (Trunk.toml): minifies every JavaScript file of the release build with esbuild, the
// wasm-bindgen glue (tictactoe.js) most of all, and updates the Subresource Integrity hashes index.html gives
// for them. Trunk's own minifier only removes some whitespace from the glue: this takes it from 35 KB to 15 KB.
// Last, it writes the build into the service worker (www/sw.js): every file of the site with its integrity hash,
// and the build's id, which names the worker's cache (scripts/offline.mjs, docs/offline.md).
// Runs only for release builds (`trunk serve` and debug builds keep readable JavaScript).
// TICTACTOE_OFFLINE=off (set by `./dev.sh serve`) leaves the worker and offline.js as written: the page registers
// no worker, and one left at the same address by an earlier build deletes its cache and unregisters itself, so
// that a rebuild on change is never hidden behind a cache.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join, relative } from "node:path";
import { transform } from "esbuild";
import { WORKER, siteFiles, stampWorker } from "./offline.mjs";

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error("scripts/minify.mjs runs as a Trunk hook: TRUNK_STAGING_DIR is not set");
if (process.env.TRUNK_PROFILE !== "release") process.exit(0);
const offline = process.env.TICTACTOE_OFFLINE !== "off";

async function scripts(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await scripts(path)));
    else if (entry.name.endsWith(".js")) found.push(path);
  }
  return found;
}

const indexPath = join(staging, "index.html");
let index = await readFile(indexPath, "utf8");

// Every tag of index.html that loads `path` with an integrity hash (a modulepreload or preload link, a script)
// gets the hash of its new `contents`, wherever the attributes stand in the tag.
function updateIntegrity(path, contents) {
  const href = `./${relative(staging, path)}`;
  const integrity = `sha384-${createHash("sha384").update(contents).digest("base64")}`;
  const names = new RegExp(`\\b(?:href|src)="?${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"?(?=[\\s>])`);
  index = index.replace(/<(?:link|script)\b[^>]*>/g, (tag) =>
    names.test(tag) ? tag.replace(/\bintegrity="?sha(?:256|384|512)-[A-Za-z0-9+/=]+"?/, `integrity=${integrity}`) : tag,
  );
}

// ES2022: top-level await (app.js) and class fields stay as written; every browser with WebAssembly reference
// types, which the module needs, has them.
async function minify(source) {
  const { code } = await transform(source, { minify: true, format: "esm", target: "es2022", legalComments: "none" });
  return code;
}

const workerPath = join(staging, WORKER);
for (const path of await scripts(staging)) {
  if (path === workerPath) continue;
  let source = await readFile(path, "utf8");
  if (offline && relative(staging, path) === "offline.js") {
    const flag = /^const OFFLINE_BUILD = false;$/m;
    if (!flag.test(source)) throw new Error("offline.js: no line `const OFFLINE_BUILD = false;` to turn on");
    source = source.replace(flag, "const OFFLINE_BUILD = true;");
  }
  const code = await minify(source);
  await writeFile(path, code);
  updateIntegrity(path, code);
}
// Chromium ignores an integrity hash on a preload of the `fetch` destination (the wasm module's), and says so in
// the console of every page that loads the game: the module's preload goes without one.
index = index.replace(/<link\b[^>]*\bas="?fetch\b[^>]*>/g, (tag) =>
  tag.replace(/\s*\bintegrity="?sha(?:256|384|512)-[A-Za-z0-9+/=]+"?/, ""),
);
// A stylesheet with an integrity hash is fetched with CORS, as the module is: in a frame sandboxed without
// allow-same-origin the page's origin is opaque, every request is cross-origin, and an integrity hash on a request
// without CORS blocks the stylesheet (the embedded page then showed unstyled, with the whole page's header).
index = index.replace(/<link\b[^>]*\brel="?stylesheet\b[^>]*>/g, (tag) =>
  /\bcrossorigin\b/.test(tag) ? tag : tag.replace(/^<link\b/, "<link crossorigin"),
);
await writeFile(indexPath, index);

// The service worker last, once every other file is final: the list of files with their hashes, and the build's
// id from it, are those of the site as it will be served.
let worker = await readFile(workerPath, "utf8");
if (offline) worker = stampWorker(worker, await siteFiles(staging)).source;
await writeFile(workerPath, await minify(worker));
