/**
 * The live server's gate as a pure decision on requests built here (no server): Host and Origin must be this
 * server's own loopback name and port, the token must come in the URL, the cookie or the Authorization header,
 * and a URL that does not decode is a 400. The server wired to it is exercised in test/notebooks/serve.test.ts.
 */
import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { allowedHosts, checkRequest, createToken, GUARD_DEFAULTS, readBody, tokenCookie } from "../../../lib/notebooks/live/guard.js";

const PORT = 8123;
const TOKEN = "ab".repeat(24);

/** A request as the guard sees it: only `url` and `headers` are read. */
function req(url: string, headers: Record<string, string> = {}): IncomingMessage {
  return { url, headers: { host: `127.0.0.1:${PORT}`, ...headers } } as unknown as IncomingMessage;
}

const check = (url: string, headers: Record<string, string> = {}) => checkRequest(req(url, headers), PORT, TOKEN);
const withToken = { authorization: `token ${TOKEN}` };

describe("checkRequest: the token", () => {
  it("refuses a request without any token, and one with a wrong token in each place it may come", () => {
    for (const [url, headers] of [
      ["/", {}],
      [`/?token=${"cd".repeat(24)}`, {}],
      [`/?token=${TOKEN.slice(0, -1)}`, {}], // one character short: a different length is no match either
      ["/", { cookie: `${GUARD_DEFAULTS.cookie}=wrong` }],
      ["/", { authorization: "token wrong" }],
      ["/", { authorization: `Bearer ${TOKEN}` }], // only the `token` scheme, as Jupyter has it
      ["/", { cookie: `other_cookie=${TOKEN}` }],
      ["/?token=", {}],
    ] as const) {
      const r = check(url, headers);
      expect(r, `${url} ${JSON.stringify(headers)}`).toMatchObject({ ok: false, status: 403 });
      expect(!r.ok && r.message).toMatch(/needs the token printed by npm start/);
    }
  });

  it("accepts the token from the URL (and says so, for the cookie), from the cookie, or from Authorization", () => {
    const fromUrl = check(`/01-x.html?token=${TOKEN}`);
    expect(fromUrl).toMatchObject({ ok: true, path: "01-x.html", tokenFromUrl: true });
    const fromCookie = check("/", { cookie: `a=1; ${GUARD_DEFAULTS.cookie}=${TOKEN}; b=2` });
    expect(fromCookie).toMatchObject({ ok: true, tokenFromUrl: false });
    expect(check("/", { authorization: `Token   ${TOKEN}` })).toMatchObject({ ok: true, tokenFromUrl: false });
  });
});

describe("checkRequest: Host and Origin (DNS rebinding, cross-site requests)", () => {
  it("refuses a foreign Host even with the right token, before looking at the token", () => {
    for (const host of [
      `evil.example:${PORT}`,
      `127.0.0.1.evil.example:${PORT}`, // a rebinding name that starts like ours
      `localhost.evil.example:${PORT}`,
      `127.0.0.1:${PORT + 1}`, // our name, another port
      "127.0.0.1", // no port
      `[::1]:${PORT}`,
      `0.0.0.0:${PORT}`,
      `127.0.0.1:${PORT}@evil.example`,
      "",
    ]) {
      const r = check(`/?token=${TOKEN}`, { host });
      expect(r, host).toMatchObject({ ok: false, status: 403 });
      expect(!r.ok && r.message, host).toContain(`Host "${host.toLowerCase()}" is not this server`);
    }
  });

  it("accepts both loopback names, in any case", () => {
    expect(check("/", { ...withToken, host: `localhost:${PORT}` }).ok).toBe(true);
    expect(check("/", { ...withToken, host: `LOCALHOST:${PORT}` }).ok).toBe(true);
    expect([...allowedHosts(PORT)].sort()).toEqual([`127.0.0.1:${PORT}`, `localhost:${PORT}`]);
  });

  it("refuses a foreign Origin even with the right token; the same origin, or none, passes", () => {
    for (const origin of ["http://evil.example", `http://evil.example:${PORT}`, "null", `https://127.0.0.1:${PORT}`, `http://127.0.0.1:${PORT + 1}`, `http://127.0.0.1.evil.example:${PORT}`]) {
      const r = check("/api/run", { ...withToken, origin });
      expect(r, origin).toMatchObject({ ok: false, status: 403 });
      expect(!r.ok && r.message).toBe(`Origin "${origin}" is not this server`);
    }
    expect(check("/api/run", { ...withToken, origin: `http://127.0.0.1:${PORT}` }).ok).toBe(true);
    expect(check("/api/run", { ...withToken, origin: `http://localhost:${PORT}` }).ok).toBe(true);
    expect(check("/api/run", withToken).ok).toBe(true);
  });
});

describe("checkRequest: the URL", () => {
  it("answers a URL that does not decode, or holds a NUL, with 400 — never a throw", () => {
    for (const url of ["/%", "/%E0%A4%A", "/assets/katex/%", "/%00", "/a%00b.html"]) {
      expect(check(url, withToken), url).toEqual({ ok: false, status: 400, message: "malformed URL" });
    }
  });

  it("gives the decoded path without its leading slashes, and the query", () => {
    const plain = check("/assets/katex/a%20b.css?x=1&y=2", withToken);
    expect(plain.ok && plain.path).toBe("assets/katex/a b.css");
    expect(plain.ok && plain.query.get("y")).toBe("2");
    expect(check("/", withToken)).toMatchObject({ ok: true, path: "" });
  });
});

describe("tokens and the cookie", () => {
  it("makes a fresh 48-hex-digit token each time", () => {
    const a = createToken(), b = createToken();
    expect(a).toMatch(/^[0-9a-f]{48}$/);
    expect(b).not.toBe(a);
  });

  it("the cookie carries the token, for this site's paths only, out of scripts' reach, same-site only", () => {
    const c = tokenCookie(TOKEN);
    expect(c.split("; ")).toEqual([`${GUARD_DEFAULTS.cookie}=${TOKEN}`, "Path=/", "HttpOnly", "SameSite=Strict"]);
    // what the browser sends back from it passes the guard
    expect(check("/", { cookie: c.split(";")[0]! }).ok).toBe(true);
  });
});

describe("readBody", () => {
  /** A request body stream with the given headers. */
  function body(headers: Record<string, string> = {}): PassThrough & { headers: Record<string, string> } {
    return Object.assign(new PassThrough(), { headers });
  }

  it("reads the body as UTF-8, a character split across chunks included", async () => {
    const r = body();
    const bytes = Buffer.from('{"code":"é → ü"}', "utf8");
    const read = readBody(r as unknown as IncomingMessage);
    r.write(bytes.subarray(0, 10));
    r.end(bytes.subarray(10));
    expect(await read).toBe('{"code":"é → ü"}');
  });

  it("rejects with status 413 when the declared length is over the limit, before reading", async () => {
    const r = body({ "content-length": "11" });
    await expect(readBody(r as unknown as IncomingMessage, 10)).rejects.toMatchObject({ status: 413, message: "request body over 10 bytes" });
  });

  it("rejects with status 413 when more bytes arrive than the limit, whatever was declared", async () => {
    const r = body({ "content-length": "3" });
    const read = readBody(r as unknown as IncomingMessage, 10);
    r.write(Buffer.alloc(6, 97));
    r.write(Buffer.alloc(6, 97));
    await expect(read).rejects.toMatchObject({ status: 413 });
    expect(r.destroyed).toBe(true);
  });

  it("takes a body of exactly the limit", async () => {
    const r = body();
    const read = readBody(r as unknown as IncomingMessage, 10);
    r.end(Buffer.alloc(10, 98));
    expect(await read).toBe("b".repeat(10));
  });
});
