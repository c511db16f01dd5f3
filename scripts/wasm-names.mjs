// Shorter names between the wasm module and its wasm-bindgen glue, for the release build (scripts/minify.mjs).
//
// wasm-bindgen names every import after the function and a 16-digit hash (`__wbg_setAttribute_f75317b2b5cabfb4`),
// and the glue spells each name once more as a key of its imports object: about 7 KB of names, the hashes in them
// as good as incompressible. This gives each import and each of the glue's internal exports a one- or two-letter
// name in both files (and the module the imports come from, `./<name>_bg.js`, the name `a`), and drops the
// module's custom sections (`producers`, `target_features`), which no browser reads. The exports that
// JavaScript code calls by name (`mount`, `bestMove`, ...) keep their names.

/** Reads an unsigned LEB128 number at `at`: `[value, next]`. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** An unsigned LEB128 number as bytes. */
function encodeLeb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder("utf-8", { fatal: true });

function readName(bytes, at) {
  const [length, start] = leb(bytes, at);
  return [fromUtf8.decode(bytes.subarray(start, start + length)), start + length];
}

function encodeName(name) {
  const encoded = utf8.encode(name);
  return [...encodeLeb(encoded.length), ...encoded];
}

/** Where the limits of a table or memory that start at `at` end. */
function skipLimits(bytes, at) {
  const flags = bytes[at++];
  [, at] = leb(bytes, at);
  if (flags & 1) [, at] = leb(bytes, at);
  return at;
}

/** Where an import's description (after its kind byte) that starts at `at` ends. */
function skipImportDescription(kind, bytes, at) {
  switch (kind) {
    case 0: // function: a type index
    case 4: // tag: an attribute and a type index
      if (kind === 4) at += 1;
      return leb(bytes, at)[1];
    case 1: // table: a reference type and limits
      return skipLimits(bytes, at + 1);
    case 2: // memory: limits
      return skipLimits(bytes, at);
    case 3: // global: a value type and mutability
      return at + 2;
    default:
      throw new Error(`wasm-names: unknown import kind ${kind}`);
  }
}

/** The short name number `n`: a to z, A to Z, then two letters. */
export function shortName(n) {
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  if (n < letters.length) return letters[n];
  n -= letters.length;
  if (n >= letters.length ** 2) throw new Error(`wasm-names: more than ${letters.length * 53} names`);
  return letters[Math.floor(n / letters.length) % letters.length] + letters[n % letters.length];
}

/** Exports only the glue calls, which JavaScript code outside it never sees: wasm-bindgen's own machinery. */
export function isInternalExport(name) {
  return /^(__wbindgen_|__wbg_|__externref_|wasm_bindgen__convert__closures_|gamehandle_)/.test(name) && name !== "__wbindgen_start";
}

/** Whether the JavaScript `code` reads the export `name` of the module (as `wasm.name`). */
function readsExport(code, name) {
  return new RegExp(`\\.${escape(name)}(?![\\w$])`).test(code);
}

/**
 * Renames the imports from `glueModule` (and the module itself, to `a`) and the internal exports of the module
 * `bytes`, and drops its custom sections. Given the `glue` itself, it also drops the internal exports the glue never
 * reads (the module built without `std` exports `__wbindgen_free`, which no glue function calls). Returns the new
 * module, the glue module's old name, the renamings, `Map`s from old name to new, and the names dropped.
 */
export function shortenModule(bytes, glueModule, glue = null) {
  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) {
    throw new Error("wasm-names: not a WebAssembly module");
  }
  const imports = new Map();
  const exports = new Map();
  const dropped = [];
  // Sections as pieces joined once at the end: spreading a code section of 100 KB or more into one push() would
  // pass more arguments than a call can take.
  const out = [bytes.subarray(0, 8)];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = leb(bytes, at + 1);
    const end = start + size;
    let body;
    if (id === 0) {
      body = null;
    } else if (id === 2) {
      let [count, p] = leb(bytes, start);
      body = encodeLeb(count);
      for (let i = 0; i < count; i++) {
        let module, name;
        [module, p] = readName(bytes, p);
        [name, p] = readName(bytes, p);
        const kind = bytes[p];
        const descriptionEnd = skipImportDescription(kind, bytes, p + 1);
        let newName = name;
        if (module === glueModule) {
          if (imports.has(name)) throw new Error(`wasm-names: import ${name} twice`);
          newName = shortName(imports.size);
          imports.set(name, newName);
        }
        body.push(...encodeName(module === glueModule ? "a" : module), ...encodeName(newName), ...bytes.subarray(p, descriptionEnd));
        p = descriptionEnd;
      }
      if (p !== end) throw new Error("wasm-names: the import section did not parse to its end");
    } else if (id === 7) {
      let [count, p] = leb(bytes, start);
      const entries = [];
      for (let i = 0; i < count; i++) {
        let name;
        [name, p] = readName(bytes, p);
        const indexEnd = leb(bytes, p + 1)[1];
        let newName = name;
        if (isInternalExport(name) && glue !== null && !readsExport(glue, name)) {
          dropped.push(name);
          p = indexEnd;
          continue;
        }
        if (isInternalExport(name)) {
          // Prefixed so that no short name can meet one of the exports that keep their names.
          newName = `_${shortName(exports.size)}`;
          exports.set(name, newName);
        }
        entries.push(...encodeName(newName), ...bytes.subarray(p, indexEnd));
        p = indexEnd;
      }
      if (p !== end) throw new Error("wasm-names: the export section did not parse to its end");
      body = [...encodeLeb(count - dropped.length), ...entries];
    } else {
      body = bytes.subarray(start, end);
    }
    if (body !== null) out.push(Uint8Array.of(id, ...encodeLeb(body.length)), Uint8Array.from(body));
    at = end;
  }
  return { wasm: Buffer.concat(out), glueModule, imports, exports, dropped };
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The glue `code` with the same renamings: the glue module is a key of the imports object, each import is a key of the imports object (`name:` or `"name":`),
 * each internal export is read as `wasm.name`. Every old name must be found exactly once as a key, and every
 * export at least once, and no trace of an old name may remain: otherwise the glue is not what this expects.
 */
export function renameInGlue(code, { glueModule, imports, exports }) {
  const moduleKey = `"${glueModule}":`;
  if (code.split(moduleKey).length !== 2) throw new Error(`wasm-names: ${moduleKey} is not once in the glue`);
  code = code.replace(moduleKey, "a:");
  for (const [old, short] of imports) {
    const key = new RegExp(`(?<![\\w$])"?${escape(old)}"?(?=\\s*:)`, "g");
    const found = code.match(key)?.length ?? 0;
    if (found !== 1) throw new Error(`wasm-names: import ${old} is a key of the glue ${found} times, not once`);
    code = code.replace(key, short);
  }
  for (const [old, short] of exports) {
    const access = new RegExp(`\\.${escape(old)}(?![\\w$])`, "g");
    if (!readsExport(code, old)) throw new Error(`wasm-names: the glue never reads export ${old}`);
    code = code.replace(access, `.${short}`);
  }
  for (const old of [...imports.keys(), ...exports.keys()]) {
    if (code.includes(old)) throw new Error(`wasm-names: ${old} is still in the glue`);
  }
  return code;
}
