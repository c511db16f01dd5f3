// Checks of the release build's files themselves (dist/), without a browser: what scripts/minify.mjs does to them,
// and the one module every page loads.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { homedir } from "node:os";
import { WORKER, buildId, siteFiles } from "../scripts/offline.mjs";

const DIST = fileURLToPath(new URL("../dist", import.meta.url));

test("every integrity hash in index.html is that of the file it loads, and the module's preload has none", async () => {
  const index = await readFile(join(DIST, "index.html"), "utf8");
  const tags = index.match(/<(?:link|script)\b[^>]*\bintegrity=[^>]*>/g) ?? [];
  const files = tags.map((tag) => tag.match(/\b(?:href|src)="?\.\/([^"\s>]+)/)[1]);
  assert.ok(files.includes("tictactoe.js"), `hashed: ${files}`);
  // Chromium ignores a hash on a fetch preload (the module's) and warns in the console: it goes without one.
  const modulePreload = index.match(/<link\b[^>]*\bhref="?\.\/tictactoe_bg\.wasm[^>]*>/)?.[0] ?? "";
  assert.match(modulePreload, /\bas="?fetch\b/);
  assert.doesNotMatch(modulePreload, /\bintegrity=/);
  for (const [i, tag] of tags.entries()) {
    const [, algorithm, hash] = tag.match(/\bintegrity="?(sha\d+)-([A-Za-z0-9+/=]+)/);
    const actual = createHash(algorithm).update(await readFile(join(DIST, files[i]))).digest("base64");
    assert.equal(hash, actual, `integrity of ${files[i]}`);
  }
});

test("one module: the game page, the element, the iframe, the JS API and the worker load the same files", async () => {
  const index = await readFile(join(DIST, "index.html"), "utf8");
  const rustLinks = index.match(/\.\/tictactoe(?:-\w+)?\.js/g) ?? [];
  assert.deepEqual([...new Set(rustLinks)], ["./tictactoe.js"]);
  for (const script of ["app.js", "tic-tac-toe.js", "embed.js"]) {
    const source = await readFile(join(DIST, script), "utf8");
    const imported = [...source.matchAll(/\bfrom\s*"\.\/([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(imported, ["tictactoe.js"], script);
  }
  const module = new WebAssembly.Module(await readFile(join(DIST, "tictactoe_bg.wasm")));
  const exports = WebAssembly.Module.exports(module).map(({ name }) => name);
  for (const name of ["mountPage", "mountElement", "mount", "bestMove", "analyze", "think", "thinkNow"]) {
    assert.ok(exports.includes(name), `the module exports ${name}`);
  }
});

test("the module names no folder of the machine that built it", async () => {
  // Panic messages carry source paths: those of the crates from crates.io are remapped (dev.sh) from the Cargo
  // home, which lies in the home directory, to "crates.io/".
  const text = (await readFile(join(DIST, "tictactoe_bg.wasm"))).toString("latin1");
  const cargoHome = process.env.CARGO_HOME || join(homedir(), ".cargo");
  for (const folder of [homedir(), cargoHome, "/registry/src/"]) {
    assert.equal(text.includes(folder), false, `the module names ${folder}`);
  }
});

test("the service worker names the build and lists every other file of the site with its integrity hash", async () => {
  // What scripts/minify.mjs wrote into www/sw.js: the files as served, so the worker's cache is this build's.
  const worker = await readFile(join(DIST, WORKER), "utf8");
  const listed = JSON.parse(worker.match(/=(\[\["[^\]]*\](?:,\["[^\]]*\])*\])[,;]/)?.[1] ?? "[]");
  const files = await siteFiles(DIST);
  assert.deepEqual(listed, files);
  for (const file of ["index.html", "tictactoe.js", "tictactoe_bg.wasm", "worker.js", "manifest.webmanifest"]) {
    assert.ok(files.some(([name]) => name === file), file);
  }
  const build = buildId(files, await readFile(fileURLToPath(new URL("../www/sw.js", import.meta.url)), "utf8"));
  assert.ok(worker.includes(`"${build}"`), `sw.js names build ${build}`);
});
