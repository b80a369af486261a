/**
 * A plain static file server for the built site (tests, the bench, a quick look): GET and HEAD of regular files
 * below one folder, served under a sub-path as GitHub Pages serves a project (`/repo/`), on 127.0.0.1. Nothing
 * outside the folder is served (no `..`, no symlinks out), nothing but files.
 */
import { createServer, type Server } from "node:http";
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { extname, join, sep } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";

export interface StaticServerOptions {
  /** The sub-path the site lives under: "/" or "/name/". */
  prefix: string;
  /** Hears each file served (its URL path and its size in bytes): the bench counts a page's downloads with it. */
  onServe: ((urlPath: string, bytes: number) => void) | null;
}
export const STATIC_SERVER_DEFAULTS: Readonly<StaticServerOptions> = Object.freeze({ prefix: "/", onServe: null });

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".wasm": "application/wasm",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
};

/** The file a URL path names inside `root`, or null (outside the prefix, outside the folder, not a file). */
export function staticPath(root: string, prefix: string, urlPath: string): string | null {
  if (!urlPath.startsWith(prefix)) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath.slice(prefix.length).split("?")[0]!.split("#")[0]!);
  } catch {
    return null;
  }
  if (rel === "" || rel.endsWith("/")) rel += "index.html";
  if (rel.split("/").some((part) => part === ".." || part === "." || part.includes("\\")) || rel.includes("\0")) return null;
  const file = join(root, rel);
  if (!existsSync(file)) return null;
  const real = realpathSync(file);
  const base = realpathSync(root);
  if (!real.startsWith(base + sep) || !statSync(real).isFile()) return null;
  return real;
}

/** Serves `root` on 127.0.0.1 at a free port; resolves with the server and the site's URL (ending in the prefix). */
export async function serveStatic(root: string, options: Partial<StaticServerOptions> = {}): Promise<{ server: Server; url: string }> {
  const { prefix, onServe } = { ...STATIC_SERVER_DEFAULTS, ...options };
  if (!/^\/([^/]+\/)*$/.test(prefix)) throw new WorkbenchInputError("serveStatic", "options.prefix", 'must be "/" or "/name/…/"', prefix);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new WorkbenchInputError("serveStatic", "root", "must be a folder", root);
  const server = createServer((req, res) => {
    const file = req.method === "GET" || req.method === "HEAD" ? staticPath(root, prefix, req.url ?? "/") : null;
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    const body = req.method === "HEAD" ? undefined : readFileSync(file);
    onServe?.(req.url ?? "/", body?.length ?? 0);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}${prefix}` };
}
