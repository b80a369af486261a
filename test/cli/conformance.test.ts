import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "./run-cli.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const fixturePath = (p: string) => (p === "golden/map_search.json" ? join(root, "lib/grader/judge", p) : join(root, "test/fixtures", p));

function tempFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), "wb-conformance-")), "vectors.json");
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe("workbench conformance", () => {
  it("`npm run -s workbench -- conformance pagerank <golden>` ends with 'N passed, 0 failed'", () => {
    const out = execFileSync("npm", ["run", "-s", "workbench", "--", "conformance", "pagerank", "test/fixtures/golden/pagerank.json"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(out.trimEnd().split("\n").at(-1)).toBe("71 passed, 0 failed");
  }, 60_000);

  it.each(["map_search", "repomap_ranking"])("%s passes on its golden file", async (suite) => {
    const r = await cli("conformance", suite, fixturePath(`golden/${suite}.json`));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\d+ passed, 0 failed\n$/);
  });

  it("a failing case is printed with what Aider produced and what we produced, exit 1", async () => {
    const file = JSON.parse(readFileSync(fixturePath("golden/map_search.json"), "utf8")) as { search_cases: { expected: { probes: number[] } }[] };
    file.search_cases[1]!.expected.probes = [99];
    const r = await cli("conformance", "map_search", tempFile(file));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^FAIL hand-001\n {2}expected: /);
    expect(r.out.trimEnd().split("\n").at(-1)).toMatch(/^\d+ passed, 1 failed$/);
  });

  it("a malformed file names the case and the field, exit 2", async () => {
    const bad = tempFile({ cases: [{ id: "ok-1", nodes: ["A"], edges: [["A", "A", "heavy"]], personalization: null, dangling: null, params: {}, expected: { ranks: { A: 1 }, nodelist: ["A"], iterations: 1 } }] });
    const r = await cli("conformance", "pagerank", bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/case ok-1: field "edges\[0\]\[2\]" must be a number or null/);
    expect(r.err.trim().split("\n")).toHaveLength(1);

    const missing = tempFile({ get_ranked_tags_cases: [{ id: "rk-7", files: {}, chat_files: [], other_files: ["a.py"] }] });
    const r2 = await cli("conformance", "repomap_ranking", missing);
    expect(r2.code).toBe(2);
    expect(r2.err).toMatch(/case rk-7: field "expected.hash_independent" is missing/);

    const badTag = tempFile({ search_cases: [{ id: "s-1", num_tags: 2, max_map_tokens: 100, tokens: [0, 1], expected: { chosen_k: null, tokens: null, probes: [] } }] });
    const r3 = await cli("conformance", "map_search", badTag);
    expect(r3.code).toBe(2);
    expect(r3.err).toMatch(/case s-1: field "tokens" must hold num_tags \+ 1 = 3 counts/);
  });

  it("an unknown suite or a missing file is a usage error, exit 2", async () => {
    const r = await cli("conformance", "nosuch", fixturePath("golden/pagerank.json"));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown suite "nosuch" \(suites: pagerank, map_search, repomap_ranking, editblock_replace/);
    const r2 = await cli("conformance", "pagerank", join(tmpdir(), "does-not-exist.json"));
    expect(r2.code).toBe(2);
  });
});
