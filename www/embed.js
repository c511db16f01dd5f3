// The JS API part of embed.html: numbers from the engine in the prose, and a game mounted into a <div>.
import init, { analyze, bestMove, mount } from "./tictactoe.js";

// The code under each game names where this site is, ready to paste.
const site = new URL(".", location.href).href;
for (const code of document.querySelectorAll(".snippet code")) {
  code.textContent = code.textContent.replaceAll("https://USER.github.io/REPO/", site);
}

// Size the iframe to the game inside it (the game page reports its height when embedded, each time it changes).
// The frame may have reported before this module ran: it is asked again, and answers once its game is drawn.
const frame = document.getElementById("frame");
window.addEventListener("message", (event) => {
  if (event.source === frame.contentWindow && Number.isFinite(event.data?.tictactoeHeight)) {
    frame.height = String(Math.ceil(event.data.tictactoeHeight));
  }
});
frame.contentWindow?.postMessage("tictactoe-height?", "*");

await init();

const empty = analyze(".........");
document.getElementById("analysis").textContent =
  `From the empty board, all ${empty.moves.length} first moves lead to a draw with best play: ` +
  `minimax with alpha-beta visited ${empty.nodes.toLocaleString("en")} positions to prove it.`;

const position = "X.O.X.O..";
const cell = bestMove(position);
document.getElementById("best-move").textContent = `row ${Math.floor(cell / 3) + 1}, column ${(cell % 3) + 1}`;

mount(document.getElementById("api-game"), { position, level: "unbeatable" });
