// check.html: a pasted bot checked against every line of play by the JS API's check(). The pasted text never
// runs here: each check frames bot-sandbox.html with sandbox="allow-scripts" (an opaque origin, a policy of its
// own), which runs the text in a Worker it ends after LIMIT_MS on one position; this page asks it each position by
// postMessage. What the report shows is written as text into elements made here, never parsed as HTML.
import init, { check } from "./tictactoe.js";

/** How long the bot may think about one position before its worker is ended. */
const LIMIT_MS = 3000;
/** How long the sandbox page may take to start (it is one small file of this site). */
const START_MS = 10000;

const SHARED = `const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const empties = (b) => [...b].flatMap((c, i) => (c === "." ? [i] : []));
const toMove = (b) => (empties(b).length % 2 === 1 ? "X" : "O");
const play = (b, i) => b.slice(0, i) + toMove(b) + b.slice(i + 1);
const hasWon = (b, p) => LINES.some((line) => line.every((i) => b[i] === p));
`;

/** The three example bots, as a reader would paste them. */
const EXAMPLES = {
  minimax: `// A correct minimax (negamax form). A win with n marks on the board is worth 10 - n,
// so the bot takes the fastest win and puts off a loss for as long as it can.
${SHARED}const memo = new Map();

// The value of board b for the side to move.
function value(b) {
  if (!memo.has(b)) {
    const them = toMove(b) === "X" ? "O" : "X";
    const marks = 9 - empties(b).length;
    let v;
    if (hasWon(b, them)) v = -(10 - marks);
    else if (marks === 9) v = 0;
    else v = Math.max(...empties(b).map((i) => -value(play(b, i))));
    memo.set(b, v);
  }
  return memo.get(b);
}

function bot(position) {
  let best = -1;
  let bestValue = -Infinity;
  for (const i of empties(position)) {
    const v = -value(play(position, i));
    if (v > bestValue) [best, bestValue] = [i, v];
  }
  return best;
}
`,
  forks: `// Looks one move ahead only: it wins if it can, blocks if it must, and otherwise takes the
// centre, then a corner, then an edge. It never sees a fork coming: as X it holds, but as O
// an opponent who opens in a corner forks it.
${SHARED}
function bot(position) {
  const me = toMove(position);
  const them = me === "X" ? "O" : "X";
  const winFor = (p) => empties(position).find((i) => hasWon(position.slice(0, i) + p + position.slice(i + 1), p));
  return winFor(me) ?? winFor(them) ?? [4, 0, 2, 6, 8, 1, 3, 5, 7].find((i) => position[i] === ".");
}
`,
  slow: `// A minimax whose scores do not count moves: a win is +1 however late it comes, so of two
// winning moves it keeps the first it tried, and sometimes wins slower than it could.
${SHARED}const memo = new Map();

// The value of board b for the side to move: -1 lost, 0 a draw, +1 won.
function value(b) {
  if (!memo.has(b)) {
    const them = toMove(b) === "X" ? "O" : "X";
    let v;
    if (hasWon(b, them)) v = -1;
    else if (empties(b).length === 0) v = 0;
    else v = Math.max(...empties(b).map((i) => -value(play(b, i))));
    memo.set(b, v);
  }
  return memo.get(b);
}

function bot(position) {
  let best = -1;
  let bestValue = -Infinity;
  for (const i of empties(position)) {
    const v = -value(play(position, i));
    if (v > bestValue) [best, bestValue] = [i, v];
  }
  return best;
}
`,
};

const $ = (id) => document.getElementById(id);
const form = $("check-form");
const code = $("code");
const example = $("example");
const progress = $("progress");
const runButton = $("run");
const stopButton = $("stop");
const report = $("report");
const reportBody = $("report-body");
const askOnce = $("ask-once");

/** An element with attributes and children (strings become text nodes: nothing here is parsed as HTML). */
function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

const toMove = (board) => ([...board].filter((c) => c === ".").length % 2 === 1 ? "X" : "O");
const square = (cell) => `row ${Math.floor(cell / 3) + 1}, column ${(cell % 3) + 1}`;
const cells = (list) => list.map((cell) => `${cell} (${square(cell)})`).join(", ");
/** A link that opens the game at `board`, both sides played by hand, with every move's score shown. */
const gameLink = (board) => `./?position=${board}&mode=friend&scores=1`;

/** The boards along `line`, the cells played from the empty board: boards[i] is the board after i moves. */
function boardsAlong(line) {
  const boards = ["........."];
  for (const cell of line) {
    const board = boards[boards.length - 1];
    boards.push(board.slice(0, cell) + toMove(board) + board.slice(cell + 1));
  }
  return boards;
}

/** Why the sandbox did not start, as far as the page can tell. */
function notStarted() {
  // A service worker cannot serve a frame with an opaque origin (Chromium sends its navigation to the network), so
  // the sandbox is the one file of the site that the offline cache does not bring (docs/offline.md).
  if (navigator.onLine === false) {
    return "You are offline, and the sandbox that runs the bot needs a connection: it is the one part of the site that the offline copy cannot serve. Check again once you are online.";
  }
  return "The sandbox that runs the bot did not start. Reload the page and try again.";
}

/**
 * One check's sandbox: a frame of bot-sandbox.html with sandbox="allow-scripts" (opaque origin), which runs the
 * pasted text in a worker and answers each position. Messages are heard only from that frame's window, with the
 * opaque origin "null" and the expected shape. `close()` removes the frame, which ends its worker at once.
 */
class Sandbox {
  #frame;
  #next = 0;
  #pending = new Map();
  #waiters = new Map();
  #listener = (event) => this.#heard(event);
  /** The position the bot was stopped on for taking too long, if it was. */
  stoppedAt = null;
  #failStart = () => {};
  // Heard from the start: the frame may be ready before the page has loaded the module. Its script says so as it
  // loads, so a frame that has loaded and said nothing within a second did not start (an error page, offline).
  #ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => this.#failStart(), START_MS);
    this.#failStart = () => {
      clearTimeout(timer);
      this.#waiters.delete("sandbox-ready");
      reject(new Error(notStarted()));
    };
    this.#waiters.set("sandbox-ready", () => {
      clearTimeout(timer);
      this.#waiters.delete("sandbox-ready");
      this.#failStart = () => {};
      resolve();
    });
  });

  constructor() {
    // Awaited by load(); a check stopped before then leaves it unheard, which is no error.
    this.#ready.catch(() => {});
    this.#frame = el("iframe", {
      src: "bot-sandbox.html",
      sandbox: "allow-scripts",
      title: "Sandbox that runs the pasted bot",
      hidden: "",
    });
    this.#frame.addEventListener("load", () => setTimeout(() => this.#failStart(), 1000));
    window.addEventListener("message", this.#listener);
    document.body.append(this.#frame);
  }

  #heard(event) {
    if (event.source !== this.#frame.contentWindow || event.origin !== "null") return;
    const data = event.data;
    if (typeof data !== "object" || data === null || typeof data.tictactoe !== "string") return;
    if (Number.isInteger(data.id)) {
      const asked = this.#pending.get(data.id);
      if (!asked) return;
      this.#pending.delete(data.id);
      clearTimeout(asked.timer);
      if (data.tictactoe === "answer") asked.resolve(data.value);
      else if (data.tictactoe === "stopped") this.#stop(asked);
      else asked.reject(new Error(typeof data.message === "string" ? data.message : "the bot failed"));
    } else {
      this.#waiters.get(data.tictactoe)?.(data);
    }
  }

  /** Resolves with the first message of one of `types` (or rejects after `ms`). */
  #wait(types, ms, late) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(late)), ms);
      for (const type of types) {
        this.#waiters.set(type, (data) => {
          clearTimeout(timer);
          for (const other of types) this.#waiters.delete(other);
          resolve(data);
        });
      }
    });
  }

  #post(message) {
    // The frame's origin is opaque, so no origin can be named: what goes there is only the pasted text and
    // positions, nothing of this page.
    this.#frame.contentWindow?.postMessage(message, "*");
  }

  #stop(asked) {
    this.stoppedAt = asked.position;
    this.close();
    asked.reject(new Error(`it did not answer within ${LIMIT_MS / 1000} seconds, and was stopped`));
  }

  /** Starts the sandbox and loads `text` into it; rejects with a sentence if the text defines no usable bot. */
  async load(text) {
    await this.#ready;
    this.#post({ tictactoe: "load", code: text, limitMs: LIMIT_MS });
    const answer = await this.#wait(["loaded", "load-failed"], START_MS + LIMIT_MS * 2, "The bot did not load in time.");
    if (answer.tictactoe === "load-failed") {
      throw new Error(`Your code could not be used: ${typeof answer.message === "string" ? answer.message : "it failed"}.`);
    }
  }

  /** The bot's answer for `position` (a Promise), as check() asks for it. */
  ask(position) {
    const id = (this.#next += 1);
    return new Promise((resolve, reject) => {
      // Should the sandbox itself not answer, the page stops it all the same, a little later.
      const asked = { position, resolve, reject };
      asked.timer = setTimeout(() => {
        this.#pending.delete(id);
        this.#stop(asked);
      }, LIMIT_MS + 2000);
      this.#pending.set(id, asked);
      this.#post({ tictactoe: "ask", id, position });
    });
  }

  /** Removes the frame (ending the bot's worker) and rejects whatever is still waiting. */
  close() {
    window.removeEventListener("message", this.#listener);
    this.#frame.remove();
    for (const asked of this.#pending.values()) {
      clearTimeout(asked.timer);
      asked.reject(new Error("the check was stopped"));
    }
    this.#pending.clear();
  }
}

let running = null;
let loaded = null;

function setRunning(sandbox) {
  running = sandbox;
  // aria-disabled, not disabled: a disabled button would drop the focus of a reader who pressed it.
  runButton.setAttribute("aria-disabled", String(sandbox !== null));
  if (sandbox === null && document.activeElement === stopButton) runButton.focus();
  stopButton.disabled = sandbox === null;
  code.readOnly = sandbox !== null;
}

function say(text) {
  progress.textContent = text;
}

/** The report, drawn from check()'s plain object. */
function showReport(result, side) {
  const parts = [el("p", { class: "check-verdict" }, result.neverLoses ? `As ${side}: it never loses.` : `As ${side}: it can lose.`)];
  for (const sentence of result.sentences) parts.push(el("p", {}, sentence));
  const counts = el("dl", { class: "check-counts" });
  for (const [term, value] of [
    ["Positions asked", result.positions],
    ["Missed wins", result.missedWins],
    ["Slow wins", result.slowWins],
    ["Lost draws", result.lostDraws],
  ]) {
    counts.append(el("div", {}, el("dt", {}, term), el("dd", {}, String(value))));
  }
  parts.push(counts);
  if (result.losingLine) parts.push(...losingLine(result.losingLine, side));
  for (const [kind, title, why] of [
    ["missedWins", "Missed wins", "it had a forced win and played a move that does not keep it"],
    ["slowWins", "Slow wins", "it kept a forced win, but a faster one was there"],
    ["lostDraws", "Lost draws", "it could at least draw and played a move that loses"],
  ]) {
    const examples = result.examples[kind];
    if (!examples?.length) continue;
    const shown = examples.length < result[kind] ? `the first ${examples.length} of ${result[kind]}` : `${examples.length}`;
    parts.push(el("h3", {}, `${title} (${shown})`), el("p", {}, `Where ${why}:`));
    const list = el("ul", { class: "check-examples-list" });
    for (const { position, move, best } of examples) {
      list.append(
        el(
          "li",
          {},
          el("code", {}, position),
          ` (${toMove(position)} to move): it played ${cells([move])}; the best ${best.length === 1 ? "is" : "are"} ${cells(best)}. `,
          el("a", { href: gameLink(position) }, "Open in the game"),
        ),
      );
    }
    parts.push(list);
  }
  reportBody.replaceChildren(...parts);
  report.hidden = false;
}

/** The losing line: its moves, a board to step through them, and a link into the game at the shown move. */
function losingLine(line, side) {
  const boards = boardsAlong(line);
  let shown = line.length;
  const grid = el("div", { class: "check-board", role: "img" });
  const squares = Array.from({ length: 9 }, () => el("span", { class: "check-square" }));
  grid.append(...squares);
  const caption = el("p", { class: "check-step" });
  const link = el("a", {}, "Open this position in the game");
  const moves = el("ol", { class: "check-moves" });
  const items = line.map((cell, i) => {
    const player = i % 2 === 0 ? "X" : "O";
    const who = player === side ? "your bot" : "the opponent";
    return el("li", {}, `${player} (${who}): ${square(cell)}`);
  });
  moves.append(...items);
  const buttons = {};
  const draw = () => {
    const board = boards[shown];
    squares.forEach((element, cell) => {
      element.textContent = board[cell] === "." ? "" : board[cell];
      element.classList.toggle("check-last", shown > 0 && line[shown - 1] === cell);
    });
    const rows = [0, 1, 2].map((r) => `row ${r + 1}: ${[0, 1, 2].map((c) => (board[r * 3 + c] === "." ? "empty" : board[r * 3 + c])).join(", ")}`);
    grid.setAttribute("aria-label", `The board after ${shown} of ${line.length} moves; ${rows.join("; ")}`);
    caption.textContent =
      shown === 0
        ? `The empty board, before move 1 of ${line.length}.`
        : `Move ${shown} of ${line.length}: ${items[shown - 1].textContent}${shown === line.length ? ". The opponent wins." : "."}`;
    items.forEach((item, i) => (i === shown - 1 ? item.setAttribute("aria-current", "step") : item.removeAttribute("aria-current")));
    link.href = gameLink(board);
    buttons.first.disabled = buttons.back.disabled = shown === 0;
    buttons.next.disabled = buttons.last.disabled = shown === line.length;
  };
  const controls = el("div", { class: "check-replay-controls" });
  for (const [key, label, step] of [
    ["first", "First", () => 0],
    ["back", "Previous", () => shown - 1],
    ["next", "Next", () => shown + 1],
    ["last", "Last", () => line.length],
  ]) {
    buttons[key] = el("button", { type: "button" }, label);
    buttons[key].addEventListener("click", () => {
      shown = Math.max(0, Math.min(line.length, step()));
      draw();
      // A button that just became disabled would drop focus to the page: keep it in the replay.
      if (buttons[key].disabled) (key === "first" || key === "back" ? buttons.next : buttons.back).focus();
    });
    controls.append(buttons[key]);
  }
  draw();
  return [
    el("h3", {}, "The shortest game it loses"),
    moves,
    el("div", { class: "check-replay" }, grid, el("div", {}, caption, controls, el("p", {}, link))),
  ];
}

/** What went wrong, in words: check()'s own sentence, or the sandbox's. */
function problem(error, sandbox) {
  if (sandbox.stoppedAt) {
    const position = sandbox.stoppedAt;
    return `Stopped: at ${position} (${toMove(position)} to move) your bot thought for more than ${LIMIT_MS / 1000} seconds, so it was stopped. A bot must answer each position within ${LIMIT_MS / 1000} seconds.`;
  }
  const message = (error instanceof Error ? error.message : String(error)).replace(/^check: /, "");
  // check() asks each position again at the end: a bot that picks among equal moves at random fails that.
  if (/must answer the same position the same way/.test(message) && !askOnce.checked) {
    return `${message} If it breaks ties at random on purpose, tick "It breaks ties at random" and check again.`;
  }
  return message;
}

async function run() {
  if (running) return;
  const text = code.value;
  const side = form.elements.side.value === "O" ? "O" : "X";
  if (text.trim() === "") {
    say("There is no code to check: paste a bot, or load an example.");
    code.focus();
    return;
  }
  const sandbox = new Sandbox();
  setRunning(sandbox);
  report.hidden = true;
  reportBody.replaceChildren();
  say(`Checking the bot as ${side}…`);
  try {
    // A module that failed to load (offline, say) is tried again at the next check.
    await (loaded ??= init().catch((error) => {
      loaded = null;
      throw error;
    }));
    await sandbox.load(text);
    const result = await check((position) => sandbox.ask(position), { side, askTwice: !askOnce.checked });
    showReport(result, side);
    // The verdict in a few words for the live region; the report below has the rest.
    say(`Checked as ${side}: ${result.neverLoses ? "it never loses" : "it can lose"}. The report follows.`);
  } catch (error) {
    if (running === sandbox) say(problem(error, sandbox));
  } finally {
    sandbox.close();
    if (running === sandbox) setRunning(null);
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  run();
});

stopButton.addEventListener("click", () => {
  const sandbox = running;
  if (!sandbox) return;
  setRunning(null);
  sandbox.close();
  say("Stopped: the check was stopped before it finished.");
  runButton.focus();
});

$("load-example").addEventListener("click", () => {
  code.value = EXAMPLES[example.value] ?? EXAMPLES.minimax;
  say(`Loaded the example: ${example.selectedOptions[0].textContent}.`);
});

code.value = EXAMPLES.minimax;
