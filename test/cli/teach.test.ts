/**
 * lib/cli/teach.ts: `workbench teach <model>` driven in-process — its arguments, the worked examples, JSON input
 * files, and bad input as one line naming the parameter (exit 2).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_TEACH_ITERATIONS, TEACH_BOUNDS, teachCommand, WORKED_EXAMPLES } from "../../lib/cli/teach.js";
import { UsageError } from "../../lib/cli/command.js";
import { teachingCommitPlan } from "../../lib/git/teaching/commit-plan.js";
import { teachingSearchReplace } from "../../lib/editblock/teaching/search-replace.js";
import { teachingRepoMap, type RepoMapInput } from "../../lib/repomap/teaching/repo-map.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";
import { cli } from "./run-cli.js";

const tempDir = tempDirs();
const jsonFile = (content: unknown, raw = false): string => {
  const dir = tempDir("wb-teach-");
  writeTree(dir, { "in.json": raw ? String(content) : JSON.stringify(content) });
  return join(dir, "in.json");
};
/** Runs the command object itself (no dispatcher), capturing its output. */
async function teach(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await teachCommand.run(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false });
  return { code, out, err };
}

describe("teach: arguments", () => {
  it("names the models when the model is missing or unknown", async () => {
    await expect(teach()).rejects.toThrow(new UsageError("teach: <model> must be one of repo-map, search-replace, commit-plan"));
    await expect(teach("pagerank", "--example")).rejects.toThrow('teach: <model> must be one of repo-map, search-replace, commit-plan (got "pagerank")');
  });

  it("takes an input file or --example, exactly one, and nothing more", async () => {
    await expect(teach("commit-plan")).rejects.toThrow("teach: give an input file (or - for stdin), or --example");
    await expect(teach("commit-plan", "in.json", "--example")).rejects.toThrow("teach: give either an input file or --example, not both");
    await expect(teach("commit-plan", "a.json", "b.json")).rejects.toThrow('teach: unexpected argument "b.json"');
  });

  it("a misspelt flag is one line without a stack trace (through the dispatcher: exit 2)", async () => {
    const r = await cli("teach", "repo-map", "--exampel");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^teach: Unknown option '--exampel'/);
    expect(r.err.trim().split("\n")).toHaveLength(1);
  });
});

describe("teach --example", () => {
  it("prints the worked example, then each model's own result on it", async () => {
    const results = {
      "repo-map": teachingRepoMap(WORKED_EXAMPLES["repo-map"] as unknown as RepoMapInput),
      "search-replace": teachingSearchReplace(WORKED_EXAMPLES["search-replace"].text, WORKED_EXAMPLES["search-replace"].search, WORKED_EXAMPLES["search-replace"].replacement),
      "commit-plan": teachingCommitPlan({ dirtyFiles: [...WORKED_EXAMPLES["commit-plan"].dirtyFiles], editedFiles: [...WORKED_EXAMPLES["commit-plan"].editedFiles] }),
    };
    for (const [model, result] of Object.entries(results)) {
      const r = await teach(model, "--example");
      expect(r.code, model).toBe(0);
      const [first, ...rest] = r.out.split("\n");
      expect(JSON.parse(first!.replace(/^input: /, "")), model).toEqual(WORKED_EXAMPLES[model as keyof typeof WORKED_EXAMPLES]);
      expect(JSON.parse(rest.join("\n")), model).toEqual(JSON.parse(JSON.stringify(result)));
    }
  });

  it("commit-plan's example commits the dirty app.py before the edit", async () => {
    const r = await teach("commit-plan", "--example");
    expect(r.out).toContain('"beforeEdit": [\n    "app.py"\n  ]');
  });
});

describe("teach <model> input.json", () => {
  it("runs the model on the file's input and prints only the result", async () => {
    const input = { text: "a\nb\na\n", search: "b\n", replacement: "c\n" };
    const r = await teach("search-replace", jsonFile(input));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(JSON.parse(JSON.stringify(teachingSearchReplace(input.text, input.search, input.replacement))));
    expect(r.out).not.toMatch(/^input: /);
  });

  it("reports bad input as one line naming the parameter, exit 2", async () => {
    const r = await teach("search-replace", jsonFile({ text: "a", search: "  ", replacement: "b" }));
    expect(r.code).toBe(2);
    expect(r.err).toBe('teach: bad input: teachingSearchReplace: search must contain a non-blank line (got "  ")\n');
    expect(r.out).toBe("");
  });

  it("rejects a misspelt key of the input, as the page's Python rejects an unexpected keyword", async () => {
    const r = await teach("search-replace", jsonFile({ text: "a\n", search: "a\n", replace: "b\n" }));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^teach: bad input: teachingSearchReplace: input\.replace is not a known option \(known: text, search, replacement\)/);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    const notRecord = await teach("search-replace", jsonFile([1, 2]));
    expect(notRecord.code).toBe(2);
    expect(notRecord.err).toMatch(/^teach: bad input: teachingSearchReplace: input /);
  });

  it("a file that is not JSON is one line naming the file, even when the parser quotes a newline", async () => {
    const r = await cli("teach", "commit-plan", jsonFile("not json\n", true));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^teach: .*in\.json is not valid JSON: /);
    expect(r.err.trim().split("\n")).toHaveLength(1);
  });

  it("repo-map: refuses more than MAX_TEACH_ITERATIONS iterations before running any", async () => {
    const input = { ...WORKED_EXAMPLES["repo-map"], iterations: MAX_TEACH_ITERATIONS + 1 };
    await expect(teach("repo-map", jsonFile(input))).rejects.toThrow(
      `teach: iterations must be at most ${MAX_TEACH_ITERATIONS} on the command line (got ${MAX_TEACH_ITERATIONS + 1}); call teachingRepoMap from lib for more`,
    );
    const few = await teach("repo-map", jsonFile({ ...WORKED_EXAMPLES["repo-map"], iterations: 3 }));
    expect(few.code).toBe(0);
    expect(JSON.parse(few.out)).toEqual(JSON.parse(JSON.stringify(teachingRepoMap({ ...(WORKED_EXAMPLES["repo-map"] as unknown as RepoMapInput), iterations: 3 }))));
  });

  it("repo-map: the workload bounds (files, edges, symbol costs, iterations × (files + edges)) are each one line, before any run", async () => {
    const graph = (n: number, iterations: number) => {
      const files = Array.from({ length: n }, (_, i) => `f${i}`);
      return { files, edges: files.map((f, i) => [f, files[(i + 1) % n], "s", 1]), personalization: { f0: 1 }, symbolCosts: {}, budget: 1, iterations };
    };
    const b = TEACH_BOUNDS;
    // a million iterations over 2,000 files (4e9 steps) is the case that never returned
    await expect(teach("repo-map", jsonFile(graph(2000, 1_000_000)))).rejects.toThrow(
      `teach: iterations × (files + edges) must be at most ${b.work} on the command line (got 4000000000); call teachingRepoMap from lib for more`,
    );
    await expect(teach("repo-map", jsonFile(graph(b.files + 1, 1)))).rejects.toThrow(`teach: files must be at most ${b.files} on the command line (got ${b.files + 1})`);
    const manyEdges = { ...graph(2, 1), edges: Array.from({ length: b.edges + 1 }, () => ["f0", "f1", "s", 1]) };
    await expect(teach("repo-map", jsonFile(manyEdges))).rejects.toThrow(`teach: edges must be at most ${b.edges} on the command line (got ${b.edges + 1})`);
    const costs = { ...graph(2, 1), symbolCosts: { f0: Object.fromEntries(Array.from({ length: b.symbolCosts + 1 }, (_, i) => [`s${i}`, 1])) } };
    await expect(teach("repo-map", jsonFile(costs))).rejects.toThrow(`teach: the symbol costs must be at most ${b.symbolCosts} on the command line (got ${b.symbolCosts + 1})`);
    // one iteration past the product's bound over 50 files and 50 edges is refused; a small run of the same graph runs
    const costsOf = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { s: 1 }]));
    await expect(teach("repo-map", jsonFile({ ...graph(50, b.work / 100 + 1), symbolCosts: costsOf(50) }))).rejects.toThrow(
      `teach: iterations × (files + edges) must be at most ${b.work} on the command line (got ${b.work + 100})`,
    );
    expect((await teach("repo-map", jsonFile({ ...graph(50, 100), symbolCosts: costsOf(50) }))).code).toBe(0);
  }, 60_000);
});
