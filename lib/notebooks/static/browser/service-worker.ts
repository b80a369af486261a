/// <reference lib="dom" />
/**
 * The site's service worker (`sw.js` at the site's root, so its scope is the whole site, sub-path included). On
 * install it keeps the site's own files that every page needs (pages, scripts, chunks, `files.json`, styles: the
 * list `SITE_FILES` the build writes in; grammars are left to the first scan that needs one), then takes over the
 * open pages at once, so one visit is enough to work offline. Every GET of the site's origin goes to the network
 * first and its answer is kept; when the network is gone the kept answer is served.
 */
const CACHE = "aider-workbench-site";

declare const SITE_FILES: readonly string[] | undefined;

interface ExtendableEventLike {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

/** The answer to one request: the network's (kept for later), else the kept one. */
export async function networkFirst(request: Request, caches: CacheStorage): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
    return response;
  } catch (err) {
    const kept = await (await caches.open(CACHE)).match(request);
    if (kept) return kept;
    throw err;
  }
}

/** Fetches and keeps each of `files` (paths relative to `scope`, the site's root URL); rejects if one fails. */
export async function precache(files: readonly string[], scope: string, caches: CacheStorage): Promise<number> {
  const cache = await caches.open(CACHE);
  await cache.addAll(files.map((f) => new URL(f, scope).href));
  return files.length;
}

type Scope = {
  addEventListener(type: "fetch", fn: (e: FetchEventLike) => void): void;
  addEventListener(type: "install" | "activate", fn: (e: ExtendableEventLike) => void): void;
  location: Location;
  caches: CacheStorage;
  registration?: { scope: string };
  skipWaiting?: () => Promise<void>;
  clients?: { claim(): Promise<void> };
};
const scope = self as unknown as Scope;
scope.addEventListener("install", (event) => {
  const files = typeof SITE_FILES === "undefined" ? [] : SITE_FILES;
  event.waitUntil(precache(files, scope.registration?.scope ?? scope.location.href, scope.caches).then(() => scope.skipWaiting?.()));
});
scope.addEventListener("activate", (event) => event.waitUntil(scope.clients?.claim() ?? Promise.resolve()));
scope.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== scope.location.origin) return;
  event.respondWith(networkFirst(request, scope.caches));
});
