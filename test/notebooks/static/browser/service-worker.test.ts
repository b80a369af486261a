import { describe, expect, it, vi } from "vitest";

const listeners: ((e: unknown) => void)[] = [];
vi.stubGlobal("self", { addEventListener: (_t: string, fn: (e: unknown) => void) => listeners.push(fn), location: { origin: "http://site.test" }, caches: undefined });
const { networkFirst } = await import("../../../../lib/notebooks/static/browser/service-worker.js");

function cacheStorage() {
  const kept = new Map<string, Response>();
  const cache = { put: async (r: Request, res: Response) => void kept.set(r.url, res), match: async (r: Request) => kept.get(r.url) };
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
      listeners[0]!({ request, respondWith: (r: unknown) => answered.push(r) });
    }
    expect(answered).toEqual([]);
  });
});
