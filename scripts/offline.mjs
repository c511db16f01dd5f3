// What the service worker (www/sw.js) is told about a release build: every file of the site with its integrity
// hash, and the build's id, a hash of that list and of the worker's own source, which names its cache. Used by
// scripts/minify.mjs (the Trunk post-build hook) on the staging folder, and by e2e/offline.test.mjs to make a
// second build out of a changed copy of dist/. See docs/offline.md.
import { readdir, readFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join, relative, sep } from "node:path";

/** The service worker's file: served, never cached (the browser fetches it itself to look for a new build). */
export const WORKER = "sw.js";

async function walk(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await walk(path)));
    else if (!entry.name.startsWith(".")) found.push(path);
  }
  return found;
}

/** Every file of the site in `dir` but the worker, as `[path relative to dir with "/", "sha384-..."]`, sorted. */
export async function siteFiles(dir) {
  const files = [];
  for (const path of await walk(dir)) {
    const name = relative(dir, path).split(sep).join("/");
    if (name === WORKER) continue;
    const integrity = `sha384-${createHash("sha384").update(await readFile(path)).digest("base64")}`;
    files.push([name, integrity]);
  }
  return files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The build's id: the first 16 hex digits of a SHA-256 of the files' list and the worker's unstamped source. */
export function buildId(files, workerSource) {
  const hash = createHash("sha256");
  for (const [name, integrity] of files) hash.update(`${name} ${integrity}\n`);
  return hash.update(workerSource).digest("hex").slice(0, 16);
}

/**
 * The worker's source (www/sw.js as written, with `const BUILD = "";` and `const FILES = [];`) with the build's
 * id and files written in. Throws if either line is missing, so that a worker that lost them is never shipped
 * as one that caches nothing.
 */
export function stampWorker(workerSource, files) {
  const build = buildId(files, workerSource);
  let stamped = workerSource;
  for (const [line, value] of [
    [/^const BUILD = "";$/m, `const BUILD = ${JSON.stringify(build)};`],
    [/^const FILES = \[\];$/m, `const FILES = ${JSON.stringify(files)};`],
  ]) {
    if (!line.test(stamped)) throw new Error(`${WORKER}: no line ${line.source} to write the build into`);
    stamped = stamped.replace(line, () => value);
  }
  return { build, source: stamped };
}
