import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serveStatic, staticPath } from "../../../lib/notebooks/static/static-server.js";

const dir = mkdtempSync(join(tmpdir(), "wb-static-"));
const site = join(dir, "site");
mkdirSync(join(site, "assets"), { recursive: true });
writeFileSync(join(site, "index.html"), "<p>home</p>");
writeFileSync(join(site, "assets", "a.js"), "1");
writeFileSync(join(dir, "secret.txt"), "no");
symlinkSync(join(dir, "secret.txt"), join(site, "link.txt"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("staticPath: only regular files inside the folder, under the prefix", () => {
  it("maps paths, folders to index.html, and strips the query", () => {
    expect(staticPath(site, "/repo/", "/repo/")).toBe(join(site, "index.html"));
    expect(staticPath(site, "/repo/", "/repo/assets/a.js?v=1")).toBe(join(site, "assets", "a.js"));
  });
  it("refuses other prefixes, .., encoded .., symlinks out, folders and bad escapes", () => {
    for (const url of ["/other/index.html", "/repo/../secret.txt", "/repo/%2e%2e/secret.txt", "/repo/link.txt", "/repo/assets", "/repo/%E0%A4%A"]) {
      expect(staticPath(site, "/repo/", url), url).toBeNull();
    }
  });
});

describe("serveStatic", () => {
  it("serves files with their type and 404s the rest", async () => {
    const { server, url } = await serveStatic(site, { prefix: "/repo/" });
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/repo\/$/);
      const ok = await fetch(`${url}assets/a.js`);
      expect([ok.status, ok.headers.get("content-type"), await ok.text()]).toEqual([200, "text/javascript; charset=utf-8", "1"]);
      expect((await fetch(`${url}link.txt`)).status).toBe(404);
      expect((await fetch(`${url}index.html`, { method: "POST" })).status).toBe(404);
    } finally {
      server.close();
    }
  });
  it("tells onServe each file it served, with its size, and nothing for a 404", async () => {
    const served: [string, number][] = [];
    const { server, url } = await serveStatic(site, { prefix: "/repo/", onServe: (path, bytes) => served.push([path, bytes]) });
    try {
      await (await fetch(`${url}index.html`)).text();
      await (await fetch(`${url}missing.js`)).text();
      expect(served).toEqual([["/repo/index.html", 11]]);
    } finally {
      server.close();
    }
  });
  it("refuses a prefix that is not a sub-path and a root that is not a folder", async () => {
    await expect(serveStatic(site, { prefix: "repo" })).rejects.toThrow(/prefix/);
    await expect(serveStatic(join(site, "index.html"))).rejects.toThrow(/root/);
  });
});
