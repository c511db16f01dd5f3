// End-to-end tests of check.html in the release build: the three example bots' verdicts (and the losing line
// opened in the game), a bot that never answers stopped after the limit while the page stays responsive, pasted
// text that is no bot explained, the sandbox kept away from the game's origin, offline, and axe in both themes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { board, browser, site, useSites, watchedPage, watchedProfile } from "./browser.mjs";

useSites();

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Opens check.html in a new watched page, runs `body(page)`, then insists that nothing went wrong. */
async function withCheckPage(body, options) {
  const { page, problems, close } = await watchedPage(browser, options);
  try {
    await page.goto(`${site.url}check.html`);
    await body(page);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
}

/** Checks what is in the text area as `side`; resolves to the live region's words once the check is over. */
async function runCheck(page, side = "X") {
  await page.getByRole("radio", { name: new RegExp(`^${side},`) }).check();
  await page.getByRole("button", { name: "Check" }).click();
  await page.waitForFunction(() => document.getElementById("run").getAttribute("aria-disabled") === "false", null, {
    timeout: 30_000,
  });
  return page.locator('[role="status"]').textContent();
}

async function loadExample(page, label) {
  await page.getByLabel("Example bot").selectOption({ label });
  await page.getByRole("button", { name: "Load the example" }).click();
}

const count = async (page, term) => Number(await page.locator(".check-counts div", { hasText: term }).locator("dd").textContent());

test("the example bots: the minimax never loses, the fork-ignorer's losing line replays and opens the game there, the slow one wins slowly", async () => {
  await withCheckPage(async (page) => {
    // The page opens with the correct minimax in the text area.
    assert.equal(await runCheck(page, "X"), "Checked as X: it never loses. The report follows.");
    assert.match(await page.locator("#report p").nth(1).textContent(), /^It never loses: checked against every reply at every turn, \d+ positions asked\.$/);
    assert.deepEqual(
      [await count(page, "Missed wins"), await count(page, "Slow wins"), await count(page, "Lost draws")],
      [0, 0, 0],
    );
    assert.equal(await runCheck(page, "O"), "Checked as O: it never loses. The report follows.");

    await loadExample(page, "Ignores forks (check it as O)");
    assert.equal(await runCheck(page, "O"), "Checked as O: it can lose. The report follows.");
    const verdict = await page.locator("#report p").nth(1).textContent();
    const line = verdict.match(/cells ([\d, ]+) \(0 to 8/)[1].split(", ").map(Number);
    assert.match(verdict, /^It can lose: the shortest game it loses is \d moves long/);
    assert.ok(line.length >= 5 && line.length % 2 === 1, `X, the opponent, makes the last move: ${line}`);
    assert.ok((await count(page, "Lost draws")) > 0);
    await page.getByRole("heading", { name: "The shortest game it loses" }).waitFor();
    assert.equal(await page.locator(".check-moves li").count(), line.length);
    // Step back one move by keyboard: the board and its link follow.
    await page.getByRole("button", { name: "Previous" }).focus();
    await page.keyboard.press("Enter");
    const before = line.slice(0, -1).reduce((b, cell, i) => b.slice(0, cell) + (i % 2 === 0 ? "X" : "O") + b.slice(cell + 1), ".........");
    assert.equal(await page.locator(".check-square").evaluateAll((squares) => squares.map((s) => s.textContent || ".").join("")), before);
    assert.match(await page.locator(".check-step").textContent(), new RegExp(`^Move ${line.length - 1} of ${line.length}: O \\(your bot\\)`));
    const link = page.getByRole("link", { name: "Open this position in the game" });
    assert.equal(await link.getAttribute("href"), `./?position=${before}&mode=friend&scores=1`);
    await link.click();
    await page.locator("[data-cell]").first().waitFor();
    assert.equal(await board(page), before, "the game opens at the position before the opponent's winning move");
    // The opponent's winning move, played in the game: X wins.
    await page.locator(`[data-cell="${line.at(-1)}"]`).click();
    await page.locator(".ttt-status", { hasText: "X wins" }).waitFor();
    await page.goBack();

    await page.getByLabel("Example bot").waitFor();
    await loadExample(page, "Wins slowly: scores that ignore moves");
    assert.equal(await runCheck(page, "X"), "Checked as X: it never loses. The report follows.");
    const slow = await count(page, "Slow wins");
    assert.ok(slow > 0, "it keeps the first of equal wins");
    assert.equal(await page.getByText(`In ${slow} positions, it kept a forced win, but a faster one was there.`).count(), 1);
    assert.equal(await page.locator(".check-examples-list li").count(), 3, "the first three examples");
  });
});

test("a bot that never answers is stopped after 3 s and the page says so, staying responsive; Stop ends a check", async () => {
  await withCheckPage(async (page) => {
    await page.getByLabel("Your bot (JavaScript)").fill("function bot(position) {\n  while (true) {}\n}");
    const start = Date.now();
    const ticking = page.evaluate(() => {
      // The page's own timers keep running while the bot loops in its worker.
      let ticks = 0;
      const timer = setInterval(() => (ticks += 1), 50);
      return new Promise((resolve) => setTimeout(() => (clearInterval(timer), resolve(ticks)), 2500));
    });
    const message = await runCheck(page, "O");
    const took = Date.now() - start;
    assert.equal(
      message,
      "Stopped: at X........ (O to move) your bot thought for more than 3 seconds, so it was stopped. A bot must answer each position within 3 seconds.",
    );
    assert.ok(took >= 3000 && took < 8000, `stopped after ${took} ms`);
    assert.ok((await ticking) >= 30, "the page's timers ran while the bot looped");
    assert.equal(await page.locator("iframe").count(), 0, "the sandbox, and its worker, are gone");

    // Stop, by keyboard, in the middle of a check; then a good bot checks as before.
    await page.getByRole("button", { name: "Check" }).click();
    await page.waitForTimeout(500);
    await page.getByRole("button", { name: "Stop" }).focus();
    await page.keyboard.press("Enter");
    assert.equal(await page.locator('[role="status"]').textContent(), "Stopped: the check was stopped before it finished.");
    assert.equal(await page.evaluate(() => document.activeElement.id), "run");
    await loadExample(page, "A correct minimax");
    assert.equal(await runCheck(page), "Checked as X: it never loses. The report follows.");
  });
});

test("text that is no bot is explained: a syntax error with its line, no function, a bot that throws, answers badly or at random", async () => {
  await withCheckPage(async (page) => {
    const code = page.getByLabel("Your bot (JavaScript)");
    const cases = [
      ["function bot(position) {\n  return position.indexOf(\".\"\n}", /^Your code could not be used: SyntaxError: .+ \(line [23], column \d+\)\.$/],
      ["const answer = 4;", /^Your code could not be used: it defines no function\.$/],
      ["", /^There is no code to check: paste a bot, or load an example\.$/],
      ["(position) => { throw new Error(\"no idea\"); }", /^At \.{9} \(X to move\), the bot threw an error: no idea$/],
      ["function bot() { return \"4\"; }", /^At \.{9} \(X to move\), the bot answered the string "4", which is not a number/],
    ];
    for (const [text, expected] of cases) {
      await code.fill(text);
      assert.match(await runCheck(page), expected, text);
      assert.equal(await page.locator("#report").isHidden(), true);
    }
    // A bot that breaks ties at random is told how to be judged on its first answers, and then is.
    await code.fill("function bot(position) {\n  const empty = [...position].flatMap((c, i) => (c === \".\" ? [i] : []));\n  return empty[Math.floor(Math.random() * empty.length)];\n}");
    assert.match(await runCheck(page), /must answer the same position the same way\. If it breaks ties at random on purpose, tick "It breaks ties at random" and check again\.$/);
    await page.getByLabel("It breaks ties at random: ask each position once").check();
    assert.equal(await runCheck(page), "Checked as X: it can lose. The report follows.");
  });
});

test("pasted code cannot reach the game's origin: an opaque sandbox with no network, and the page's policy unchanged", async () => {
  await withCheckPage(async (page) => {
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    assert.doesNotMatch(policy, /'unsafe-eval'|'unsafe-inline'|blob:|\*/, "no eval, inline script or blob: worker on the page");
    await page.evaluate(() => localStorage.setItem("secret", "the game's"));
    // A bot that looks for the game's origin from its worker: its own origin, the network, the page's storage.
    await page.getByLabel("Your bot (JavaScript)").fill(`async function bot(position) {
  const found = [self.origin, typeof document, typeof localStorage];
  try {
    await fetch(${JSON.stringify(site.url)});
    found.push("fetched");
  } catch {
    found.push("no network");
  }
  if (position.includes("X")) throw new Error(found.join(", "));
  while (true) {}
}`);
    // As X it is first asked the empty board, where it loops: the sandbox stays up for a look inside.
    await page.getByRole("button", { name: "Check" }).click();
    await page.locator("iframe[sandbox]").waitFor({ state: "attached" });
    assert.equal(await page.locator("iframe[sandbox]").getAttribute("sandbox"), "allow-scripts");
    // The sandbox page itself: an opaque origin, which can neither read the page nor its storage.
    let sandbox;
    for (let tries = 0; !sandbox; tries++) {
      assert.ok(tries < 50, "the sandbox's frame loads");
      await page.waitForTimeout(50);
      sandbox = page.frames().find((f) => f.url().endsWith("/bot-sandbox.html"));
    }
    const seen = await sandbox.evaluate(() => {
      const attempt = (f) => {
        try {
          return `read ${String(f())}`;
        } catch (error) {
          return error.name;
        }
      };
      return { origin: window.origin, parent: attempt(() => window.parent.document.title), storage: attempt(() => localStorage.getItem("secret")) };
    });
    assert.deepEqual(seen, { origin: "null", parent: "SecurityError", storage: "SecurityError" });
    await page.locator('#run[aria-disabled="false"]').waitFor({ timeout: 10_000 });
    assert.equal(await page.locator('[role="status"]').textContent(), "Stopped: at ......... (X to move) your bot thought for more than 3 seconds, so it was stopped. A bot must answer each position within 3 seconds.");
    // Playing O, it is first asked a position with an X: it throws what it found.
    assert.equal(await runCheck(page, "O"), "At X........ (O to move), the bot threw an error: null, undefined, undefined, no network");

    // Opened with the game's origin (as a page here; in a frame without the sandbox alike), the sandbox runs nothing.
    const workers = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    await page.goto(`${site.url}bot-sandbox.html`);
    await page.evaluate(() => window.postMessage({ tictactoe: "load", code: "function bot() { return 0; }", limitMs: 3000 }, "*"));
    await page.waitForTimeout(500);
    assert.deepEqual(workers, []);
  });
});

test("offline, the page opens from the cache and says that checking needs a connection (the sandbox is not served)", async () => {
  const { context, page, problems, close } = await watchedProfile();
  try {
    await page.goto(site.url);
    await page.locator("[data-cell]").first().waitFor();
    // The game page's worker has cached the site, check.html with it, and serves this page.
    const cached = () =>
      page.evaluate(async () => {
        if (!navigator.serviceWorker.controller) return false;
        for (const name of await caches.keys()) {
          if (await (await caches.open(name)).match("check.html")) return true;
        }
        return false;
      });
    for (let tries = 0; !(await cached()); tries++) {
      assert.ok(tries < 100, "the site is cached within 20 s");
      await page.waitForTimeout(200);
    }
    await context.setOffline(true);
    await page.goto(`${site.url}check.html`);
    await page.getByRole("heading", { name: "Check your own minimax" }).waitFor();
    assert.match(await page.getByLabel("Your bot (JavaScript)").inputValue(), /A correct minimax/);
    const start = Date.now();
    assert.equal(
      await runCheck(page),
      "You are offline, and the sandbox that runs the bot needs a connection: it is the one part of the site that the offline copy cannot serve. Check again once you are online.",
    );
    assert.ok(Date.now() - start < 5000, "said at once, not after the start's time limit");
    // The sandbox's page, a frame with an opaque origin, is the one request that went to the (missing) network.
    assert.deepEqual(problems, [`request failed: ${site.url}bot-sandbox.html net::ERR_INTERNET_DISCONNECTED`]);
  } finally {
    await close();
  }
});

test("axe finds no WCAG 2 A/AA violation on check.html, with a losing line shown, in the light and the dark theme", async () => {
  for (const colorScheme of ["light", "dark"]) {
    await withCheckPage(
      async (page) => {
        await loadExample(page, "Ignores forks (check it as O)");
        await runCheck(page, "O");
        await page.getByRole("heading", { name: "The shortest game it loses" }).waitFor();
        await page.evaluate(AXE_SOURCE);
        const violations = await page.evaluate(async () => {
          const result = await window.axe.run(document, {
            runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
          });
          return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
        });
        assert.deepEqual(violations, [], colorScheme);
        // A phone's 320 px: nothing wider than the window.
        await page.setViewportSize({ width: 320, height: 640 });
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 320);
      },
      { colorScheme },
    );
  }
});
