// Offline play and installing (docs/offline.md): the release build's service worker, cache and manifest, in
// Chromium with a profile on disk (a person's browser: service workers last from one visit to the next). Each
// test serves its own copy of dist/ under /tictactoe/, so that it can build it again (scripts/minify.mjs, the
// Trunk post-build hook, run on the copy as Trunk runs it) and the next visit finds a new build.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { serve } from "./server.mjs";
import { launch, markCount as marks, playToTheEnd, settled, status, watchedProfile } from "./browser.mjs";
import { siteFiles } from "../scripts/offline.mjs";
import { ICONS, renderIcons } from "../scripts/icons.mjs";

const DIST = fileURLToPath(new URL("../dist", import.meta.url));
const WWW = fileURLToPath(new URL("../www", import.meta.url));
const FIXTURES = fileURLToPath(new URL("./fixtures", import.meta.url));
const HOOK = fileURLToPath(new URL("../scripts/minify.mjs", import.meta.url));
const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

// The blog: another site, not only another origin (127.0.0.1 on another port would be the same site, whose frames
// the browser does not keep apart).
let host;
let blog;

before(async () => {
  host = await serve(FIXTURES, { prefix: "/blog/" });
  blog = host.url.replace("//127.0.0.1:", "//localhost:");
});

after(async () => {
  await host?.close();
});

/**
 * A copy of dist/ in a temporary folder, served under `prefix`, with every path the pages asked the server for.
 * The browser's own update checks of a registered service worker are left out: the browser makes them when it
 * chooses (after a navigation, on a timer, when the machine is busy, even while the context is offline), and
 * they carry `Service-Worker: script`, which no request of a page or of the game does.
 */
async function copiedSite(prefix = "/tictactoe/") {
  const root = await mkdtemp(join(tmpdir(), "tictactoe-site-"));
  await cp(DIST, root, { recursive: true });
  const requests = [];
  const onRequest = (path, request) => {
    if (request.headers["service-worker"] !== "script") requests.push(path);
  };
  const site = await serve(root, { prefix, onRequest });
  return {
    root,
    site,
    requests,
    close: async () => {
      await site.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the copy again, as Trunk would after a change: the service worker and offline.js as www/ has them (the
 * hook writes the build into them), `change(root)` applied to the rest, then the post-build hook. `offline: false`
 * is `./dev.sh serve`'s build (TICTACTOE_OFFLINE=off).
 */
async function rebuild(root, change, { offline = true } = {}) {
  for (const file of ["sw.js", "offline.js"]) await cp(join(WWW, file), join(root, file));
  await change?.(root);
  await promisify(execFile)(process.execPath, [HOOK], {
    env: { ...process.env, TRUNK_STAGING_DIR: root, TRUNK_PROFILE: "release", TICTACTOE_OFFLINE: offline ? "on" : "off" },
  });
}

/** The change of the next build: the page's introduction says "New!". */
async function changedPage(root) {
  const index = await readFile(join(root, "index.html"), "utf8");
  await writeFile(join(root, "index.html"), index.replace("as its clock allows.", "as its clock allows. New!"));
}

/** The build id the hook wrote into the copy's service worker. */
async function buildOf(root) {
  const worker = await readFile(join(root, "sw.js"), "utf8");
  const build = worker.match(/"([0-9a-f]{16})"/)?.[1];
  assert.ok(build, "sw.js names its build");
  return build;
}

const cacheName = (build, prefix = "/tictactoe/") => `tictactoe ${prefix} ${build}`;

/** Waits until the site's worker is active and serves `page`; resolves to the names of the origin's caches. */
function installed(page) {
  return page.evaluate(async () => {
    const serving = (async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((done) => navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }));
      }
    })();
    const late = new Promise((_, fail) => setTimeout(() => fail(new Error("no service worker serves the page")), 15_000));
    await Promise.race([serving, late]);
    return caches.keys();
  });
}

/** Polls `probe(arg)` in `page` until it returns true (it may be async), for up to 10 s. */
async function until(page, probe, what, arg) {
  for (let tries = 0; tries < 100; tries++) {
    if (await page.evaluate(probe, arg)) return;
    await page.waitForTimeout(100);
  }
  assert.fail(`timed out waiting until ${what}`);
}


test("after one visit the site plays offline: a 3x3 game, a 15x15 move from the worker, every panel, the post", async () => {
  const copy = await copiedSite();
  const { context, page, problems, close } = await watchedProfile();
  try {
    const workers = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    await page.goto(copy.site.url);
    await page.locator("[data-cell]").first().waitFor();
    // One visit caches the whole site but the worker's own file, in one cache named after the build.
    const build = await buildOf(copy.root);
    assert.deepEqual(await installed(page), [cacheName(build)]);
    const cached = await page.evaluate(async (name) => {
      const cache = await caches.open(name);
      return (await cache.keys()).map((request) => request.url).sort();
    }, cacheName(build));
    const files = (await siteFiles(copy.root)).map(([file]) => file);
    for (const file of ["index.html", "embed.html", "check.html", "check.js", "bot-sandbox.html", "bot-sandbox.js", "tictactoe.js", "tictactoe_bg.wasm", "worker.js", "app.js",
      "tic-tac-toe.js", "embed.js", "style.css", "manifest.webmanifest", "icons/icon-512.png", "favicon.svg"]) {
      assert.ok(files.includes(file), `${file} is one of the site's files`);
    }
    assert.deepEqual(cached, files.map((file) => `${copy.site.url}${file}`).sort());

    await context.setOffline(true);
    const online = copy.requests.length;
    // The browser checks its service worker for an update when it chooses, and that check reaches the server
    // whether the context is offline or not (seen on a busy machine): one made now is not the game's.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration.update()));
    // Offline before any reload: the worker took this page over as it activated, so the search worker of a
    // bigger board, which this page has not loaded yet, comes from the cache.
    await page.getByRole("combobox", { name: "Board" }).selectOption({ label: "15x15, 5 in a row (Gomoku)" });
    await page.locator('[data-cell="112"]').click();
    await page.locator(".ttt-cell.ttt-last", { hasText: "O" }).waitFor({ timeout: 20_000 });
    assert.ok(workers.includes(`${copy.site.url}worker.js`), `workers: ${workers.join(", ")}`);

    await page.reload();
    await page.locator("[data-cell]").first().waitFor();
    await page.goto(`${copy.site.url}?delay=0`);
    await playToTheEnd(page);
    assert.match(await status(page), /(Computer wins|Draw)\.$/);

    // 15x15: the computer searches in the Web Worker, whose script and module come from the cache too (a worker
    // that did not start would leave the game thinking on the page, and the panel would say so).
    workers.length = 0;
    await page.goto(`${copy.site.url}?board=15x15&delay=0&think=200&stats=1`);
    await page.locator('[data-cell="112"]').click();
    await page.locator(".ttt-cell.ttt-last", { hasText: "O" }).waitFor({ timeout: 20_000 });
    assert.equal(await marks(page), 2);
    assert.ok(workers.some((url) => url === `${copy.site.url}worker.js`), `workers: ${workers.join(", ")}`);
    assert.match(await page.locator(".ttt-search-sentence").textContent(), /^(Looked \d+ moves? ahead|Searched to the end)/);
    assert.equal(await page.locator(".ttt-search .ttt-note", { hasText: "could not run in the background" }).count(), 0);

    // Every panel.
    await page.goto(`${copy.site.url}?scores=1&tree=1&stats=1&step=1&delay=0`);
    for (const drawn of ["[data-cell][data-outcome]", "[role='treeitem']", ".ttt-stats .ttt-variants tbody td", "[data-step-event]"]) {
      await page.locator(drawn).first().waitFor();
    }

    // The example post: the element, the JS API and the iframe.
    await page.goto(`${copy.site.url}embed.html`);
    await page.locator("tic-tac-toe [data-cell]").first().waitFor();
    await page.locator("#api-game [data-cell]").first().waitFor();
    await page.frameLocator("#frame").locator("[data-cell]").first().waitFor();
    assert.match(await page.locator("#best-move").textContent(), /^row \d, column \d$/);

    assert.deepEqual(copy.requests.slice(online), [], "nothing reached the server while offline");
    assert.deepEqual(problems, []);
  } finally {
    await close();
    await copy.close();
  }
});

test("a second build replaces the cache on the next visit: the page says an update is ready, Reload plays it", async () => {
  const copy = await copiedSite();
  const { page, problems, close } = await watchedProfile();
  try {
    await page.goto(copy.site.url);
    await page.locator("[data-cell]").first().waitFor();
    const first = await buildOf(copy.root);
    assert.deepEqual(await installed(page), [cacheName(first)]);
    assert.equal(await page.locator(".update-notice").count(), 0, "a first visit has nothing to announce");

    // The second build: a changed page.
    await rebuild(copy.root, changedPage);
    const second = await buildOf(copy.root);
    assert.notEqual(second, first);

    // The next visit: the first build still serves the page, while the second fills its own cache; then the page
    // says so, politely, with a button.
    await page.reload();
    await page.locator("[data-cell]").first().waitFor();
    assert.doesNotMatch(await page.locator(".intro").textContent(), /New!/);
    const notice = page.locator(".update-notice");
    await notice.getByText("A new version of the game is ready.").waitFor();
    assert.equal(await notice.getAttribute("role"), "status");
    assert.deepEqual((await page.evaluate(() => caches.keys())).sort(), [cacheName(first), cacheName(second)].sort());
    // The notice sits over the page at the foot of the window, so nothing moves; axe finds nothing wrong with it
    // in either colour scheme, and its buttons are 44 px tall, for a finger.
    assert.equal(await notice.evaluate((element) => getComputedStyle(element).position), "fixed");
    await page.evaluate(AXE_SOURCE);
    for (const colorScheme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme });
      const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document.querySelector(".update-notice"), {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
        });
        return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
      });
      assert.deepEqual(violations, [], colorScheme);
    }
    for (const height of await notice.getByRole("button").evaluateAll((all) => all.map((b) => b.offsetHeight))) {
      assert.ok(height >= 44, `a button ${height} px tall`);
    }

    await Promise.all([page.waitForEvent("load"), notice.getByRole("button", { name: "Reload" }).click()]);
    await page.locator("[data-cell]").first().waitFor();
    assert.match(await page.locator(".intro").textContent(), /New!/);
    assert.deepEqual(await page.evaluate(() => caches.keys()), [cacheName(second)], "the first build's cache is gone");
    assert.equal(await notice.count(), 0, "no notice: the page is the latest build");
    assert.deepEqual(problems, []);
  } finally {
    await close();
    await copy.close();
  }
});

test("without Reload, a new build takes over once no tab of the site is open", async () => {
  const copy = await copiedSite();
  const { context, page, problems, close } = await watchedProfile();
  try {
    await page.goto(copy.site.url);
    await page.locator("[data-cell]").first().waitFor();
    const first = await buildOf(copy.root);
    await installed(page);
    await rebuild(copy.root, changedPage);
    const second = await buildOf(copy.root);
    await page.reload();
    const notice = page.locator(".update-notice");
    await notice.getByRole("button", { name: "Not now" }).click();
    assert.equal(await notice.count(), 0, "Not now puts the notice away");
    assert.deepEqual(problems, []);
    // The last tab closes: the second build takes over and deletes the first one's cache.
    await page.close();
    const probe = await context.newPage();
    await probe.goto(`${copy.site.origin}/not-the-site`);
    await until(probe, async (name) => {
      const keys = await caches.keys();
      return keys.length === 1 && keys[0] === name;
    }, "the first build's cache is deleted", cacheName(second));
    assert.notEqual(first, second);
    await probe.goto(copy.site.url);
    await probe.locator("[data-cell]").first().waitFor();
    assert.match(await probe.locator(".intro").textContent(), /New!/);
  } finally {
    await close();
    await copy.close();
  }
});

test("the manifest is valid, its icons load, and Chromium finds the page installable under any sub-path", async () => {
  for (const prefix of ["/tictactoe/", "/some/deeper/path/"]) {
    const copy = await copiedSite(prefix);
    const { page, problems, close } = await watchedProfile();
    try {
      await page.goto(copy.site.url);
      await page.locator("[data-cell]").first().waitFor();
      await installed(page);
      const cdp = await page.context().newCDPSession(page);
      assert.deepEqual((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors, [], prefix);
      const { url, errors, data } = await cdp.send("Page.getAppManifest");
      assert.equal(url, `${copy.site.url}manifest.webmanifest`);
      assert.deepEqual(errors, []);

      const manifest = JSON.parse(data);
      assert.equal(manifest.name, "Tic-tac-toe against minimax");
      assert.equal(manifest.short_name, "Tic-tac-toe");
      assert.equal(manifest.display, "standalone");
      // Relative, so the same file serves any sub-path: they resolve to the site's folder.
      for (const member of ["start_url", "scope", "id"]) {
        assert.equal(manifest[member], "./");
        assert.equal(new URL(manifest[member], url).href, copy.site.url, member);
      }
      // The colours are the page's own, in each colour scheme.
      for (const [scheme, colours] of [["light", manifest], ["dark", manifest.color_scheme_dark]]) {
        await page.emulateMedia({ colorScheme: scheme });
        const page_ = await page.evaluate(() => ({
          background: getComputedStyle(document.body).backgroundColor,
          meta: [...document.querySelectorAll('meta[name="theme-color"]')]
            .filter((meta) => matchMedia(meta.media).matches)
            .map((meta) => meta.content),
        }));
        const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
        assert.equal(rgb(colours.background_color), page_.background, scheme);
        assert.equal(rgb(colours.theme_color), page_.background, scheme);
        assert.deepEqual(page_.meta, [colours.theme_color], scheme);
      }

      // Icons of the sizes browsers ask for (192 and 512 px, a maskable one, the SVG), each loading at its size.
      const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.type} ${icon.purpose}`);
      assert.deepEqual(sizes, [
        "192x192 image/png any",
        "512x512 image/png any",
        "512x512 image/png maskable",
        "any image/svg+xml any",
      ]);
      for (const icon of [...manifest.icons, { src: "icons/apple-touch-icon.png", sizes: "180x180", type: "image/png" }]) {
        const loaded = await page.evaluate(async (address) => {
          const response = await fetch(address);
          const image = new Image();
          image.src = address;
          await image.decode();
          return { type: response.headers.get("content-type"), size: `${image.naturalWidth}x${image.naturalHeight}` };
        }, new URL(icon.src, url).href);
        assert.equal(loaded.type, icon.type, icon.src);
        if (icon.sizes !== "any") assert.equal(loaded.size, icon.sizes, icon.src);
      }
      assert.equal(
        await page.locator('link[rel="apple-touch-icon"]').evaluate((link) => link.href),
        `${copy.site.url}icons/apple-touch-icon.png`,
      );
      assert.deepEqual(problems, []);
    } finally {
      await close();
      await copy.close();
    }
  }
});

test("the app icons are the site's icon (scripts/icons.mjs makes them again from www/favicon.svg)", async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const fresh = await renderIcons(page, await readFile(join(WWW, "favicon.svg"), "utf8"));
    for (const { file, size } of ICONS) {
      const committed = await readFile(join(WWW, "icons", file));
      assert.deepEqual(await readFile(join(DIST, "icons", file)), committed, `dist/icons/${file} is www's`);
      // Pixels, not bytes: another Chromium may smooth an edge differently.
      const difference = await page.evaluate(async ([a, b]) => {
        const pixels = async (base64) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext("2d");
          context.drawImage(bitmap, 0, 0);
          return { width: bitmap.width, data: context.getImageData(0, 0, bitmap.width, bitmap.height).data };
        };
        const [x, y] = [await pixels(a), await pixels(b)];
        if (x.width !== y.width || x.data.length !== y.data.length) return Infinity;
        let sum = 0;
        for (let i = 0; i < x.data.length; i++) sum += Math.abs(x.data[i] - y.data[i]);
        return sum / x.data.length;
      }, [committed.toString("base64"), fresh[file].toString("base64")]);
      assert.ok(difference < 1, `${file} (${size} px) differs from favicon.svg drawn again: ${difference} a channel`);
    }
  } finally {
    await browser.close();
  }
});

/** What the service worker has done in a page or frame: registrations, caches, notices, and whether it serves it. */
function footprint(scope) {
  return scope.evaluate(async () => {
    // In a frame of another site, the browser may allow neither (third-party storage): it says so.
    const refusedOr = (promise) => promise.catch((error) => error.name);
    return {
      registrations: await refusedOr(navigator.serviceWorker.getRegistrations().then((all) => all.length)),
      controlled: Boolean(navigator.serviceWorker.controller),
      caches: await refusedOr(caches.keys()),
      notices: document.querySelectorAll(".update-notice").length,
    };
  });
}

/** Opens the blog's post at `url`, and plays a move in a <tic-tac-toe> and in the iframe; resolves to the frame. */
async function readPost(page, url, site) {
  await page.goto(url);
  await page.locator("#first [data-cell]").first().waitFor();
  await page.locator("#mounted [data-cell]").first().waitFor();
  const frame = page.frameLocator("#frame");
  await frame.locator("[data-cell]").first().waitFor();
  await page.locator("#first [data-cell='4']").click();
  await frame.locator("[data-cell='4']").click();
  await settled(frame);
  await settled(page.locator("#first"));
  // Time for a worker to register, were the frame to ask for one.
  await page.waitForTimeout(1000);
  return page.frames().find((candidate) => candidate.url().startsWith(site.url));
}

test("a blog of another origin that embeds the game is not changed: no worker, no cache, no notice", async () => {
  const copy = await copiedSite();
  const { page, problems, close } = await watchedProfile();
  const post = (blogUrl) => `${blogUrl}host.html?plain=1&game=${encodeURIComponent(copy.site.url)}`;
  const untouched = { registrations: 0, controlled: false, caches: [], notices: 0 };
  try {
    // A first visit, to a blog on another origin of the same site (127.0.0.1, another port): its iframe would be
    // allowed a worker of the game's origin, but the game page registers none in a frame; two <tic-tac-toe>
    // elements and the JS API's game (tic-tac-toe.js and tictactoe.js, loaded from the game's site) register
    // none on the blog's origin.
    const frame = await readPost(page, post(host.url), copy.site);
    assert.deepEqual(await footprint(page), untouched, "the blog's origin");
    assert.deepEqual(await footprint(frame), untouched, "the game's iframe");

    // The same reader on the game's site itself: there the page registers its worker.
    await page.goto(copy.site.url);
    await page.locator("[data-cell]").first().waitFor();
    assert.equal((await installed(page)).length, 1);

    // A blog of another site: the game's worker does not serve its iframe (the browser keeps a frame of another
    // site apart from the game's own site), and changes nothing on the blog.
    const foreign = await readPost(page, post(blog), copy.site);
    assert.deepEqual(await footprint(page), untouched, "another site's blog");
    const framed = await footprint(foreign);
    assert.equal(framed.controlled, false, "another site's iframe");
    assert.equal(framed.notices, 0, "another site's iframe");
    assert.deepEqual(problems, []);
  } finally {
    await close();
    await copy.close();
  }
});

test("where the page's policy or the browser forbids a service worker, the game plays on", async () => {
  const copy = await copiedSite();
  // The game page under a policy that allows no worker at all.
  const index = await readFile(join(copy.root, "index.html"), "utf8");
  await writeFile(join(copy.root, "forbidden.html"), index.replace("default-src 'none';", "default-src 'none'; worker-src 'none';"));
  for (const [what, path, init] of [
    ["worker-src 'none'", "forbidden.html?delay=0", null],
    ["no navigator.serviceWorker", "?delay=0", () => Object.defineProperty(Navigator.prototype, "serviceWorker", { get: () => undefined })],
  ]) {
    const { page, problems, close } = await watchedProfile();
    try {
      await page.addInitScript(() => {
        window.violations = [];
        document.addEventListener("securitypolicyviolation", (event) =>
          window.violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
        );
      });
      if (init) await page.addInitScript(init);
      await page.goto(`${copy.site.url}${path}`);
      await page.locator("[data-cell='4']").click();
      await settled(page);
      assert.equal(await marks(page), 2, what);
      if (init === null) {
        // The page did ask, and the browser refused and said so (its own report, not an error of the page's).
        await until(page, () => window.violations.length > 0, "the browser refuses the worker");
        assert.deepEqual(await page.evaluate(() => window.violations), [`worker-src ${copy.site.url}sw.js`]);
        assert.deepEqual(problems.filter((problem) => !/Refused to create a worker|worker-src/.test(problem)), [], what);
        assert.deepEqual(await page.evaluate(() => caches.keys()), [], what);
      } else {
        assert.deepEqual(problems, [], what);
      }
      assert.equal(await page.locator(".update-notice").count(), 0, what);
    } finally {
      await close();
    }
  }
  await copy.close();
});

test("./dev.sh serve's build registers no worker, and retires one an earlier release build left", async () => {
  const copy = await copiedSite();
  const { page, close } = await watchedProfile();
  try {
    await page.goto(copy.site.url);
    await page.locator("[data-cell]").first().waitFor();
    assert.equal((await installed(page)).length, 1);
    // The same address now serves trunk serve's build (TICTACTOE_OFFLINE=off).
    await rebuild(copy.root, changedPage, { offline: false });
    assert.doesNotMatch(await readFile(join(copy.root, "sw.js"), "utf8"), /"[0-9a-f]{16}"/);
    await page.reload();
    await until(page, async () => (await navigator.serviceWorker.getRegistrations()).length === 0 && (await caches.keys()).length === 0,
      "the worker deleted its caches and unregistered");
    // From now on every file comes from the server, and nothing registers a worker again.
    const before = copy.requests.length;
    await page.reload();
    await page.locator("[data-cell]").first().waitFor();
    assert.match(await page.locator(".intro").textContent(), /New!/);
    assert.ok(copy.requests.slice(before).includes("/tictactoe/tictactoe_bg.wasm"));
    await page.waitForTimeout(500);
    assert.deepEqual(
      await page.evaluate(async () => [(await navigator.serviceWorker.getRegistrations()).length, await caches.keys()]),
      [0, []],
    );
  } finally {
    await close();
    await copy.close();
  }
});
