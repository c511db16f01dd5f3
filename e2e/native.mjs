// What the native engine answers, for the end-to-end tests to compare the release build with: the examples
// `api_expectations` (the JS API's answers), `insight_expectations` (the thinking panels' figures and the step
// panel's trace) and `practice_expectations` (the practice's answers), run in the test profile, which `cargo test` has built them in already (./dev.sh test runs it
// first). The exhaustive checks of these answers are native (tests/); the browser checks a few positions.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The JSON that `cargo run --example name -- args` prints. */
function example(name, args) {
  return JSON.parse(
    execFileSync("cargo", ["run", "--profile", "test", "--quiet", "--example", name, "--", ...args], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
}

/** The JS API's answers for `positions` (every reachable position if none), by position: `{ position, toMove,
 * over, moves: [{ cell, outcome, plies }], bestMoves, nodes, engineMoves: { level: cells } }`. */
export function apiAnswers(...positions) {
  return new Map(example("api_expectations", positions).map((entry) => [entry.position, entry]));
}

/** The panels' figures for `keys` ("position" or "position/path"), by key: `{ stats, lines, children, trace }`,
 * each event of the trace `{ event, position, alpha, beta, value, path }` (the path as "2,1", "" for the root). */
export function insight(...keys) {
  const found = example("insight_expectations", keys);
  for (const entry of Object.values(found)) {
    entry.trace = entry.trace.map((event) => ({ ...event, path: event.path.join(",") }));
  }
  return found;
}

/** A bound as the tests compare it: a number, or ±Infinity for "inf" and "-inf". */
const bound = (text) => (text === "inf" ? Infinity : text === "-inf" ? -Infinity : Number(text));

/** The practice's answers for `trees` (a 3x3 position's whole tree, "lesson:" and a position for the exercise
 * the practice opens on it, "tree:DEPTH,BRANCHING,SEED", or "leaves:" and a tree written out), by tree: `{ events,
 * children, leaves }`, alpha-beta's events `{ event, path, alpha, beta, value }` with each node's path as the page's
 * `data-node` writes it ("4.0", "" for the root) and its bounds as numbers, `children(path)` a node's children's
 * paths, and `leaves` the values given at the leaves, by path. */
export function practiceAnswers(...trees) {
  const found = example("practice_expectations", trees);
  return new Map(
    Object.entries(found).map(([tree, { events, children, leaves }]) => [
      tree,
      {
        events: events.map((event) => ({ ...event, alpha: bound(event.alpha), beta: bound(event.beta) })),
        children: (path) => children[path] ?? [],
        leaves: Object.fromEntries(Object.entries(leaves).map(([path, value]) => [path, bound(value)])),
      },
    ]),
  );
}
