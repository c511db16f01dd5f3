// <tic-tac-toe> for any page, on any origin:
//   <script type="module" src="https://USER.github.io/REPO/tic-tac-toe.js"></script>
//   <tic-tac-toe level="hard" human="O"></tic-tac-toe>
// Attributes mirror the URL parameters (human, mode, level, position, delay, scores, tree, stats, scoring); the
// game lives in the element's shadow root, so the page's styles and the game's leave each other alone. Several
// elements play independently.
import init, { mountElement } from "./tictactoe.js";

const ready = init();
const ATTRIBUTES = ["human", "mode", "level", "position", "delay", "scores", "tree", "stats", "scoring"];

class TicTacToeElement extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  #game = null;

  connectedCallback() {
    this.#render();
  }

  disconnectedCallback() {
    this.#game?.destroy();
    this.#game = null;
  }

  attributeChangedCallback() {
    if (this.#game) this.#render();
  }

  async #render() {
    try {
      await ready;
    } catch (error) {
      this.textContent = `The game could not start: ${error instanceof Error ? error.message : error}`;
      return;
    }
    this.#game?.destroy();
    this.#game = this.isConnected ? mountElement(this) : null;
  }
}

if (!customElements.get("tic-tac-toe")) {
  customElements.define("tic-tac-toe", TicTacToeElement);
}
