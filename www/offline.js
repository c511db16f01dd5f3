// Offline play and updates, for the game page only (app.js imports this once the game is on the page): registers
// the service worker (sw.js), which caches the site, and says in the page when a new build is ready. Never in a
// frame: a blog's iframe of the game gets no worker and no notice (see docs/offline.md). Where the browser or the
// page's policy forbids a worker, nothing happens and the game plays on.

// Written by scripts/minify.mjs: true in a release build for the site; false under `trunk serve` (./dev.sh serve)
// and in debug builds, where a worker would serve the files of an earlier build.
const OFFLINE_BUILD = false;

function button(text, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  element.addEventListener("click", onClick);
  return element;
}

/**
 * Says that `worker` (a new build, installed and waiting) is ready, in a notice at the foot of the window: a polite
 * live region, put on the page empty and filled a moment later (a live region that comes with its words is not
 * announced by every screen reader). "Reload" lets the worker take over and reloads; "Not now" takes the notice
 * away. Until then the page has no notice at all.
 */
function offerUpdate(worker, container) {
  if (document.querySelector(".update-notice")) return;
  const region = document.createElement("div");
  region.className = "update-notice";
  region.setAttribute("role", "status");
  document.body.append(region);
  const text = document.createElement("p");
  text.textContent = "A new version of the game is ready. Reload to play it (the game in progress starts over).";
  let reloading = false;
  container.addEventListener("controllerchange", () => {
    if (reloading) window.location.reload();
  });
  const reload = button("Reload", () => {
    reloading = true;
    // Waiting, it takes over and the page reloads when it does; one that already took over (a worker that
    // retires a development build's cache does so at once) has nothing to wait for.
    if (worker.state === "installed") worker.postMessage("tictactoe-update");
    else window.location.reload();
  });
  const later = button("Not now", () => region.remove());
  setTimeout(() => region.replaceChildren(text, reload, later), 100);
}

/** Registers the site's service worker from the game page, and watches for a new build. */
export async function offerOffline() {
  if (!OFFLINE_BUILD || window.top !== window) return;
  let container;
  try {
    // Undefined where the page is not a secure context; a SecurityError where the page's origin is opaque.
    container = navigator.serviceWorker;
  } catch {
    return;
  }
  if (!container) return;
  let registration;
  try {
    registration = await container.register(new URL("sw.js", import.meta.url));
  } catch {
    // Refused by the page's Content-Security-Policy (worker-src), by the browser's settings (no site data), or the
    // worker failed to install: the game plays on, online.
    return;
  }
  // A new build installed is news only to a page that an earlier build serves (not on a first visit). The
  // browser looks for one as the page loads, so it may be waiting or installing already.
  const watch = (worker) => {
    if (!worker) return;
    const ready = () => {
      if (worker.state === "installed" && container.controller) offerUpdate(worker, container);
    };
    ready();
    worker.addEventListener("statechange", ready);
  };
  watch(registration.waiting);
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
}
