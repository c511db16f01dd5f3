// The game's service worker: after one visit, the site opens and plays offline. It serves the site's own files,
// and only those, from a cache named after the build; a new build comes with a new worker (the browser compares
// this file byte for byte at each visit), which fills a new cache while the old one keeps serving, and takes over
// when the page's "Reload" asks it to or when no tab of the site is open any more; then the old cache is deleted.
// Anything else (another origin's file, a path the build does not have, a POST) goes to the network as if there
// were no worker. Registered by offline.js from the game page only (see docs/offline.md).

// Written by scripts/minify.mjs in a release build for the site: the build's id, and every file of the site but
// this one with its integrity hash. Left empty (`trunk serve`, a debug build), the worker caches nothing: it
// deletes the site's caches and unregisters itself, so that a worker left at the same address by an earlier
// release build never serves stale files.
const BUILD = "";
const FILES = [];

// The folder the worker serves (the site's, under whatever sub-path it is hosted), and its caches' names: one
// origin (USER.github.io) can host several sites, and each deletes only its own caches.
const SITE = new URL("./", self.location.href);
const PREFIX = `tictactoe ${SITE.pathname} `;
const CACHE = `${PREFIX}${BUILD}`;
const INTEGRITY = new Map(FILES);

/** The site's file a request is for ("index.html" for the folder itself), or null for anything else. */
function siteFile(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== SITE.origin || !url.pathname.startsWith(SITE.pathname)) return null;
  let name;
  try {
    name = decodeURIComponent(url.pathname.slice(SITE.pathname.length)) || "index.html";
  } catch {
    return null;
  }
  return INTEGRITY.has(name) ? name : null;
}

/** Fetches a file of this build, checked against its integrity hash: from the HTTP cache if it holds this build's
 * copy (a first visit has just loaded most files), else from the server. */
async function fetchChecked(name) {
  const address = new URL(name, SITE).href;
  const integrity = INTEGRITY.get(name);
  try {
    return await fetch(new Request(address, { integrity }));
  } catch {
    // A copy of an earlier build in the HTTP cache (GitHub Pages lets browsers keep files for ten minutes).
    return fetch(new Request(address, { integrity, cache: "reload" }));
  }
}

async function fillCache() {
  const cache = await caches.open(CACHE);
  const responses = await Promise.all(
    FILES.map(async ([name]) => {
      const response = await fetchChecked(name);
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      return [name, response];
    }),
  );
  // Only once every file has come: a build is cached whole or not at all.
  await Promise.all(responses.map(([name, response]) => cache.put(new URL(name, SITE).href, response)));
}

async function deleteCaches(keep) {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== keep) await caches.delete(name);
  }
}

async function fromCache(name, request) {
  const cached = await caches.match(new URL(name, SITE).href, { cacheName: CACHE, ignoreVary: true });
  // The browser may have evicted the cache: then the network, as without a worker.
  return cached ?? fetch(request);
}

if (BUILD) {
  self.addEventListener("install", (event) => event.waitUntil(fillCache()));
  self.addEventListener("activate", (event) =>
    event.waitUntil(deleteCaches(CACHE).then(() => self.clients.claim())),
  );
  self.addEventListener("fetch", (event) => {
    const name = siteFile(event.request);
    if (name) event.respondWith(fromCache(name, event.request));
  });
  // The page's "Reload" button: this build, installed and waiting, takes over now.
  self.addEventListener("message", (event) => {
    if (event.data === "tictactoe-update") self.skipWaiting();
  });
} else {
  self.addEventListener("install", () => self.skipWaiting());
  self.addEventListener("activate", (event) =>
    event.waitUntil(deleteCaches(null).then(() => self.registration.unregister())),
  );
}
