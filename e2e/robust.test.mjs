// Nothing breaks it: a seeded monkey test across the board and every control, hostile input through every door
// (URL parameters, custom-element attributes), and the Content-Security-Policy, all against the release build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, host, settled, site, useSites, watch, watchedPage } from "./browser.mjs";

useSites();

// Enough to finish dozens of games through every control with each seed (the engine's own guarantees are native).
const SEEDS = [1, 2];
const ACTIONS_PER_SEED = 700;

/** Runs in the page: `actions` random clicks and key presses on the game in #game, checking after each one. */
async function monkey({ seed, actions }) {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (items) => items[Math.floor(random() * items.length)];
  const root = document.getElementById("game").shadowRoot;
  const all = (selector) => [...root.querySelectorAll(selector)];
  const visible = (selector) => all(selector).filter((el) => el.offsetParent !== null);
  const board = () => all("[data-cell]").map((c) => c.textContent || ".").join("");
  // The result, without where the computer's last move went ("O played row 1, column 3. Computer wins", "O played
  // h8. Computer wins" on a bigger board).
  const status = () => root.querySelector(".ttt-status").textContent.replace(/^[XO] played (row \d+, column \d+|[a-o]\d+)\. (?=You win|Computer wins|Draw|[XO] wins)/, "");
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  const winners = (b) => [...new Set(LINES.filter(([a, c, d]) => b[a] !== "." && b[a] === b[c] && b[c] === b[d]).map(([a]) => b[a]))];
  const isResult = (text) => ["You win.", "Computer wins.", "Draw.", "X wins.", "O wins."].includes(text);
  const settings = () => ({
    mode: all('[data-setting="mode"]').find((i) => i.checked).value,
    level: root.querySelector('[data-setting="level"]').value,
  });

  const problems = [];
  const stats = { actions: 0, keys: 0, clicks: 0, finished: 0, computerWins: 0, draws: 0, humanWinsBelowUnbeatable: 0 };
  let lastResultBoard = null;

  const check = (label) => {
    const b = board();
    const xs = [...b].filter((m) => m === "X").length;
    const os = [...b].filter((m) => m === "O").length;
    const won = winners(b);
    if (xs - os !== 0 && xs - os !== 1) problems.push(`${label}: impossible counts ${b}`);
    if (won.length > 1) problems.push(`${label}: two winners ${b}`);
    if (won.length === 1 && (won[0] === "X") !== (xs > os)) problems.push(`${label}: winner did not move last ${b}`);
    const text = status();
    if (isResult(text)) {
      const { mode, level } = settings();
      if (text === "You win." && mode === "computer" && level === "unbeatable") {
        problems.push(`${label}: the computer lost at unbeatable: ${b}`);
      }
      if (won.length === 0 && text !== "Draw.") problems.push(`${label}: ${text} with no line on ${b}`);
      if (lastResultBoard !== b) {
        stats.finished++;
        if (text === "Computer wins.") stats.computerWins++;
        if (text === "Draw.") stats.draws++;
        if (text === "You win.") stats.humanWinsBelowUnbeatable++;
      }
      lastResultBoard = b;
    } else {
      lastResultBoard = null;
    }
    if (!root.querySelector(".ttt-panic").hidden) problems.push(`${label}: the panic notice is showing`);
    if (all("[data-cell]").length !== 9) problems.push(`${label}: the board is not whole`);
  };

  for (let i = 0; i < actions; i++) {
    const before = { board: board(), status: status() };
    const roll = random();
    let label;
    let boardOnly = false;
    if (roll < 0.45) {
      const cell = pick(all("[data-cell]"));
      label = `click cell ${cell.dataset.cell}`;
      cell.click();
      boardOnly = true;
      stats.clicks++;
    } else if (roll < 0.6) {
      const key = pick(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "a", "Tab"]);
      const target = root.activeElement?.dataset?.cell !== undefined ? root.activeElement : pick(all("[data-cell]"));
      label = `key ${key}`;
      target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, composed: true, cancelable: true }));
      boardOnly = true;
      stats.keys++;
    } else if (roll < 0.68) {
      label = "undo";
      pick(all('[data-action="undo"]')).click();
    } else if (roll < 0.73) {
      label = "new game";
      pick(all('[data-action="new-game"]')).click();
    } else if (roll < 0.78) {
      label = "hint";
      pick(all('[data-action="hint"]')).click();
      boardOnly = true;
    } else if (roll < 0.8) {
      label = "share";
      pick(all('[data-action="share"]')).click();
      boardOnly = true;
    } else if (roll < 0.88) {
      const steps = visible("[data-jump]");
      const step = pick(steps);
      label = `history ${step?.textContent}`;
      step?.click();
    } else if (roll < 0.92) {
      const input = pick(all('[data-setting="mode"]'));
      label = `mode ${input.value}`;
      input.click();
    } else if (roll < 0.96) {
      const input = pick(all('[data-setting="human"]'));
      label = `side ${input.value}`;
      input.click();
    } else {
      const select = root.querySelector('[data-setting="level"]');
      select.value = pick(["easy", "medium", "hard", "unbeatable", "unbeatable"]);
      label = `level ${select.value}`;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
    stats.actions++;
    // A finished game stays finished: clicks, keys and hints change nothing on its board.
    if (boardOnly && isResult(before.status) && (board() !== before.board || status() !== before.status)) {
      problems.push(`${label}: changed a finished game ${before.board} -> ${board()}`);
    }
    check(`#${i} ${label}`);
    if (random() < 0.5) {
      await tick();
      check(`#${i} after the computer`);
    }
    if (problems.length > 5) break;
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
  check("at the end");
  return { problems, stats };
}

test(`monkey: ${SEEDS.length} seeds x ${ACTIONS_PER_SEED} random clicks and key presses keep every game legal`, async () => {
  const totals = { actions: 0, keys: 0, clicks: 0, finished: 0, computerWins: 0, draws: 0, humanWinsBelowUnbeatable: 0 };
  for (const seed of SEEDS) {
    const { page, problems, close } = await watchedPage(browser);
    page.on("dialog", (dialog) => problems.push(`dialog: ${dialog.message()}`));
    try {
      await page.goto(`${site.url}?delay=0`);
      await page.locator("[data-cell]").first().waitFor();
      const { problems: found, stats } = await page.evaluate(monkey, { seed, actions: ACTIONS_PER_SEED });
      assert.deepEqual(found, [], `seed ${seed}`);
      assert.deepEqual(problems, [], `seed ${seed}: console errors, panics or failed requests`);
      assert.ok(stats.finished > 5, `seed ${seed}: games were finished (${stats.finished})`);
      for (const key of Object.keys(totals)) totals[key] += stats[key];
    } finally {
      await close();
    }
  }
  console.log("monkey totals:", JSON.stringify({ seeds: SEEDS, ...totals }));
});

test("monkey with real key presses: Tab, arrows, Enter and Space from the keyboard", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}?delay=0`);
    await page.locator("[data-cell]").first().waitFor();
    await page.locator('[data-cell="0"]').focus();
    let state = 1234;
    const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
    const keys = ["Tab", "Shift+Tab", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Enter", " "];
    const markCount = () => page.locator("[data-cell].ttt-x, [data-cell].ttt-o").count();
    let marks = 0;
    let grew = 0;
    for (let i = 0; i < 300; i++) {
      await page.keyboard.press(keys[Math.floor(random() * keys.length)]);
      const now = await markCount();
      if (now > marks) grew += 1;
      marks = now;
    }
    // The keys played: moves went on the board again and again (18 times with this seed; a walk that wanders
    // into the controls, the Embed box or the moves plays less, which a new control may cause).
    assert.ok(grew >= 5, `the board gained marks ${grew} times`);
    await settled(page);
    const board = (await page.locator("[data-cell]").allTextContents()).map((m) => m || ".").join("");
    const xs = [...board].filter((m) => m === "X").length;
    const os = [...board].filter((m) => m === "O").length;
    assert.ok(xs - os === 0 || xs - os === 1, board);
    assert.notEqual(await page.locator(".ttt-status").textContent(), "You win.");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("events a script makes without their usual fields are ignored, and the game plays on", async () => {
  const { page, problems, close } = await watchedPage(browser);
  try {
    await page.goto(`${site.url}?delay=0&tree=1`);
    await page.locator('[role="treeitem"]').first().waitFor();
    await page.evaluate(() => {
      const root = document.getElementById("game").shadowRoot;
      const plain = (type) => new Event(type, { bubbles: true, composed: true, cancelable: true });
      // A plain Event named keydown has no key and no modifiers; a plain change has no control state to read.
      root.querySelector('[data-cell="4"]').dispatchEvent(plain("keydown"));
      root.querySelector('[role="treeitem"]').dispatchEvent(plain("keydown"));
      root.querySelector('[data-setting="level"]').dispatchEvent(plain("change"));
      root.querySelector('[data-tree="alpha-beta"]').dispatchEvent(plain("change"));
    });
    await page.locator('[data-cell="4"]').click();
    await settled(page);
    const board = (await page.locator("[data-cell]").allTextContents()).map((m) => m || ".").join("");
    assert.equal(board[4], "X", board);
    assert.equal([...board].filter((m) => m === "O").length, 1, board);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

/** Hostile URL parameters: each must give a message (or be ignored), a whole board, no markup, no script. These
 * are the ones whose decoding or markup needs a browser; what the game says of each decoded value, and of many
 * more, is checked natively (tests/url.rs). */
const HOSTILE_QUERIES = [
  "?human=" + "X".repeat(8000),
  "?human=%3Cscript%3Ewindow.pwned%3D1%3C%2Fscript%3E",
  "?level=%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E",
  "?position=%3Csvg%20onload%3Dwindow.pwned%3D1%3E",
  "?embed=%22%3E%3Cb%3E",
  "?mode=%00",
  "?%E0%A4%A=%FF%FE",
  "?=&&&=&human",
  "?mode[]=friend",
  "?human=O&human=X&human=Q",
];

test(`hostile URL parameters (${HOSTILE_QUERIES.length}) are explained as text, never run, never break the board`, async () => {
  let notices = 0;
  let played = 0;
  // One browser context, a new page in it for each address.
  const context = await browser.newContext();
  try {
    for (const query of HOSTILE_QUERIES) {
      const page = await context.newPage();
      const problems = watch(page);
      page.on("dialog", (dialog) => problems.push(`dialog: ${dialog.message()}`));
      await page.goto(`${site.url}${query}`);
      await page.locator("[data-cell]").first().waitFor();
      await settled(page);
      assert.equal(await page.locator("[data-cell]").count(), 9, query);
      assert.equal(await page.locator(".ttt img, .ttt script, .ttt svg, .ttt b").count(), 0, query);
      assert.equal(await page.evaluate(() => window.pwned), undefined, query);
      const texts = await page.locator(".ttt-notice:not([hidden])").allTextContents();
      for (const text of texts) assert.ok(text.length < 400, `a long value is shortened: ${text.length}`);
      notices += texts.length;
      // The game still plays.
      const empty = (await page.locator("[data-cell]").allTextContents()).indexOf("");
      if (empty >= 0 && (await page.locator(".ttt-status").textContent()).includes("Your turn")) {
        await page.locator(`[data-cell="${empty}"]`).click();
        await settled(page);
        assert.notEqual(await page.locator(`[data-cell="${empty}"]`).textContent(), "", `${query}: the click plays`);
        played += 1;
      }
      assert.deepEqual(problems, [], query);
      await page.close();
    }
  } finally {
    await context.close();
  }
  assert.ok(notices >= 8, `${notices} notices shown`);
  console.log(`hostile queries: ${played} of ${HOSTILE_QUERIES.length} games played on`);
  assert.ok(played >= HOSTILE_QUERIES.length - 3, `${played} games played on`);
  console.log(`hostile URL parameters: ${HOSTILE_QUERIES.length} tried, ${notices} notices shown`);
});

test("hostile custom-element attributes are explained as text and never run", async () => {
  const { page, problems, close } = await watchedPage(browser);
  page.on("dialog", (dialog) => problems.push(`dialog: ${dialog.message()}`));
  try {
    await page.goto(`${host.url}hostile-attributes.html?game=${encodeURIComponent(site.url)}`);
    const games = page.locator("tic-tac-toe");
    await page.waitForFunction(() => [...document.querySelectorAll("tic-tac-toe")].every((e) => e.shadowRoot?.querySelector(".ttt-board")));
    const count = await games.count();
    let notices = 0;
    for (let i = 0; i < count; i++) {
      const game = games.nth(i);
      assert.equal(await game.locator("[data-cell]").count(), 9);
      notices += await game.locator(".ttt-notice:not([hidden])").count();
    }
    assert.equal(await page.locator("tic-tac-toe img, tic-tac-toe script, tic-tac-toe b").count(), 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.ok(notices >= count, `${notices} notices for ${count} elements`);
    // Changing an attribute to a bad value later is explained too.
    await page.evaluate(() => document.querySelector("tic-tac-toe").setAttribute("level", "<i>nope</i>"));
    await games.first().locator(".ttt-notice", { hasText: 'level="<i>nope</i>"' }).waitFor();
    assert.deepEqual(problems, []);
    console.log(`hostile attributes: ${count} elements, ${notices} notices`);
  } finally {
    await close();
  }
});

/** Opens `url` recording every CSP violation the page reports. */
async function cspPage(url) {
  const watched = await watchedPage(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  await watched.page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await watched.page.goto(url);
  await watched.page.locator("[data-cell]").first().waitFor();
  return watched;
}

test("the Content-Security-Policy holds: no violation while playing, and it really blocks", async () => {
  const { page, problems, close } = await cspPage(`${site.url}?delay=0`);
  try {
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
    assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'/);
    assert.doesNotMatch(policy, /unsafe-inline|'unsafe-eval'/);
    await page.locator('[data-cell="4"]').click();
    await settled(page);
    for (const name of ["Hint", "Share", "Undo", "New game"]) await page.getByRole("button", { name, exact: true }).click();
    await page.getByLabel("Difficulty").selectOption("easy");
    await page.getByRole("radio", { name: "A friend" }).check();
    assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
    assert.deepEqual(problems, []);
    // The policy is live: an injected inline script is refused and reported.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.pwned = 1";
      document.body.append(script);
    });
    await page.waitForFunction(() => window.cspViolations.length > 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
  } finally {
    await close();
  }
  const post = await cspPage(`${site.url}embed.html`);
  try {
    await post.page.frameLocator("#frame").locator("[data-cell]").first().waitFor();
    await post.page.locator("tic-tac-toe [data-cell='4']").click();
    assert.deepEqual(await post.page.evaluate(() => window.cspViolations), []);
    assert.deepEqual(post.problems, []);
  } finally {
    await post.close();
  }
});
