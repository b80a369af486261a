/**
 * The checks every request to the embedded `npm start` server passes before anything else, since its pages run
 * code: the URL must parse (a bad escape like `/%` is answered 400, never thrown), the Host must be this server's
 * own loopback name and port (no DNS rebinding), an Origin, when sent, must be the same (no cross-site POST), and
 * the per-start token must come with it — in the URL (`?token=`, as Jupyter prints it), in the cookie set from that
 * URL, or as `Authorization: token …`. Request bodies are read with a size limit.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const GUARD_DEFAULTS = Object.freeze({ maxBodyBytes: 1024 * 1024, cookie: "workbench_token" });

/** A fresh random token for one server start. */
export function createToken(): string {
  return randomBytes(24).toString("hex");
}

export type Checked =
  | { ok: true; path: string; query: URLSearchParams; tokenFromUrl: boolean }
  | { ok: false; status: 400 | 403; message: string };

function sameToken(given: string | undefined | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieToken(header: string | undefined): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === GUARD_DEFAULTS.cookie) return v.join("=");
  }
  return undefined;
}

/** The loopback names this server answers to on `port`. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** Checks `req` against the server on `port` with `token`; the decoded path (no leading slash) when it passes. */
export function checkRequest(req: IncomingMessage, port: number, token: string): Checked {
  const hosts = allowedHosts(port);
  const host = (req.headers.host ?? "").toLowerCase();
  if (!hosts.has(host)) return { ok: false, status: 403, message: `Host "${host}" is not this server (${[...hosts].join(" or ")})` };
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.has(origin.toLowerCase().replace(/^http:\/\//, "")) ) {
    return { ok: false, status: 403, message: `Origin "${origin}" is not this server` };
  }
  let url: URL;
  let path: string;
  try {
    url = new URL(req.url ?? "/", `http://${host}`);
    path = decodeURIComponent(url.pathname).replace(/^\/+/, "");
  } catch {
    return { ok: false, status: 400, message: "malformed URL" };
  }
  if (path.includes("\0")) return { ok: false, status: 400, message: "malformed URL" };
  const auth = /^token\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const fromUrl = sameToken(url.searchParams.get("token"), token);
  if (!fromUrl && !sameToken(cookieToken(req.headers.cookie), token) && !sameToken(auth, token)) {
    return { ok: false, status: 403, message: "this server needs the token printed by npm start (open the URL it printed)" };
  }
  return { ok: true, path, query: url.searchParams, tokenFromUrl: fromUrl };
}

/** The Set-Cookie value that lets the browser keep the token after it opened the printed URL. */
export function tokenCookie(token: string): string {
  return `${GUARD_DEFAULTS.cookie}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}

/** Reads the body as UTF-8, rejecting with `{ status: 413 }` past `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number = GUARD_DEFAULTS.maxBodyBytes): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      reject(Object.assign(new Error(`request body over ${limit} bytes`), { status: 413 }));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(Object.assign(new Error(`request body over ${limit} bytes`), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
