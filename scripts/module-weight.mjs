// What each part of the release wasm module weighs, gzipped: the module is optimized as index.html asks Trunk
// to (wasm-opt, same passes) but with function names kept, then each part's function bodies are blanked in turn
// and the module gzipped again; the difference is that part's weight. Generic code of the standard library that
// the compiler instantiated for a part (an iterator's `fold` around the part's closure, say) counts as standard
// library, so the parts of this game are, if anything, a little heavier than shown.
import { execFileSync } from "node:child_process";
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { tmpdir } from "node:os";

/** The part of the game a function belongs to, from its name. */
export function part(name) {
  const path = name.replace(/^</, "");
  const parts = [
    // Everything that exists for the boards bigger than 3x3: their board and search (and the one search core's
    // copy made for them), the worker, the JS API's think, their panels.
    [/^tictactoe::engine::(grid|deep|tactics|bits)\b|engine::grid::Grid\b|^tictactoe::(beyond|web::worker|web::beyond_view)\b|^tictactoe::web::api_full::(think|grid_argument|whole_option|DateClock)/, "bigger boards (board, search, worker, panels, think)"],
    [/^tictactoe::web::api(_full)?\b/, "JS API (mount, bestMove, analyze, handles)"],
    [/^tictactoe::(handover|web::handover)\b|^tictactoe::game::(GameTextError|News)\b|Display for tictactoe::game::Game>/, "handover from the play module to the full module"],
    [/^tictactoe::(stepper|engine::trace)\b|^tictactoe::web::(step_view\b|app::.*apply_to_steps\b)/, "step through alpha-beta (trace, stepper, its panel)"],
    [/^tictactoe::web::tree_picture\b/, "the game tree's picture"],
    [/^tictactoe::(thinking|tree|explain)\b|^tictactoe::web::(panels|tree_view)\b|^tictactoe::engine::insight\b/, "thinking panels (scores, why, statistics, tree)"],
    [/^tictactoe::engine\b/, "engine (board, search)"],
    [/^tictactoe::(game|settings|tally|analysis|text|squares)\b/, "game, settings, tally"],
    [/^tictactoe::web\b/, "DOM layer (mount, messages, update, render)"],
    [/^(wasm_bindgen|js_sys|web_sys|console_error_panic_hook)\b|^__wbindgen|^__externref|^__wbg/, "wasm-bindgen, js-sys, web-sys"],
    [/^(core|alloc|std|lol_alloc|__rust|__rdl|__rg|compiler_builtins|dlmalloc|char|str|u8|u32|u64|i32|usize|f64)\b/, "Rust standard library and allocator"],
  ];
  for (const [pattern, label] of parts) if (pattern.test(path)) return label;
  return "other";
}

/** Sections, function bodies and names of a module. */
function parse(bytes) {
  let p = 8;
  const u = () => { let r = 0, s = 0, x; do { x = bytes[p++]; r |= (x & 0x7f) << s; s += 7; } while (x & 0x80); return r >>> 0; };
  const sections = []; const bodies = []; const names = new Map(); let imports = 0; let codeAt = -1;
  while (p < bytes.length) {
    const start = p; const id = bytes[p++]; const size = u(); const end = p + size;
    if (id === 2) {
      const n = u();
      for (let i = 0; i < n; i++) {
        let l = u(); p += l; l = u(); p += l;
        const kind = bytes[p++];
        if (kind === 0) { u(); imports++; } else if (kind === 1) { p++; const f = bytes[p++]; u(); if (f & 1) u(); }
        else if (kind === 2) { const f = bytes[p++]; u(); if (f & 1) u(); } else p += 2;
      }
    } else if (id === 10) {
      codeAt = sections.length;
      const n = u();
      for (let i = 0; i < n; i++) { const s = u(); bodies.push(bytes.subarray(p, p + s)); p += s; }
    } else if (id === 0) {
      const l = u(); const custom = bytes.subarray(p, p + l).toString(); p += l;
      if (custom === "name") {
        while (p < end) {
          const sub = bytes[p++]; const ss = u(); const subEnd = p + ss;
          if (sub === 1) { const n = u(); for (let i = 0; i < n; i++) { const index = u(); const nl = u(); names.set(index, bytes.subarray(p, p + nl).toString()); p += nl; } }
          p = subEnd;
        }
      }
      p = end; continue; // custom sections are not shipped
    }
    sections.push(bytes.subarray(start, end)); p = end;
  }
  return { sections, bodies, names, imports, codeAt };
}

const leb = (n) => { const out = []; do { let x = n & 0x7f; n >>>= 7; if (n) x |= 0x80; out.push(x); } while (n); return Buffer.from(out); };
// A body of no locals that only traps: what a blanked function weighs.
const BLANK = Buffer.from([0, 0x00, 0x0b]);

function gzippedWithout({ sections, bodies, codeAt }, blank) {
  const parts = [Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])];
  for (const [i, section] of sections.entries()) {
    if (i !== codeAt) { parts.push(section); continue; }
    const items = [leb(bodies.length)];
    bodies.forEach((body, j) => { const b = blank(j) ? BLANK : body; items.push(leb(b.length), b); });
    const content = Buffer.concat(items);
    parts.push(Buffer.from([10]), leb(content.length), content);
  }
  return gzipSync(Buffer.concat(parts), { level: 9 }).length;
}

/** Rows of [part, gzipped bytes] for the module `wasm` (wasm-bindgen's output), optimized with `wasmOptArgs`. */
export function moduleWeight(wasm, wasmOptArgs) {
  const dir = mkdtempSync(join(tmpdir(), "module-weight-"));
  try {
    const out = join(dir, "named.wasm");
    execFileSync("wasm-opt", [...wasmOptArgs, "-g", wasm, "-o", out]);
    const module = parse(readFileSync(out));
    const whole = gzippedWithout(module, () => false);
    const groups = new Map();
    module.bodies.forEach((_, j) => {
      const label = part(module.names.get(module.imports + j) ?? "");
      if (!groups.has(label)) groups.set(label, new Set());
      groups.get(label).add(j);
    });
    const rows = [...groups].map(([label, members]) => [label, whole - gzippedWithout(module, (j) => members.has(j))]);
    rows.sort((a, b) => b[1] - a[1]);
    rows.push(["data, imports and exports (every function blanked)", gzippedWithout(module, () => true)]);
    return { whole, rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
