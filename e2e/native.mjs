// What the native engine answers, for the end-to-end tests to compare the release build with: the examples
// `api_expectations` (the JS API's answers) and `insight_expectations` (the thinking panels' figures and the step
// panel's trace), run in the test profile, which `cargo test` has built them in already (./dev.sh test runs it
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
