// The sandbox of check.html (bot-sandbox.html, framed with sandbox="allow-scripts" only, so its origin is opaque).
// It runs the pasted code in a Web Worker made from a Blob, asks it one position at a time, and ends the worker
// when an answer takes longer than the page's limit: a bot that loops forever holds a thread of its own, never the
// page, and is stopped. A classic script, not a module: a module would be fetched with CORS from this opaque origin.
//
// Messages, all plain objects with a `tictactoe` field naming them:
//   sandbox -> page: "sandbox-ready" once, then "loaded" | "load-failed" { message }, and for each "ask" one of
//                    "answer" { id, value } | "failed" { id, message } | "stopped" { id }
//   page -> sandbox: "load" { code, limitMs }, then "ask" { id, position }
// Only messages from the parent window and the site's own origin are heard; the page checks ours the same way.
"use strict";

(() => {
  // Only ever as check.html frames it: opened as a page, or framed without the sandbox (by another site, say), this
  // page has the game's origin, and runs nothing.
  if (window.origin !== "null" || window.parent === window) return;
  // The site's origin, from this page's address (its own origin is opaque): the page that framed us.
  const SITE = new URL(location.href).origin;
  const send = (message) => window.parent.postMessage({ tictactoe: message.type, ...message.body }, SITE);

  let worker = null;
  let limitMs = 3000;
  const waiting = new Map();

  function stop() {
    worker?.terminate();
    worker = null;
    for (const { timer } of waiting.values()) clearTimeout(timer);
    waiting.clear();
  }

  // Identifiers the text may define its bot under, last defined first: `bot` by name, else the last top-level
  // function (a declaration, or a const/let/var set to a function or an arrow). A reading of the text, not a
  // parse: it only picks which names to try, and a name that turns out not to be a function is skipped.
  function candidateNames(code) {
    const names = [];
    const declaration = /^[ \t]*(?:async[ \t]+)?function[ \t]*\*?[ \t]*([A-Za-z_$][\w$]*)[ \t]*\(/gm;
    const binding = /^[ \t]*(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)[ \t]*=[ \t]*(?:async\b|function\b|\(|[A-Za-z_$][\w$]*[ \t]*=>)/gm;
    const found = [];
    for (const pattern of [declaration, binding]) {
      for (const match of code.matchAll(pattern)) found.push([match.index, match[1]]);
    }
    found.sort(([a], [b]) => b - a);
    for (const [, name] of [[0, "bot"], ...found]) if (!names.includes(name)) names.push(name);
    return names.filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
  }

  // The worker's source: one line of set-up, the pasted text from line 2 (so an error's line number is the
  // text's line plus one), then the code that finds the bot and answers the page. `form` "script" runs the text
  // as a script; "expression" as one expression (an anonymous function or an arrow on its own).
  function workerSource(code, form) {
    const names = candidateNames(code);
    const find = [...names.map((name) => `typeof ${name} === "function" ? ${name} : `), "undefined"].join("");
    const setup =
      "const __tttPost = self.postMessage.bind(self), __tttListen = self.addEventListener.bind(self);" +
      (form === "expression" ? " const __tttExpression = (" : "");
    const start = `
__tttListen("message", async (event) => {
  const { id, position } = event.data;
  try {
    const value = await __tttBot(position);
    try {
      __tttPost({ id, value });
    } catch {
      __tttPost({ id, value: String(value) });
    }
  } catch (error) {
    __tttPost({ id, error: error instanceof Error ? error.message || error.name : String(error) });
  }
});
__tttPost({ loaded: typeof __tttBot === "function" });`;
    const bot =
      form === "expression"
        ? `\n);\nconst __tttBot = typeof __tttExpression === "function" ? __tttExpression : undefined;`
        : `\n;\nconst __tttBot = ${find};`;
    return `${setup}\n${code}${bot}${start}\n`;
  }

  /** Starts a worker on `code` in `form`; resolves to { worker } or { problem, syntax } once it has loaded. */
  function start(code, form) {
    const url = URL.createObjectURL(new Blob([workerSource(code, form)], { type: "text/javascript" }));
    const candidate = new Worker(url);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        candidate.terminate();
        URL.revokeObjectURL(url);
        resolve({ problem: `it did not finish loading within ${limitMs / 1000} seconds, and was stopped` });
      }, limitMs);
      const done = (result) => {
        clearTimeout(timer);
        URL.revokeObjectURL(url);
        candidate.onmessage = null;
        candidate.onerror = null;
        resolve(result);
      };
      candidate.onmessage = (event) => {
        if (event.data?.loaded === true) done({ worker: candidate });
        else {
          candidate.terminate();
          done({ problem: "it defines no function", missing: true });
        }
      };
      candidate.onerror = (event) => {
        // Handled here: the page says what went wrong, in words.
        event.preventDefault();
        candidate.terminate();
        const message = String(event.message || "an error").replace(/^Uncaught /, "");
        const line = event.lineno > 1 ? ` (line ${event.lineno - 1}${event.colno ? `, column ${event.colno}` : ""})` : "";
        done({ problem: `${message}${line}`, syntax: /SyntaxError/.test(message) });
      };
    });
  }

  async function load(code) {
    stop();
    const script = await start(code, "script");
    let result = script;
    // Not a script that defines a function: perhaps one function on its own, anonymous or an arrow.
    if (script.syntax || script.missing) {
      const expression = await start(code, "expression");
      if (expression.worker) result = expression;
      // An anonymous function with a mistake inside: the expression's error is the one that points at it.
      else if (expression.syntax && /function name/i.test(script.problem)) result = expression;
    }
    if (!result.worker) {
      send({ type: "load-failed", body: { message: result.problem } });
      return;
    }
    worker = result.worker;
    worker.onmessage = (event) => {
      const { id } = event.data ?? {};
      const asked = waiting.get(id);
      if (!asked) return;
      clearTimeout(asked.timer);
      waiting.delete(id);
      if ("error" in event.data) send({ type: "failed", body: { id, message: String(event.data.error) } });
      else send({ type: "answer", body: { id, value: event.data.value } });
    };
    worker.onerror = (event) => {
      // An error outside an answer (a timer the bot set, say): it stops the bot, as a thrown answer would.
      event.preventDefault();
      const message = String(event.message || "an error").replace(/^Uncaught /, "");
      for (const id of waiting.keys()) send({ type: "failed", body: { id, message } });
      stop();
    };
    send({ type: "loaded", body: {} });
  }

  function ask(id, position) {
    if (!worker) {
      send({ type: "failed", body: { id, message: "the bot was stopped" } });
      return;
    }
    const timer = setTimeout(() => {
      // Too long on one position: end the worker (whatever it runs stops at once) and say so.
      stop();
      send({ type: "stopped", body: { id } });
    }, limitMs);
    waiting.set(id, { timer });
    worker.postMessage({ id, position });
  }

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || event.origin !== SITE) return;
    const data = event.data;
    if (data?.tictactoe === "load" && typeof data.code === "string") {
      if (Number.isFinite(data.limitMs) && data.limitMs >= 100 && data.limitMs <= 60000) limitMs = data.limitMs;
      load(data.code);
    } else if (data?.tictactoe === "ask" && Number.isInteger(data.id) && typeof data.position === "string") {
      ask(data.id, data.position);
    }
  });
  send({ type: "sandbox-ready", body: {} });
})();
