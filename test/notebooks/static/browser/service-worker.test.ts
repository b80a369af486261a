import { describe, expect, it, vi } from "vitest";

const listeners: ((e: unknown) => void)[] = [];
vi.stubGlobal("self", { addEventListener: (_t: string, fn: (e: unknown) => void) => listeners.push(fn), location: { origin: "http://site.test" }, caches: undefined });
const { networkFirst, precache } = await import("../../../../lib/notebooks/static/browser/service-worker.js");

function cacheStorage() {
  const kept = new Map<string, Response>();
  const cache = {
    put: async (r: Request, res: Response) => void kept.set(r.url, res),
    match: async (r: Request) => kept.get(r.url),
    addAll: async (urls: string[]) => {
      for (const u of urls) kept.set(u, await fetch(u));
    },
  };
  return { storage: { open: async () => cache } as unknown as CacheStorage, kept };
}

describe("the site's service worker", () => {
  it("answers from the network and keeps the answer; offline, it serves the kept one", async () => {
    const { storage, kept } = cacheStorage();
    const req = new Request("http://site.test/repo/01.html");
    vi.stubGlobal("fetch", async () => new Response("page"));
    expect(await (await networkFirst(req, storage)).text()).toBe("page");
    expect(kept.has(req.url)).toBe(true);
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("offline");
    });
    expect(await (await networkFirst(req, storage)).text()).toBe("page");
    await expect(networkFirst(new Request("http://site.test/repo/other.html"), storage)).rejects.toThrow(/offline/);
  });
  it("leaves other origins and other methods to the browser", () => {
    const answered: unknown[] = [];
    for (const request of [new Request("http://elsewhere.test/x"), new Request("http://site.test/x", { method: "POST" })]) {
      listeners[2]!({ request, respondWith: (r: unknown) => answered.push(r) });
    }
    expect(answered).toEqual([]);
  });
  it("keeps the site's files on install, resolved against its scope (a sub-path), so one visit works offline", async () => {
    const { storage, kept } = cacheStorage();
    vi.stubGlobal("fetch", async (u: string) => new Response(`body of ${u}`));
    expect(await precache(["./", "01.html", "assets/site/worker.js"], "http://site.test/repo/", storage)).toBe(3);
    expect([...kept.keys()]).toEqual(["http://site.test/repo/", "http://site.test/repo/01.html", "http://site.test/repo/assets/site/worker.js"]);
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("offline");
    });
    expect(await (await networkFirst(new Request("http://site.test/repo/01.html"), storage)).text()).toBe("body of http://site.test/repo/01.html");
  });
  it("precaches on install and takes over open pages on activate", async () => {
    const waited: Promise<unknown>[] = [];
    expect(listeners).toHaveLength(3); // install, activate, fetch, registered in that order
    let claimed = false;
    (self as unknown as { clients: unknown }).clients = { claim: async () => void (claimed = true) };
    listeners[1]!({ waitUntil: (p: Promise<unknown>) => waited.push(p) });
    await Promise.all(waited);
    expect(claimed).toBe(true);
  });
});
