// A static file server for the release build, mounted under a sub-path the way GitHub Pages serves a project
// site (https://USER.github.io/REPO/). Used by the end-to-end tests and the screenshot script.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { extname, join, normalize, resolve } from "node:path";

// What GitHub Pages compresses (gzip, when the browser accepts it): everything but images that are compressed already.
const COMPRESSED = new Set([".html", ".js", ".mjs", ".css", ".wasm", ".svg", ".json", ".webmanifest"]);

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};

/**
 * Serves `root` under `prefix` (which starts and ends with "/") on 127.0.0.1 and a free port, plus any extra
 * `{ urlPath: filePath }` files; `onRequest(path, request)`, if given, hears of every request. Resolves to
 * `{ url, close }` where `url` is the site's address.
 */
export async function serve(root, { prefix = "/tictactoe/", extra = {}, onRequest } = {}) {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
    onRequest?.(path, request);
    let file = extra[path];
    if (!file && path === prefix.slice(0, -1)) {
      response.writeHead(301, { Location: prefix }).end();
      return;
    }
    if (!file && path.startsWith(prefix)) {
      const relative = normalize(path.slice(prefix.length) || "index.html").replace(/^(\.\.[/\\])+/, "");
      file = join(base, relative.endsWith("/") ? join(relative, "index.html") : relative);
      if (!file.startsWith(base)) file = undefined;
    }
    try {
      if (!file) throw new Error("not found");
      let body = await readFile(file);
      const headers = {
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        "Access-Control-Allow-Origin": "*",
        "Cache-Control": "no-store",
        Vary: "Accept-Encoding",
      };
      if (COMPRESSED.has(extname(file)) && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) {
        body = gzipSync(body);
        headers["Content-Encoding"] = "gzip";
      }
      response.writeHead(200, headers);
      response.end(body);
    } catch {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    }
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(done)),
  };
}
