/**
 * The embedded `npm start` server, for real on 127.0.0.1 (port 0): every request through the guard (token, Host,
 * Origin, URLs that do not decode; the decision itself is test/notebooks/live/guard.test.ts), the pages, the
 * assets and nothing outside their folders, the API behind it, the port it falls back to, and load.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { request } from "node:http";
import { createServer as createNetServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectPaths } from "../../lib/notebooks/project.js";
import { serveSite } from "../../lib/notebooks/serve.js";
import { createSite } from "../../lib/notebooks/site.js";

const root = join(__dirname, "..", "..");

/** A raw request (fetch would refuse a bad URL or a foreign Host before sending it). */
function raw(port: number, path: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("the embedded server on localhost: token, Host, Origin, bad URLs, sizes, load", () => {
  let server: Server;
  let port: number;
  let token: string;
  let openUrl: string;
  let dir: string;
  let auth: Record<string, string>;
  beforeAll(async () => {
    mkdirSync(join(root, "build"), { recursive: true });
    dir = mkdtempSync(join(root, "build", "guard-test-"));
    const paths = { ...projectPaths(root), notebooks: join(dir, "notebooks"), build: join(dir, "executed") };
    mkdirSync(paths.notebooks);
    cpSync(join(root, "test", "fixtures", "notebooks", "passing.ipynb"), join(paths.notebooks, "01-passing.ipynb"));
    const site = createSite(paths, [join(paths.notebooks, "01-passing.ipynb")], { editsDir: join(dir, "edits") });
    let url: string;
    ({ server, url, token, openUrl } = await serveSite(site, 0));
    port = Number(new URL(url).port);
    auth = { authorization: `token ${token}` };
  });
  afterAll(() => {
    server?.close();
    server?.closeAllConnections();
    rmSync(dir, { recursive: true, force: true });
  });

  it("listens on 127.0.0.1 only, and prints a URL holding a fresh random token", async () => {
    const address = server.address();
    expect(typeof address === "object" && address?.address).toBe("127.0.0.1");
    expect(openUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{48}$/);
    const other = await serveSite(createSite(projectPaths(root), []), 0);
    expect(other.token).not.toBe(token);
    other.server.close();
  });

  it("refuses a request without the token; the printed URL sets a cookie that then works alone", async () => {
    expect((await raw(port, "/")).status).toBe(403);
    expect((await raw(port, "/?token=wrong")).status).toBe(403);
    const first = await raw(port, `/?token=${token}`);
    expect(first.status).toBe(200);
    const cookie = String(first.headers["set-cookie"]).split(";")[0]!;
    expect(String(first.headers["set-cookie"])).toMatch(/HttpOnly; SameSite=Strict/);
    expect((await raw(port, "/01-passing.html", { cookie })).status).toBe(200);
  });

  it("answers GET /% and other malformed URLs with 400, and keeps serving", async () => {
    for (const bad of ["/%", "/%E0%A4%A", "/assets/katex/%", "/%00"]) expect((await raw(port, bad, auth)).status, bad).toBe(400);
    expect((await raw(port, "/", auth)).status).toBe(200);
  });

  it("refuses a foreign Host (DNS rebinding) and a foreign Origin (cross-site POST), token or not", async () => {
    const foreign = await raw(port, `/?token=${token}`, { host: `evil.example:${port}` });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toMatch(/is not this server/);
    expect((await raw(port, "/", { ...auth, host: `127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await raw(port, "/", { ...auth, host: `localhost:${port}` })).status).toBe(200);
    const post = await raw(port, "/api/restart", { ...auth, origin: "http://evil.example", "content-type": "application/json" }, "POST", '{"notebook":"01-passing"}');
    expect(post.status).toBe(403);
    const same = await raw(port, "/api/restart", { ...auth, origin: `http://127.0.0.1:${port}`, "content-type": "application/json" }, "POST", '{"notebook":"01-passing"}');
    expect(same.status).toBe(200);
  });

  it("bounds request bodies and checks what the API is given", async () => {
    const big = JSON.stringify({ notebook: "01-passing", cellId: "x", code: "x".repeat(1100 * 1024) });
    expect((await raw(port, "/api/save", { ...auth, "content-type": "application/json" }, "POST", big)).status).toBe(413);
    const json = { ...auth, "content-type": "application/json" };
    expect((await raw(port, "/api/save", json, "POST", "{nope")).status).toBe(400);
    expect((await raw(port, "/api/save", json, "POST", '{"notebook":"99-none","cellId":"a","code":""}')).status).toBe(404);
    expect((await raw(port, "/api/save", { ...auth, "content-type": "text/plain" }, "POST", "{}")).status).toBe(415);
    expect((await raw(port, "/api/run", auth)).status).toBe(405);
    expect((await raw(port, "/api/format-disk", json, "POST", '{"notebook":"01-passing"}')).status).toBe(404);
    expect((await raw(port, "/", auth)).status).toBe(200);
  });

  it("saves an edit to the learner's copy, never over the notebook, and reverts it", async () => {
    const json = { ...auth, "content-type": "application/json" };
    const original = readFileSync(join(dir, "notebooks", "01-passing.ipynb"), "utf8");
    const nb = JSON.parse(original) as { cells: { id: string; cell_type: string }[] };
    const id = nb.cells.find((c) => c.cell_type === "code")!.id;
    const saved = await raw(port, "/api/save", json, "POST", JSON.stringify({ notebook: "01-passing", cellId: id, code: "console.log('mine');" }));
    expect(JSON.parse(saved.text)).toEqual({ edited: true });
    expect(readFileSync(join(dir, "notebooks", "01-passing.ipynb"), "utf8")).toBe(original);
    expect(readFileSync(join(dir, "edits", "01-passing.ipynb"), "utf8")).toContain("console.log('mine');");
    expect((await raw(port, "/01-passing.html", auth)).text).toContain("mine");
    const reverted = await raw(port, "/api/revert", json, "POST", JSON.stringify({ notebook: "01-passing" }));
    expect(Object.keys((JSON.parse(reverted.text) as { sources: object }).sources)).toEqual([id]);
    expect(existsSync(join(dir, "edits", "01-passing.ipynb"))).toBe(false);
    expect((await raw(port, "/01-passing.html", auth)).text).not.toContain("mine");
  });

  it("serves KaTeX's and highlight.js's stylesheets and fonts locally, and nothing outside them", async () => {
    const css = await raw(port, "/assets/katex/katex.min.css", auth);
    expect(css.status).toBe(200);
    expect(css.headers["content-type"]).toMatch(/text\/css/);
    expect((await raw(port, "/assets/katex/fonts/KaTeX_Main-Regular.woff2", auth)).headers["content-type"]).toBe("font/woff2");
    expect((await raw(port, "/assets/hljs/github.min.css", auth)).status).toBe(200);
    for (const out of ["/assets/katex/..%2F..%2F..%2Fpackage.json", "/assets/hljs/..%2f..%2f..%2f..%2fpackage.json", "/assets/katex/../../../package.json", "/assets/katex/", "/assets/katex/fonts"]) {
      const r = await raw(port, out, auth);
      expect(r.status, out).toBe(404);
      expect(r.text, out).not.toContain('"name"');
    }
    expect((await raw(port, "/nope.html", auth)).text).toBe("no page nope.html\n");
  });

  it("pages take GET and HEAD only; the cookie is set only from the printed URL; favicon and the editor's script", async () => {
    expect((await raw(port, "/", auth, "POST", "{}")).status).toBe(405);
    expect((await raw(port, "/01-passing.html", auth, "DELETE")).status).toBe(405);
    expect((await raw(port, "/", auth, "HEAD")).status).toBe(200);
    const page = await raw(port, "/01-passing.html", auth);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["set-cookie"]).toBeUndefined();
    for (const icon of ["/favicon.svg", "/favicon.ico"]) {
      const r = await raw(port, icon, auth);
      expect([r.status, r.headers["content-type"]]).toEqual([200, "image/svg+xml"]);
      expect(r.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    const script = await raw(port, "/assets/live/live.js", auth);
    expect([script.status, script.headers["content-type"]]).toEqual([200, "text/javascript; charset=utf-8"]);
    expect(script.text).toContain("api/");
  }, 60_000);

  it("stays up under 2,000 requests, 50 at a time, good and bad mixed", async () => {
    const paths = ["/", "/%", "/01-passing.html", "/nope.html", "/assets/katex/katex.min.css", "/favicon.svg"];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < 2000) {
        const i = next++;
        const withToken = i % 7 !== 0;
        const r = await raw(port, paths[i % paths.length]!, withToken ? auth : {});
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 50 }, worker));
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(2000);
    expect([...statuses.keys()].sort()).toEqual([200, 400, 403, 404]);
    expect((await raw(port, "/", auth)).status).toBe(200);
  }, 60_000);
});

describe("serveSite: the port and the end", () => {
  const site = () => createSite(projectPaths(root), [], { live: false });

  it("takes the next port when the one asked for is in use", async () => {
    const blocker = createNetServer();
    await new Promise<void>((done) => blocker.listen(0, "127.0.0.1", done));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const served = await serveSite(site(), taken);
      const got = Number(new URL(served.url).port);
      served.server.close();
      expect(got).toBeGreaterThan(taken);
      expect(got).toBeLessThanOrEqual(taken + 20);
      expect(served.openUrl).toBe(`${served.url}?token=${served.token}`);
    } finally {
      blocker.close();
    }
  });

  it("uses the token it is given, and refuses a port that is not one, naming it", async () => {
    const served = await serveSite(site(), 0, { token: "f".repeat(48) });
    served.server.close();
    expect(served.token).toBe("f".repeat(48));
    for (const bad of [-1, 1.5, 65536, Number.NaN]) await expect(serveSite(site(), bad), String(bad)).rejects.toThrow(/^serveSite: port must be/);
    await expect(serveSite(site(), 0, { stallMs: 0 })).rejects.toThrow(/^serveSite: options.stallMs must be a positive integer/);
  });

  it("closing the server closes the notebooks' sessions", async () => {
    const dir = mkdtempSync(join(root, "build", "serve-close-"));
    try {
      const paths = { ...projectPaths(root), notebooks: join(dir, "notebooks") };
      mkdirSync(paths.notebooks);
      cpSync(join(root, "test", "fixtures", "notebooks", "passing.ipynb"), join(paths.notebooks, "01-passing.ipynb"));
      const s = createSite(paths, [join(paths.notebooks, "01-passing.ipynb")], { live: false, editsDir: join(dir, "edits") });
      const served = await serveSite(s, 0);
      const session = served.sessions.get(s.entries[0]!);
      await new Promise((done) => served.server.close(done));
      const heard: unknown[] = [];
      const after = await session.run({ code: "1 + 1" }, (event) => heard.push(event) > 0); // a closed session runs nothing and starts no process
      expect(after).toMatchObject({ ok: false, count: null });
      expect(JSON.stringify(heard)).toContain("The session is closed.");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
