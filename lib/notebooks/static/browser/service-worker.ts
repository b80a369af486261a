/// <reference lib="dom" />
/**
 * The site's service worker (`sw.js` at the site's root, so its scope is the whole site, sub-path included): every
 * GET of the site's own origin goes to the network first and its answer is kept; when the network is gone the kept
 * answer is served, so a page read once (with the chunks, grammars and files it loaded) works offline.
 */
const CACHE = "aider-workbench-site";

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

const scope = self as unknown as { addEventListener(type: "fetch", fn: (e: FetchEventLike) => void): void; location: Location; caches: CacheStorage };
scope.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== scope.location.origin) return;
  event.respondWith(networkFirst(request, scope.caches));
});
