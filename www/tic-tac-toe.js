// <tic-tac-toe> for any page, on any origin:
//   <script type="module" src="https://USER.github.io/REPO/tic-tac-toe.js"></script>
//   <tic-tac-toe level="hard" human="O"></tic-tac-toe>
// Attributes mirror the URL parameters (human, mode, level, position, delay, scores, tree, stats, step, scoring, board,
// k, think, eval, horizon); the game lives in the element's shadow root, so the page's styles and the game's leave
// each other alone. Several elements play independently, and an element moved to another place of the page keeps its
// game. A changed attribute changes the live game: the panels, the pause and the time per move change in place, and
// who plays whom, the level, the board or the position start a new game.
import init, { mountElement } from "./tictactoe.js";

const ready = init();
const ATTRIBUTES = [
  "human", "mode", "level", "position", "delay", "scores", "tree", "stats", "step", "scoring", "board", "k", "think",
  "eval", "horizon",
];

const READ_TOGETHER = ["position", "board", "k"];

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
    if (!this.#game) return;
    if (!READ_TOGETHER.includes(name)) {
      this.#game.set(name, value);
      return;
    }
    // A position, a board and a k are read together, against each other, as when the page loaded: the game
    // starts again from all of the element's attributes, so that the same attributes make the same game live as
    // after a reload, in any order, and one that does not fit the others is explained as it would be then.
    const focused = this.shadowRoot?.activeElement;
    this.#game.destroy();
    this.#game = null;
    try {
      this.#game = mountElement(this);
      // Focus was in the game: it stays there, on the board (its one tab stop), not on the page.
      if (focused) this.shadowRoot.querySelector('[data-cell][tabindex="0"]')?.focus();
    } catch {
      // The game was in the middle of an update (a change made from a listener of its own events): its
      // destroy() waits for the update to end, and so does the new game.
      queueMicrotask(() => this.isConnected && !this.#game && this.#mount());
    }
  }
}

if (!customElements.get("tic-tac-toe")) {
  customElements.define("tic-tac-toe", TicTacToeElement);
}
