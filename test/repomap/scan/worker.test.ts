/**
 * lib/repomap/scan/worker.ts: the worker-thread entry of a parallel scan — started by path (as scan/pool.ts starts
 * it), it loads a grammar on first use and answers each job with the same body an in-process parse gives.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GrammarSet, packageResolverFrom } from "../../../lib/repomap/scan/grammars.js";
import { languageById } from "../../../lib/repomap/scan/languages.js";
import { parseFileBody, type FileBody } from "../../../lib/repomap/scan/parse.js";
import { parseInWorkers } from "../../../lib/repomap/scan/pool.js";
import { TAGS_DEFAULTS } from "../../../lib/repomap/scan/tags-raw.js";
import { tempDirs } from "../../support/temp-dirs.js";

const ROOT = join(__dirname, "..", "..", "..");
const SCRIPT = join(ROOT, "lib", "repomap", "scan", "worker.ts");
const temp = tempDirs();

describe("the scan worker", () => {
  it("answers with the in-process parse's body, and null for a language it does not know", async () => {
    const dir = temp("wb-worker-");
    const files = { "a.py": "class A:\n    def m(self):\n        return helper()\n", "b.js": "function f() { return g(); }\n" };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const data = { packageBase: ROOT, tagOpts: TAGS_DEFAULTS, maxBytes: 1 << 20, budgetMs: 3000 };
    const jobs = [
      { abs: join(dir, "a.py"), lang: "python" },
      { abs: join(dir, "b.js"), lang: "javascript" },
      { abs: join(dir, "a.py"), lang: "no-such-language" },
    ];
    const bodies = new Map<number, FileBody | null>();
    const missed = await parseInWorkers(jobs, { parallel: { script: SCRIPT, threads: 1 }, data }, (i, body) => bodies.set(i, body));
    expect(missed).toEqual([]);
    expect(bodies.get(2)).toBeNull();
    const grammars = new GrammarSet({ resolvePackageDir: packageResolverFrom(ROOT) });
    for (const i of [0, 1]) {
      const grammar = (await grammars.get(languageById(jobs[i]!.lang)!))!;
      expect(bodies.get(i), jobs[i]!.lang).toEqual(parseFileBody(jobs[i]!, grammar, data));
    }
    expect(bodies.get(0)!.tags).toContainEqual(["def", "A", 0]);
  }, 60_000);
});
