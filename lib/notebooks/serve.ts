/**
 * The HTTP server of the embedded `npm start`: 127.0.0.1 only, every request through `live/guard.ts` (token, Host,
 * Origin, a URL that parses), then the pages of `site.ts`, KaTeX's and highlight.js's files, the favicon, the live
 * pages' script (CodeMirror 6 bundled by esbuild into build/live/) and the API of `live/api.ts`. A handler that
 * throws answers 500 and the server goes on.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { requireInteger } from "../core/validate.js";
import { createLiveSessions, handleApi, type LiveSessions } from "./live/api.js";
import { buildLiveClient } from "./live/client-bundle.js";
import { checkRequest, createToken, tokenCookie } from "./live/guard.js";
import { LINE_STREAM_DEFAULTS } from "./live/line-stream.js";
import { renderSitePage, type Site } from "./site.js";

const TYPES: Record<string, string> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".svg": "image/svg+xml",
};

export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0969da"/><path d="M8 22 L16 8 L24 22" stroke="#fff" stroke-width="3" fill="none" stroke-linejoin="round"/><circle cx="16" cy="8" r="2.5" fill="#fff"/><circle cx="8" cy="22" r="2.5" fill="#fff"/><circle cx="24" cy="22" r="2.5" fill="#fff"/></svg>`;

/** A file under `dir` named by a URL path, refusing anything that would leave `dir`. */
function staticFile(dir: string, rel: string): string | null {
  const path = normalize(join(dir, rel));
  return path.startsWith(dir + sep) && existsSync(path) && statSync(path).isFile() ? path : null;
}

export interface Served {
  server: Server;
  /** The server's base URL (`http://127.0.0.1:<port>/`); requests need the token too. */
  url: string;
  /** The per-start token. */
  token: string;
  /** The URL to open: the base with `?token=…` (the browser then keeps it in a cookie). */
  openUrl: string;
  sessions: LiveSessions;
}

export interface ServeOptions {
  /** The per-start token (a fresh random one by default). */
  token?: string;
  /** How long a live page may take none of a run's output while some waits before it is cut off. */
  stallMs: number;
}

export const SERVE_DEFAULTS: Readonly<ServeOptions> = Object.freeze({ stallMs: LINE_STREAM_DEFAULTS.stallMs });

function handler(site: Site, sessions: LiveSessions, port: () => number, options: ServeOptions & { token: string }) {
  const { token } = options;
  const katexDir = join(site.paths.root, "node_modules", "katex", "dist");
  const hljsDir = join(site.paths.root, "node_modules", "highlight.js", "styles");
  return async (req: IncomingMessage, res: ServerResponse) => {
    const checked = checkRequest(req, port(), token);
    if (!checked.ok) {
      res.writeHead(checked.status, { "content-type": "text/plain; charset=utf-8" }).end(`${checked.message}\n`);
      return;
    }
    const path = checked.path;
    if (path.startsWith("api/")) return handleApi({ site, sessions, stream: { stallMs: options.stallMs } }, path.slice(4), { req, res });
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    const cookie = checked.tokenFromUrl ? { "set-cookie": tokenCookie(token) } : {};
    if (path === "favicon.svg" || path === "favicon.ico") {
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=3600" }).end(FAVICON);
      return;
    }
    if (path === "assets/live/live.js") {
      res.writeHead(200, { "content-type": TYPES[".js"]!, "cache-control": "no-cache" }).end(readFileSync(await buildLiveClient(site.paths.root)));
      return;
    }
    const asset = path.startsWith("assets/katex/")
      ? staticFile(katexDir, path.slice("assets/katex/".length))
      : path.startsWith("assets/hljs/")
        ? staticFile(hljsDir, path.slice("assets/hljs/".length))
        : null;
    if (asset) {
      res.writeHead(200, { "content-type": TYPES[extname(asset)] ?? "application/octet-stream", "cache-control": "max-age=3600" });
      res.end(readFileSync(asset));
      return;
    }
    const html = renderSitePage(site, path);
    if (html === null) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end(`no page ${path}\n`);
      return;
    }
    const entry = site.options.live ? site.entries.find((e) => e.href === path) : undefined;
    if (entry) sessions.get(entry).warm(); // the first run then answers without waiting for tslab's compiler
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...cookie }).end(html);
  };
}

/** Serves the site on 127.0.0.1, trying `port`, then the next ports (up to 20); port 0 takes any free port. */
export async function serveSite(site: Site, port: number, options: Partial<ServeOptions> = {}): Promise<Served> {
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new WorkbenchInputError("serveSite", "port", "must be an integer in 0…65535", port);
  const token = options.token ?? createToken();
  const stallMs = requireInteger("serveSite", "options.stallMs", options.stallMs ?? SERVE_DEFAULTS.stallMs, 1);
  const sessions = createLiveSessions(site);
  // bundle the editor now, so the first live page gets its script at once (a failure shows when it is asked for)
  if (site.options.live) buildLiveClient(site.paths.root).catch(() => {});
  let actual = port;
  const handle = handler(site, sessions, () => actual, { token, stallMs });
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end(`serveSite: ${err instanceof Error ? err.message : String(err)}\n`);
    });
  });
  server.on("close", () => sessions.closeAll());
  for (let attempt = 0; ; attempt++) {
    const tryPort = port === 0 ? 0 : port + attempt;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(tryPort, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
      const address = server.address();
      actual = typeof address === "object" && address ? address.port : tryPort;
      const url = `http://127.0.0.1:${actual}/`;
      return { server, url, token, openUrl: `${url}?token=${token}`, sessions };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE" || port === 0 || attempt >= 20) throw err;
    }
  }
}
