/**
 * The live pages' script: `live/browser/live-client.ts` (CodeMirror 6 with TypeScript highlighting, and the calls
 * to the API) bundled for the browser by esbuild into `build/live/live.js`, once per change of the source.
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";

let building: { out: string; done: Promise<string> } | undefined;

/** The bundle's path, building it first when it is missing or older than its source. */
export function buildLiveClient(root: string): Promise<string> {
  const src = join(root, "lib", "notebooks", "live", "browser", "live-client.ts");
  const out = join(root, "build", "live", "live.js");
  if (existsSync(out) && statSync(out).mtimeMs >= statSync(src).mtimeMs) return Promise.resolve(out);
  if (building?.out === out) return building.done;
  const done = (async () => {
    const esbuild = await import("esbuild");
    await esbuild.build({ entryPoints: [src], bundle: true, format: "iife", minify: true, target: "es2022", outfile: out, logLevel: "silent" });
    return out;
  })().finally(() => (building = undefined));
  building = { out, done };
  return done;
}
