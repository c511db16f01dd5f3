// Starts the game on index.html: loads the wasm module, then mounts a game into #game with the URL's settings.
import init, { mountPage } from "./tictactoe.js";

const mountPoint = document.getElementById("game");
try {
  await init();
  mountPage(mountPoint);
} catch (error) {
  console.error(error);
  const message = document.createElement("p");
  message.className = "ttt-notice";
  message.setAttribute("role", "alert");
  message.textContent = `The game could not start: ${error instanceof Error ? error.message : error}`;
  mountPoint.replaceChildren(message);
}
