// A Gomocup (piskvork) brain around the npm package gomokuai (1.0.2, LGPL-3.0: a one-move pattern scorer), so that
// the match manager (`cargo run --release --example match`) can measure pbrain-minimax against it. It calls the
// package; the package is installed outside the repository:
//
//   npm install --prefix /tmp/gomoku-ai/gomokuai gomokuai@1.0.2
//   node scripts/gomocup-gomokuai.mjs /tmp/gomoku-ai/gomokuai/node_modules/gomokuai
//
// Square boards only. gomokuai takes a flat board (cell x + y * size; 1 its own stone, 2 the opponent's, 0 empty)
// and answers { x, y }.
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { resolve } from "node:path";

const where = process.argv[2];
if (!where) {
  console.error("usage: node scripts/gomocup-gomokuai.mjs PATH_TO/node_modules/gomokuai");
  process.exit(2);
}
const ai = createRequire(import.meta.url)(resolve(where));

let size = 0;
let board = [];
let reading = null;

/** The AI's move on `board`, played and written `x,y`. */
function reply() {
  const { x, y } = ai.bestMove([...board], size);
  // The package checks its answer as the cell x + y * size: name that cell, as the package itself reads it.
  const cell = x + y * size;
  if (cell >= 0 && cell < board.length && board[cell] === 0) board[cell] = 1;
  return [`${cell % size},${Math.floor(cell / size)}`];
}

/** The answer to one line from the manager. */
function handle(line) {
  if (reading) {
    if (line.toUpperCase() === "DONE") {
      board = reading;
      reading = null;
      return reply();
    }
    const [x, y, field] = line.split(",").map(Number);
    reading[x + y * size] = field;
    return [];
  }
  const [word, rest = ""] = line.split(/\s+(.*)/);
  switch (word.toUpperCase()) {
    case "START":
      size = Number(rest);
      board = new Array(size * size).fill(0);
      return ["OK"];
    case "RECTSTART":
      return ["ERROR square boards only"];
    case "RESTART":
      board.fill(0);
      return ["OK"];
    case "INFO":
    case "":
      return [];
    case "ABOUT":
      return ['name="gomokuai", version="1.0.2", author="see docs/gomocup.md"'];
    case "BEGIN":
      return reply();
    case "TURN": {
      const [x, y] = rest.split(",").map(Number);
      board[x + y * size] = 2;
      return reply();
    }
    case "BOARD":
      reading = new Array(size * size).fill(0);
      return [];
    case "TAKEBACK": {
      const [x, y] = rest.split(",").map(Number);
      board[x + y * size] = 0;
      return ["OK"];
    }
    default:
      return [`UNKNOWN ${word}`];
  }
}

const input = createInterface({ input: process.stdin });
for await (const raw of input) {
  const line = raw.trim();
  if (line.toUpperCase() === "END") break;
  let answer;
  try {
    answer = handle(line);
  } catch (error) {
    answer = [`ERROR ${String(error).replace(/\s+/g, " ")}`];
  }
  for (const out of answer) process.stdout.write(`${out}\n`);
}
process.exit(0);
