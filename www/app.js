// Starts the game on index.html: loads the wasm module, then mounts a game into #game with the URL's settings.
import init, { mountPage } from "./tictactoe.js";

const mountPoint = document.getElementById("game");
try {
  await init();
  mountPage(mountPoint);
  // In an iframe (?embed=1), tell the host page the game's height, so it can size the frame to its content:
  // window.addEventListener("message", (e) => { if (e.data?.tictactoeHeight) frame.height = e.data.tictactoeHeight; })
  if (document.documentElement.classList.contains("embedded") && window.parent !== window) {
    const report = () =>
      window.parent.postMessage({ tictactoeHeight: document.documentElement.scrollHeight }, "*");
    new ResizeObserver(report).observe(document.body);
  }
} catch (error) {
  console.error(error);
  const message = document.createElement("p");
  message.setAttribute("role", "alert");
  message.textContent = `The game could not start: ${error instanceof Error ? error.message : error}`;
  mountPoint.replaceChildren(message);
}
