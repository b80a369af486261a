/**
 * Issue 18: the CLI under hostile input. The committed corpus (test/fixtures/hostile/, made by
 * scripts/hostile-corpus.ts) is exactly what the script generates and every case of it ends in exit 0 or 2 with
 * at most 3 stderr lines and no stack trace; names that are `Object.prototype` keys give finite ranks; paths
 * resolve against INIT_CWD; control characters are escaped; and a fast-check fuzz drives each command's parser
 * with generated arguments and JSON.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../lib/cli.js";
import { terminalIO } from "../../lib/cli/command.js";
import { escapeControls } from "../../lib/core/terminal-text.js";
import { teachingRepoMap } from "../../lib/index.js";
import { corpusFiles, HOSTILE_ARGS, HOSTILE_NAMES } from "../../scripts/hostile-corpus.js";
import { writeTree } from "../support/temp-dirs.js";

const corpusDir = join(import.meta.dirname, "..", "fixtures", "hostile");
const scratch = mkdtempSync(join(tmpdir(), "wb-hostile-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
writeTree(join(scratch, "tiny"), { "a.py": "def alpha():\n    return beta()\n", "b.py": "def beta():\n    pass\n" });

async function cli(argv: string[], cwd = scratch): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const saved = process.env.INIT_CWD;
  process.env.INIT_CWD = cwd;
  try {
    const code = await runCli(argv, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false });
    return { code, out, err };
  } finally {
    if (saved === undefined) delete process.env.INIT_CWD;
    else process.env.INIT_CWD = saved;
  }
}

/** The promise every hostile input keeps: exit 0 or 2; on 2 at most 3 stderr lines; never a stack trace. */
function expectContained(r: { code: number; err: string }, what: string): void {
  expect([0, 2], `${what}: exit ${r.code}, stderr ${r.err}`).toContain(r.code);
  expect(r.err, what).not.toMatch(/\n\s+at .+:\d+:\d+|internal error/);
  if (r.code === 2) expect(r.err.trimEnd().split("\n").length, `${what}: ${r.err}`).toBeLessThanOrEqual(3);
}

describe("the hostile-input corpus", () => {
  it("is exactly what scripts/hostile-corpus.ts generates", () => {
    const want = corpusFiles();
    expect(readdirSync(corpusDir).sort()).toEqual(Object.keys(want).sort());
    for (const [name, text] of Object.entries(want)) expect(readFileSync(join(corpusDir, name), "utf8"), name).toBe(text);
  });

  it("every command line of it: exit 0 or 2, at most 3 stderr lines, no stack trace; nothing created", async () => {
    const rootBefore = readdirSync("/").sort();
    for (const argv of HOSTILE_ARGS) {
      const args = argv.map((a) => (a === "bad.ipynb" ? join(corpusDir, "bad.ipynb") : a === "." ? join(scratch, "tiny") : a));
      const r = await cli(args.includes("map") && !args.includes("--cache-dir") ? [...args, "--no-cache"] : args);
      expectContained(r, argv.join(" "));
    }
    expect(readdirSync("/").sort()).toEqual(rootBefore); // no temporary file left at the filesystem root
  }, 240_000);

  it("the JSON inputs: over-large iterations refused in one line; ../outside.txt refused alike in memory and git mode", async () => {
    for (const name of readdirSync(corpusDir).filter((n) => n.endsWith(".json") && (n.startsWith("teach-") || n.startsWith("loop-")))) {
      const r = await cli([name.startsWith("teach-") ? "teach" : "loop", ...(name.startsWith("teach-") ? ["repo-map"] : []), join(corpusDir, name)]);
      expectContained(r, name);
      if (name.includes("iterations")) expect(r.code, name).toBe(2);
      if (name.startsWith("loop-")) {
        expect(r.code, name).toBe(2);
        expect(r.err, name).toMatch(/WorkbenchInputError|is refused: '\.\.' would (leave the repository|escape the sandbox)/);
      }
    }
    const memory = await cli(["loop", join(corpusDir, "loop-outside-memory.json")]);
    const git = await cli(["loop", join(corpusDir, "loop-outside-git.json")]);
    expect(memory.err.replace(/loop-outside-\w+/, "X")).toBe(git.err.replace(/loop-outside-\w+/, "X"));
  }, 120_000);
});

describe("names that are Object.prototype keys", () => {
  it("teach repo-map: constructor, toString, __proto__ get finite ranks that sum to 1", async () => {
    const r = await cli(["teach", "repo-map", join(corpusDir, "teach-proto-names.json")]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { fileRank: Record<string, number> };
    const ranks = Object.entries(out.fileRank);
    expect(ranks.map(([k]) => k).sort()).toEqual(["__proto__", "constructor", "hasOwnProperty", "toString"]);
    for (const [, v] of ranks) expect(Number.isFinite(v)).toBe(true);
    expect(ranks.reduce((s, [, v]) => s + v, 0)).toBeCloseTo(1, 9);
  });

  it("property: any file names drawn from prototype keys and ordinary names give finite teaching ranks", () => {
    const name = fc.constantFrom(...HOSTILE_NAMES.slice(0, 7), "a", "b", "c");
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 6 }), fc.nat(), (files, k) => {
        const first = files[k % files.length]!;
        const edges = files.slice(1).map((f, i) => [files[i]!, f, files[(i + k) % files.length]!, 1] as [string, string, string, number]);
        const symbolCosts = Object.fromEntries(files.map((f) => [f, Object.fromEntries(files.map((s) => [s, 1]))]));
        const r = teachingRepoMap({ files, edges, personalization: Object.fromEntries([[first, 1]]), symbolCosts, budget: 3 });
        const ranks = [...Object.values(r.fileRank)];
        return ranks.length === files.length && ranks.every(Number.isFinite) && Math.abs(ranks.reduce((a, b) => a + b, 0) - 1) < 1e-9;
      }),
    );
  });

  it("map: files named constructor.py and toString.py are mapped with finite ranks (JSON out)", async () => {
    const root = join(scratch, "proto");
    writeTree(root, { "constructor.py": "def toString():\n    return valueOf()\n", "toString.py": "def valueOf():\n    return 1\n", "__proto__.py": "x = toString()\n" });
    const r = await cli(["map", root, "--no-cache", "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { ranking: unknown[]; map: string };
    expect(out.map).toMatch(/toString\.py/);
    expect(out.ranking.length).toBeGreaterThan(0);
  });
});

describe("paths and printing", () => {
  it("map . resolves against INIT_CWD (the folder the user stands in under npm run)", async () => {
    const r = await cli(["map", ".", "--no-cache"], join(scratch, "tiny"));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`folder\\s+${join(scratch, "tiny").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `));
  });

  it("hint --state: a folder, or a file in a missing folder, is one line and exit 2; no folder is created", async () => {
    for (const state of ["/", join(scratch, "missing", "deeper", "p.json")]) {
      const r = await cli(["hint", "01", "--state", state]);
      expect(r.code).toBe(2);
      expect(r.err.trim().split("\n")).toHaveLength(1);
    }
    expect(readdirSync(scratch)).not.toContain("missing");
  });

  it("control characters are escaped on the terminal; newline and TAB kept; JSON stays JSON", () => {
    expect(escapeControls("a\u001b[31mred\u0007\rb\u009b2J\u202e\tc\n")).toBe("a\\x1b[31mred\\x07\\x0db\\u009b2J\\u202e\tc\n");
    let written = "";
    const io = terminalIO({ write: (t: string) => (written += t) }, { write: () => true, isTTY: false });
    io.stdout(JSON.stringify({ name: "csi\u009bx\u007f" }));
    expect(JSON.parse(written)).toEqual({ name: "csi\u009bx\u007f" });
    expect(written).not.toMatch(/[\u007f-\u009f]/);
  });

  it("map prints a file name holding escapes escaped (through the terminal IO)", async () => {
    const root = join(scratch, "esc");
    writeTree(root, { "esc\u001b[2Jname.py": "def shown():\n    pass\n" });
    let out = "";
    const io = terminalIO({ write: (t: string) => (out += t) }, { write: () => true, isTTY: false });
    expect(await runCli(["map", root, "--no-cache"], io)).toBe(0);
    expect(out).toContain("esc\\x1b[2Jname.py");
    expect(out).not.toContain("\u001b");
  });
});

describe("fuzz: each command's parser with generated arguments and JSON", () => {
  let inputs = 0;
  afterAll(() => {
    // the count the issue asks for in the note (docs/hostile-inputs.md quotes it)
    writeFileSync(join(scratch, "fuzz-count.txt"), String(inputs));
    console.log(`hostile-inputs fuzz: ${inputs} generated command lines`);
  });

  const hostile = fc.constantFrom(...HOSTILE_NAMES, "", "-", "--", "1e20", "-1", "0", "NaN", "2147483648", "999999999:99999", "/", "..", "../outside.txt");
  const word = fc.oneof(hostile, fc.string({ maxLength: 12 }), fc.integer().map(String), fc.double().map(String));
  const json = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.record({ files: fc.array(hostile), edges: fc.array(fc.array(word, { maxLength: 4 })), budget: fc.oneof(fc.integer(), word) }));
  const flags: Record<string, string[]> = {
    map: ["--tokens", "--chat", "--mention", "--budget", "--encoding", "--json", "--cache-dir", "--no-cache", "--bogus"],
    teach: ["--example", "--bogus"],
    explore: ["--seed", "--runs", "--path", "--json", "--bogus"],
    loop: ["--json", "--brief", "--prompts", "--bogus"],
    conformance: ["--json", "--bogus"],
    hint: ["--shown", "--state", "--root", "--bogus"],
  };
  const command = fc.constantFrom(...Object.keys(flags));

  it("exit 0 or 2, at most 3 stderr lines on 2, never a stack trace", async () => {
    await fc.assert(
      fc.asyncProperty(command, fc.array(fc.tuple(fc.boolean(), word), { maxLength: 4 }), json, fc.nat(), async (name, parts, body, k) => {
        inputs++;
        const file = join(scratch, `in-${inputs}.json`);
        writeFileSync(file, JSON.stringify(body) ?? "null");
        const opts = flags[name]!;
        const args = parts.flatMap(([isFlag, w], i) => (isFlag ? [opts[(k + i) % opts.length]!, w] : [w]));
        const positional = name === "map" ? [join(scratch, "tiny")] : name === "teach" ? ["repo-map", file] : name === "loop" || name === "conformance" ? [file] : name === "hint" ? ["01"] : [];
        const extra = name === "map" ? ["--no-cache"] : name === "hint" ? ["--state", join(scratch, "progress.json")] : name === "explore" ? ["--runs", "3"] : [];
        const r = await cli([name, ...positional, ...args, ...extra]);
        expectContained(r, [name, ...positional, ...args, ...extra].join(" "));
      }),
      { numRuns: 80 },
    );
  }, 300_000);
});

describe("JSON input files resolve against INIT_CWD", () => {
  it("teach repo-map <relative file> reads it from the user's folder, not the checkout", async () => {
    const dir = join(scratch, "user-folder");
    writeTree(dir, { "mine.json": JSON.stringify({ files: ["A", "B"], edges: [["A", "B", "s", 1]], personalization: { A: 1 }, symbolCosts: { B: { s: 1 } }, budget: 5 }) });
    const here = await cli(["teach", "repo-map", "mine.json"], dir);
    expect(here.code).toBe(0);
    expect(JSON.parse(here.out)).toHaveProperty("fileRank");
    const elsewhere = await cli(["teach", "repo-map", "mine.json"], scratch);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.err).toMatch(/cannot read mine\.json \(ENOENT\)/);
  });
});

describe("the production ranking with names that are Object.prototype keys", () => {
  it("property: files and identifiers named __proto__, constructor, toString… get finite ranks, direct = prepared", async () => {
    const { getRankedTags } = await import("../../lib/repomap/ranking/ranking.js");
    const { prepareRankedTags, rankPreparedTags } = await import("../../lib/repomap/ranking/fast/prepared-tags.js");
    const { tagsFromTriples } = await import("../../lib/repomap/ranking/tag.js");
    const proto = fc.constantFrom(...HOSTILE_NAMES.slice(0, 7));
    const name = fc.oneof(proto, fc.constantFrom("a", "b"));
    const triple = fc.tuple(fc.constantFrom("def", "ref"), name, fc.nat(20));
    fc.assert(
      fc.property(fc.dictionary(proto, fc.array(triple, { maxLength: 5 }), { minKeys: 1, maxKeys: 5 }), fc.array(name, { maxLength: 3 }), (files, mentioned) => {
        const fileNames = Object.keys(files);
        const tags = tagsFromTriples(files);
        const input = { chatFiles: fileNames.slice(0, 1), otherFiles: fileNames.slice(1), tags, mentionedIdents: new Set(mentioned), mentionedFnames: new Set(fileNames.slice(-1)) };
        const direct = getRankedTags(input);
        for (const v of direct.ranks.values()) if (!Number.isFinite(v)) return false;
        const { tags: _tags, ...request } = input;
        const prepared = prepareRankedTags({ files: [...new Set([...input.chatFiles, ...input.otherFiles])], tags });
        expect(rankPreparedTags(prepared, request).ranked).toEqual(direct.ranked);
        return true;
      }),
    );
  });
});
