/**
 * Built code the grader reuses between runs: the sandbox runtime, the I/O worker and each exercise's allowed part
 * of the lib, in `.workbench/cache/grader/` of the checkout (gitignored, beside progress.json), keyed by a hash of
 * everything the build reads (the sources under the given folders, the build's options, esbuild's version). Writing
 * there needs write access to the checkout — which already lets one rewrite the grader — so it trusts nothing new.
 * Measured: building lib's allowed exports is most of a sandbox's start-up cost (docs/performance.md).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const fingerprints = new Map<string, string>();

/** A hash of every .ts file under `dir` (paths and contents; `dist` and `node_modules` left out), once per process. */
export function sourceFingerprint(dir: string): string {
  const known = fingerprints.get(dir);
  if (known) return known;
  const hash = createHash("sha256");
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== "dist" && e.name !== "node_modules") walk(p);
      } else if (e.isFile() && e.name.endsWith(".ts")) hash.update(p).update("\0").update(readFileSync(p)).update("\0");
    }
  };
  walk(dir);
  const digest = hash.digest("hex");
  fingerprints.set(dir, digest);
  return digest;
}

/** The code cached under `key` in `root`'s grader cache, or `make()`'s, stored (temp file + rename) for next time. */
export async function cachedBuild(root: string, key: readonly string[], make: () => Promise<string>): Promise<string> {
  const name = createHash("sha256").update(key.join("\0")).digest("hex").slice(0, 32);
  const dir = join(root, ".workbench", "cache", "grader");
  const file = join(dir, `${name}.js`);
  try {
    return readFileSync(file, "utf8");
  } catch {
    // not built yet
  }
  const code = await make();
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, file);
  } catch {
    // a read-only checkout: build every time
  }
  return code;
}
