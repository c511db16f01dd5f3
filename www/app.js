// Starts the game on index.html: loads the wasm module, then mounts a game into #game with the URL's settings.
import init, { mountPage } from "./tictactoe.js";

const mountPoint = document.getElementById("game");
try {
  await init();
  // The page is drawn once before the game takes it over: the game's place, drawn by index.html, is what a reader
  // sees first, and what a first paint measures, even where the module comes at once (from the cache, over a fast
  // link). A page that draws no frame (hidden) waits a moment at most.
  await new Promise((done) => {
    requestAnimationFrame(() => setTimeout(done));
    setTimeout(done, 100);
  });
  mountPage(mountPoint);
  // In an iframe (?embed=1), tell the host page the game's height, so it can size the frame to its content:
  // window.addEventListener("message", (e) => {
  //   if (e.source === frame.contentWindow && Number.isFinite(e.data?.tictactoeHeight)) frame.height = e.data.tictactoeHeight;
  // });
  if (document.documentElement.classList.contains("embedded") && window.parent !== window) {
    // The height the game needs: the bottom of <main> (which holds it) in the document, plus the margins under
    // it. Not the document's scrollHeight, which is never less than the frame's own height: once the frame had
    // grown (a panel opened), it would never report a smaller one (the panel closed).
    const content = mountPoint.closest("main") ?? mountPoint;
    const marginBelow = (element) => parseFloat(getComputedStyle(element).marginBottom) || 0;
    const report = () => {
      const bottom = content.getBoundingClientRect().bottom + window.scrollY;
      const height = Math.ceil(bottom + marginBelow(content) + marginBelow(document.body));
      window.parent.postMessage({ tictactoeHeight: height }, "*");
    };
    new ResizeObserver(report).observe(content);
    // A host page that began listening after the first report asks for it again.
    window.addEventListener("message", (event) => {
      if (event.source === window.parent && event.data === "tictactoe-height?") report();
    });
  }
  // Offline play and updates, once the game is on the page (offline.js: the game page only, never in a frame).
  import("./offline.js").then(({ offerOffline }) => offerOffline(), () => {});
} catch (error) {
  console.error(error);
  const message = document.createElement("p");
  message.setAttribute("role", "alert");
  message.textContent = `The game could not start: ${error instanceof Error ? error.message : error}`;
  mountPoint.replaceChildren(message);
}
