// <tic-tac-toe> for any page, on any origin:
//   <script type="module" src="https://USER.github.io/REPO/tic-tac-toe.js"></script>
//   <tic-tac-toe level="hard" human="O"></tic-tac-toe>
// Attributes mirror the URL parameters (human, mode, level, position, delay, scores, tree, stats, step, scoring, board,
// k, rule, think, eval, horizon, practice, depth, branching, seed, controls, theme, leaves); the game lives in the element's shadow root, so the page's styles and the game's leave
// each other alone. Several elements play independently, and an element moved to another place of the page keeps its
// game. A changed attribute changes the live game: the panels, the pause and the time per move change in place, and
// who plays whom, the level, the board or the position start a new game (the board, k and position read together, as
// when a page loads with them).
import init, { mountElement } from "./tictactoe.js";

const ready = init();
const ATTRIBUTES = [
  "human", "mode", "level", "position", "delay", "scores", "tree", "stats", "step", "scoring", "board", "k", "rule", "think",
  "eval", "horizon", "practice", "depth", "branching", "seed", "controls", "theme", "leaves",
];

class TicTacToeElement extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  #game = null;

  async connectedCallback() {
    try {
      await ready;
    } catch (error) {
      this.#cannotStart(error);
      return;
    }
    if (this.isConnected && !this.#game) this.#mount();
  }

  #mount() {
    try {
      this.#game = mountElement(this);
    } catch (error) {
      this.#cannotStart(error);
    }
  }

  #cannotStart(error) {
    this.textContent = `The game could not start: ${error instanceof Error ? error.message : error}`;
  }

  // Moved rather than removed (appendChild elsewhere, or moveBefore, which connects it again at once): it keeps
  // its game, which lives in its shadow root and moves with it. Removed: its game goes.
  connectedMoveCallback() {}

  // Moved into another document (a frame's): the game is made again there, with that document's styles.
  adoptedCallback() {
    this.#game?.destroy();
    this.#game = null;
  }

  disconnectedCallback() {
    queueMicrotask(() => {
      if (!this.isConnected) {
        this.#game?.destroy();
        this.#game = null;
      }
    });
  }

  attributeChangedCallback(name, _old, value) {
    this.#game?.set(name, value);
  }
}

if (!customElements.get("tic-tac-toe")) {
  customElements.define("tic-tac-toe", TicTacToeElement);
}
