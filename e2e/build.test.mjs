// Checks of the release build's files themselves (dist/), without a browser: what scripts/minify.mjs and
// scripts/wasm-names.mjs do to them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { homedir } from "node:os";
import { renameInGlue, shortName, shortenModule } from "../scripts/wasm-names.mjs";

const DIST = fileURLToPath(new URL("../dist", import.meta.url));

/** The two modules: the play module, which the game page loads, and the full module, loaded when a game asks. */
const MODULES = ["tictactoe-play", "tictactoe"];

test("every integrity hash in index.html is that of the file it loads, and the module's preload has none", async () => {
  const index = await readFile(join(DIST, "index.html"), "utf8");
  const tags = index.match(/<(?:link|script)\b[^>]*\bintegrity=[^>]*>/g) ?? [];
  const files = tags.map((tag) => tag.match(/\b(?:href|src)="?\.\/([^"\s>]+)/)[1]);
  assert.ok(files.includes("tictactoe-play.js"), `hashed: ${files}`);
  // Chromium ignores a hash on a fetch preload (the module's) and warns in the console: it goes without one.
  const modulePreload = index.match(/<link\b[^>]*\bhref="?\.\/tictactoe-play_bg\.wasm[^>]*>/)?.[0] ?? "";
  assert.match(modulePreload, /\bas="?fetch\b/);
  assert.doesNotMatch(modulePreload, /\bintegrity=/);
  for (const [i, tag] of tags.entries()) {
    const [, algorithm, hash] = tag.match(/\bintegrity="?(sha\d+)-([A-Za-z0-9+/=]+)/);
    const actual = createHash(algorithm).update(await readFile(join(DIST, files[i]))).digest("base64");
    assert.equal(hash, actual, `integrity of ${files[i]}`);
  }
});

test("the game page preloads only scripts that its scripts import, and not the full module", async () => {
  const index = await readFile(join(DIST, "index.html"), "utf8");
  const preloaded = [...index.matchAll(/<link\b[^>]*\brel="?(?:modulepreload|preload)[^>]*>/g)].map(
    ([tag]) => tag.match(/\bhref="?\.\/([^"\s>]+)/)[1],
  );
  const scripts = await Promise.all(["app.js", "tictactoe-play.js"].map((file) => readFile(join(DIST, file), "utf8")));
  const imported = scripts.flatMap((script) => [...script.matchAll(/\bfrom\s*"\.\/([^"]+)"/g)].map((m) => m[1]));
  assert.ok(imported.includes("tictactoe-play.js"), `imported: ${imported}`);
  for (const file of preloaded.filter((file) => file !== "tictactoe-play_bg.wasm")) {
    assert.ok(imported.includes(file), `${file} is preloaded but imported by none`);
  }
  assert.ok(preloaded.includes("tictactoe-play_bg.wasm"), `preloaded: ${preloaded}`);
  for (const file of ["tictactoe.js", "tictactoe_bg.wasm"]) {
    assert.ok(!preloaded.includes(file) && !imported.includes(file), `${file}: only when a game asks for it`);
  }
});

/** What `file` (a module of dist/) exports. */
async function exportsOf(file) {
  return WebAssembly.Module.exports(new WebAssembly.Module(await readFile(join(DIST, file)))).map(({ name }) => name);
}

test("each module and its glue call each other by short names, and the modules have no custom section", async () => {
  for (const name of MODULES) {
    const bytes = await readFile(join(DIST, `${name}_bg.wasm`));
    const module = new WebAssembly.Module(bytes);
    const imports = WebAssembly.Module.imports(module);
    assert.ok(imports.length > 50, `${name}: ${imports.length} imports`);
    for (const { module: from, name: imported } of imports) {
      assert.equal(from, "a", name);
      assert.ok(imported.length <= 2, `${name}: import ${imported}`);
    }
    const exports = await exportsOf(`${name}_bg.wasm`);
    for (const exported of ["mountPage", "mountElement", "memory", "__wbindgen_start"]) {
      assert.ok(exports.includes(exported), `${name}: export ${exported}`);
    }
    assert.deepEqual(exports.filter((exported) => /_h[0-9a-f]{16}$|^__wbindgen_(?!start)|^__wbg_/.test(exported)), []);
    assert.deepEqual(WebAssembly.Module.customSections(module, "producers"), []);
    assert.deepEqual(WebAssembly.Module.customSections(module, "target_features"), []);
    const glue = await readFile(join(DIST, `${name}.js`), "utf8");
    assert.deepEqual(glue.match(/\w*_[0-9a-f]{16}\b/g), null);
  }
});

test("the JS API's engine and the handover's receiving end are the full module's only", async () => {
  const full = await exportsOf("tictactoe_bg.wasm");
  const play = await exportsOf("tictactoe-play_bg.wasm");
  const fullOnly = ["mount", "bestMove", "analyze", "think", "thinkNow", "resume"];
  for (const name of fullOnly) {
    assert.ok(full.includes(name), `the full module exports ${name}`);
    assert.ok(!play.includes(name), `the play module exports ${name}`);
  }
  // The play module has no panel, search or worker code: what only they say is not in it.
  const text = (await readFile(join(DIST, "tictactoe-play_bg.wasm"))).toString("latin1");
  for (const words of ["Positions visited by each search", "worker.js", "alpha-beta prunes", "Plain scores rate"]) {
    assert.equal(text.includes(words), false, `the play module says "${words}"`);
  }
});

test("the modules name no folder of the machine that built them", async () => {
  // Panic messages carry source paths: those of the crates from crates.io are remapped (dev.sh) from the Cargo
  // home, which lies in the home directory, to "crates.io/".
  for (const name of MODULES) {
    const text = (await readFile(join(DIST, `${name}_bg.wasm`))).toString("latin1");
    const cargoHome = process.env.CARGO_HOME || join(homedir(), ".cargo");
    for (const folder of [homedir(), cargoHome, "/registry/src/"]) {
      assert.equal(text.includes(folder), false, `${name} names ${folder}`);
    }
    assert.match(text, /crates\.io\/index\.crates\.io-[0-9a-f]+\/js-sys-/);
  }
});

test("the README gives the size ceiling that ./dev.sh test enforces", async () => {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const dev = await readFile(join(root, "dev.sh"), "utf8");
  const readme = await readFile(join(root, "README.md"), "utf8");
  // The ceiling of the size report in run_tests, the function `./dev.sh test` runs.
  const runTests = dev.match(/^run_tests\(\) \{\n[\s\S]*?^\}$/m);
  assert.ok(runTests, "dev.sh has a run_tests function");
  const ceilings = [...runTests[0].matchAll(/^\s*node scripts\/size-report\.mjs\b[^\n]*?--ceiling ([\d.]+)/gm)];
  assert.equal(ceilings.length, 1, "run_tests runs the size report with --ceiling once");
  const ceiling = ceilings[0][1];
  const stated = [...readme.matchAll(/grows past ([\d.]+) KB gzipped/g)].map((m) => m[1]);
  assert.ok(stated.length >= 2, `the README states the ceiling ${stated.length} times`);
  assert.deepEqual([...new Set(stated)], [ceiling]);
});

test("short names are distinct", () => {
  const names = Array.from({ length: 52 * 53 }, (_, n) => shortName(n));
  assert.equal(new Set(names).size, names.length);
  assert.ok(names.every((name) => /^[a-zA-Z]{1,2}$/.test(name)));
  assert.throws(() => shortName(names.length), /more than 2756 names/);
});

test("renaming in a glue that does not match the module fails loudly", () => {
  const renamings = {
    glueModule: "./x_bg.js",
    imports: new Map([["__wbg_f_0123456789abcdef", "a"]]),
    exports: new Map([["__wbindgen_malloc", "_a"]]),
  };
  const glue = 'const i={"./x_bg.js":{__wbg_f_0123456789abcdef:function(){}}};w.__wbindgen_malloc(1)';
  assert.equal(renameInGlue(glue, renamings), "const i={a:{a:function(){}}};w._a(1)");
  assert.throws(() => renameInGlue(glue.replace("__wbg_f_", "__wbg_g_"), renamings), /import __wbg_f_/);
  assert.throws(() => renameInGlue(glue.replace("w.__wbindgen_malloc", "w.m"), renamings), /never reads/);
  assert.throws(() => renameInGlue(`${glue};w["__wbindgen_malloc"]`, renamings), /still in the glue/);
  assert.throws(() => renameInGlue(glue.replace('"./x_bg.js"', "y"), renamings), /not once/);
});

test("an internal export the glue never reads is dropped, and the others renamed", () => {
  // A module with one empty function, exported as `__wbindgen_malloc`, `__wbindgen_free` and `run`.
  const name = (text) => [text.length, ...Buffer.from(text)];
  const exportsSection = [3, ...name("__wbindgen_malloc"), 0, 0, ...name("__wbindgen_free"), 0, 0, ...name("run"), 0, 0];
  const bytes = Uint8Array.from([
    ...[0, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...[1, 4, 1, 0x60, 0, 0],
    ...[3, 2, 1, 0],
    ...[7, exportsSection.length, ...exportsSection],
    ...[10, 4, 1, 2, 0, 0x0b],
  ]);
  const glue = "w.__wbindgen_malloc(1);w.run()";
  const shortened = shortenModule(bytes, "./x_bg.js", glue);
  assert.deepEqual(shortened.dropped, ["__wbindgen_free"]);
  assert.deepEqual([...shortened.exports], [["__wbindgen_malloc", "_a"]]);
  const exported = WebAssembly.Module.exports(new WebAssembly.Module(shortened.wasm)).map(({ name }) => name);
  assert.deepEqual(exported, ["_a", "run"]);
  // Without the glue, every export stays.
  assert.deepEqual(shortenModule(bytes, "./x_bg.js").dropped, []);
  assert.equal(WebAssembly.Module.exports(new WebAssembly.Module(shortenModule(bytes, "./x_bg.js").wasm)).length, 3);
});

test("a module that is not WebAssembly is refused", () => {
  assert.throws(() => shortenModule(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), "./x_bg.js"), /not a WebAssembly module/);
});
