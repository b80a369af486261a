import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs, writeTree } from "../support/temp-dirs.js";
import { cli } from "./run-cli.js";

const temp = tempDirs();

/** A small Python project: util.helper is referenced three times from two files; util.unused by nobody. */
function project(): string {
  const root = temp("wb-map-");
  const files: Record<string, string> = {
    "util.py": "def helper(x):\n    return x\n\n\ndef unused():\n    pass\n",
    "app.py": "from util import helper\n\n\ndef main():\n    return helper(1) + helper(2)\n",
    "models.py": "class Model:\n    def save(self):\n        return helper(3)\n",
    "README.md": "# demo\n",
  };
  writeTree(root, files);
  return root;
}

interface MapJson {
  map: string;
  ranking: unknown[];
  selected: ({ file: string; name: string; line: number; kind: string } | [string])[];
  summary: Record<string, number | string | boolean>;
}

const mapJson = async (...args: string[]): Promise<MapJson> => {
  const r = await cli("map", ...args, "--json");
  expect(r.err).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as MapJson;
};

describe("workbench map", () => {
  it("maps the most referenced definition first, with its skeleton; files without a grammar by name", async () => {
    const root = project();
    const r = await mapJson(root, "--no-cache", "--tokens", "4096");
    expect(r.selected[0]).toEqual({ file: "util.py", line: 0, name: "helper", kind: "def" });
    expect(r.map).toContain("\nutil.py:\n│def helper(x):\n");
    expect(r.map).toContain("\nREADME.md\n");
    for (const key of ["files", "skipped", "parsed", "tags", "nodes", "edges", "iterations", "tokensExact", "tokensEstimated", "budget", "overBudget"]) {
      expect(r.summary, key).toHaveProperty(key);
    }
    expect(r.summary).toMatchObject({ files: 4, skipped: 0, parsed: 3, budget: 4096, overBudget: false });
    expect(r.summary.nodes).toBe(3);
  });

  it("a second run on an unchanged tree parses no file", async () => {
    const root = project();
    const cacheDir = temp("wb-map-cache-");
    const first = await mapJson(root, "--cache-dir", cacheDir);
    const second = await mapJson(root, "--cache-dir", cacheDir);
    expect(first.summary.parsed).toBe(3);
    expect(second.summary.parsed).toBe(0);
    expect(second.summary.fromCache).toBe(3);
    expect(second.map).toBe(first.map);
  });

  it("a chat file is hidden from the map and its references weigh more", async () => {
    const root = project();
    const r = await mapJson(root, "--no-cache", "--chat", "util.py", "--tokens", "4096");
    expect(r.map).not.toContain("util.py:");
    expect(r.selected.every((e) => Array.isArray(e) || e.file !== "util.py")).toBe(true);
  });

  it("strict never exceeds the budget and takes the longest prefix that fits; tolerance may exceed it by < 15 %", async () => {
    const root = project();
    for (const tokens of ["12", "20", "40"]) {
      const strict = await mapJson(root, "--no-cache", "--budget", "strict", "--tokens", tokens);
      expect(strict.summary.tokensExact as number).toBeLessThanOrEqual(Number(tokens));
      expect(strict.summary.overBudget).toBe(false);
      const tolerance = await mapJson(root, "--no-cache", "--tokens", tokens);
      expect(tolerance.summary.tokensEstimated as number).toBeLessThan(Number(tokens) * 1.15);
    }
    const wide = await mapJson(root, "--no-cache", "--budget", "strict", "--tokens", "100000");
    expect(wide.summary.selected).toBe(wide.ranking.length);
  });

  it("prints the map then a summary in text mode", async () => {
    const r = await cli("map", project(), "--no-cache");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/util\.py:\n│def helper\(x\):/);
    expect(r.out).toMatch(/── summary ──\n/);
    expect(r.out).toMatch(/parsed +3 this run, 0 from the cache \(cache off\)/);
    expect(r.out).toMatch(/tokens +\d+ exact, [\d.]+ by Aider's sampled estimate/);
  });

  it("an empty folder, or every file in the chat, gives no map (as Aider's get_repo_map) and exit 0", async () => {
    const empty = await mapJson(temp("wb-map-empty-"), "--no-cache");
    expect(empty).toMatchObject({ map: "", ranking: [], selected: [], summary: { files: 0, nodes: 0, edges: 0 } });
    const root = temp("wb-map-one-");
    writeTree(root, { "only.py": "def f():\n    pass\n" });
    const allChat = await mapJson(root, "--no-cache", "--chat", "only.py");
    expect(allChat.map).toBe("");
    const text = await cli("map", root, "--no-cache", "--chat", "only.py");
    expect(text.out).toMatch(/^\(no map: no file outside the chat to map\)\n/);
  });

  it("bad input is one line on stderr and exit 2, never a stack trace", async () => {
    const root = project();
    const cases: [string[], RegExp][] = [
      [[join(root, "nope")], /^map: .*nope: must be an existing folder\n$/],
      [[join(root, "app.py")], /^map: .*app\.py: must be a folder, not a file\n$/],
      [[root, "--tokens", "0"], /^map: --tokens must be an integer from 1 to 1000000 \(got "0"\)\n$/],
      [[root, "--budget", "loose"], /^map: --budget must be tolerance or strict/],
      [[root, "--encoding", "gpt2"], /^map: --encoding must be o200k_base or cl100k_base/],
      [[root, "--chat", "nosuch.py", "--no-cache"], /^map: --chat "nosuch\.py" is not a file of /],
      [[], /^map: give a folder to map/],
      [[root, "--frob"], /^map: Unknown option '--frob'/],
    ];
    for (const [args, message] of cases) {
      const r = await cli("map", ...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split("\n")).toHaveLength(1);
    }
  });
});
