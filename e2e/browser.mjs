// Headless Chromium through playwright-core, with the system browser and the flags this machine needs, and a
// page wrapper that records every console error, page error and failed request so tests can insist on none.
import { after, before } from "node:test";
import { chromium } from "playwright-core";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags this machine needs: no sandbox as root, and no background connections to a network it cannot reach. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * Serves the release build under /tictactoe/ and the host pages of e2e/fixtures under /blog/ on another port (so
 * another origin, as a blog would be), and launches Chromium. Resolves to `{ site, host, browser }`. `extra` adds
 * files to the site (see server.mjs).
 */
export async function openSites({ extra } = {}) {
  const site = await serve(fileURLToPath(new URL("../dist", import.meta.url)), { extra });
  const host = await serve(fileURLToPath(new URL("./fixtures", import.meta.url)), { prefix: "/blog/" });
  return { site, host, browser: await launch() };
}

/** Closes what `openSites` opened (any part of it may be missing, if opening failed). */
export async function closeSites({ site, host, browser } = {}) {
  await browser?.close();
  await site?.close();
  await host?.close();
}

/** The sites and the browser of the test file that called `useSites`, set before its first test. */
export let site;
export let host;
export let browser;

/** Opens the sites (see `openSites`) before the calling file's tests and closes them after its last. */
export function useSites(options) {
  before(async () => ({ site, host, browser } = await openSites(options)));
  after(() => closeSites({ site, host, browser }));
}

/** Opens the game at `query` on the site of `useSites` (see `openGame`). */
export function withGame(query, body, options) {
  return openGame(browser, `${site.url}${query}`, body, options);
}

/** A new page whose problems (console errors, uncaught errors, failed or 4xx/5xx requests) are collected. */
export async function watchedPage(browser, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return { page, problems: watch(page), close: () => context.close() };
}

/**
 * Chromium with a profile of its own in a new temporary folder, as a person's browser is: not incognito, as
 * `browser.newContext()` is, so that a service worker and its caches last from one visit to the next and
 * Chromium's installability check runs (it refuses an incognito profile). Resolves to `{ context, page,
 * problems, close }`: the profile's first page, watched as `watchedPage`'s; `close` also deletes the folder.
 */
export async function watchedProfile(options = {}) {
  const folder = await mkdtemp(join(tmpdir(), "tictactoe-profile-"));
  const context = await chromium.launchPersistentContext(folder, {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const close = async () => {
    await context.close();
    await rm(folder, { recursive: true, force: true });
  };
  return { context, page, problems: watch(page), close };
}

/** Collects the problems of `page`: console errors, uncaught errors, failed or 4xx/5xx requests. */
export function watch(page) {
  const problems = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  // A request the browser cancels (a page that navigates or closes while a file it asked for at idle time is on
  // its way) is no failure of the game; a missing file is, and answers 404.
  page.on("requestfailed", (request) => {
    const why = request.failure()?.errorText;
    if (why !== "net::ERR_ABORTED") problems.push(`request failed: ${request.url()} ${why}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

/** Waits until a game in `scope` (a page or a locator) is drawn and none is waiting for the computer. Locators see
 * into open shadow roots, so this works for games in the page, in custom elements and in mount() hosts alike. The
 * board is waited for first: before the module has drawn it there is no "thinking" status to wait out, and a test
 * that read the board then would read an empty one. */
export async function settled(scope) {
  await scope.locator("[data-cell]").first().waitFor();
  await scope.locator('[role="status"]', { hasText: "thinking" }).first().waitFor({ state: "detached" });
}

/** Opens `url` in a new watched page, runs `body(page)` once the game is drawn, then insists that nothing went
 * wrong (no console error, page error or failed request). */
async function openGame(browser, url, body, options = {}) {
  const { page, problems, close } = await watchedPage(browser, options);
  try {
    await page.goto(url);
    await page.locator("[data-cell]").first().waitFor();
    await body(page);
    if (problems.length > 0) throw new Error(`console errors or failed requests:\n${problems.join("\n")}`);
  } finally {
    await close();
  }
}

/** The board in `scope` (a page, a frame or a locator) as text, one character a square: "X", "O" or "." (read from
 * the squares' classes, since with the scores shown an empty square holds words). */
export function board(scope) {
  return scope
    .locator("[data-cell]")
    .evaluateAll((cells) =>
      cells.map((c) => (c.classList.contains("ttt-x") ? "X" : c.classList.contains("ttt-o") ? "O" : ".")).join(""),
    );
}

/** How many marks the board in `scope` holds. */
export async function markCount(scope) {
  return (await board(scope)).replaceAll(".", "").length;
}

/** The status line of the game in `scope`. */
export function status(scope) {
  return scope.locator(".ttt-status").textContent();
}

/** A small seeded generator (mulberry32), so that a failing run can be replayed. */
export function seeded(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays the person's moves on `page` until the game is over, each on an empty square `choose(empty)` picks (the
 * first by default), waiting for the computer after each; resolves to the final board. */
export async function playToTheEnd(page, choose = (empty) => empty[0]) {
  for (let guard = 0; guard < 225; guard++) {
    await settled(page);
    if (!(await status(page)).includes("Your turn")) break;
    const empty = [...(await board(page))].flatMap((mark, cell) => (mark === "." ? [cell] : []));
    await page.locator(`[data-cell="${choose(empty)}"]`).click();
  }
  await settled(page);
  return board(page);
}
