/**
 * The hostile-input corpus of issue 18 (test/fixtures/hostile/): file names, command-line arguments, JSON
 * inputs, scan cache entries and git settings an attacker would try, written by this script — never copied from
 * anywhere. `npx tsx scripts/hostile-corpus.ts` rewrites the folder; test/cli/hostile-corpus.test.ts checks the
 * committed files are exactly what the script makes and runs every case. The pathological nesting files are too
 * big to commit (240 KB, 450 KB): `nestedCalls(n)` makes them where they are needed.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** A Python file whose last line is `n` nested calls `f(f(…f(1)…))` (issue 18: 80k took 61 s of tags query). */
export function nestedCalls(n: number): string {
  return `def f(x):\n    return x\n\ny = ${"f(".repeat(n)}1${")".repeat(n)}\n`;
}

/** File names that are keys of `Object.prototype`, or hold control characters, TABs, newlines, escapes. */
export const HOSTILE_NAMES: readonly string[] = Object.freeze([
  "constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "isPrototypeOf", "__defineGetter__",
  "tab\tname.py", "new\nline.py", "esc\u001b[31mred.py", "bell\u0007.py", "csi\u009b2J.py", "cr\rover.py",
  "bidi\u202egnp.py", "-rf.py", " leading space.py", "\u00e9t\u00e9.py",
]);

/** Command lines that must each give exit 0 or 2 and at most 3 stderr lines, never a stack trace. */
export const HOSTILE_ARGS: readonly (readonly string[])[] = Object.freeze([
  ["map", "--tokens", "1e20", "."], ["map", "--tokens", "0", "."], ["map", "--tokens", "-5", "."], ["map", "--tokens", "1.5", "."],
  ["map", "--tokens", "NaN", "."], ["map", "--tokens", "Infinity", "."], ["map", "--tokens", "0x10", "."], ["map", "--tokens", "", "."],
  ["map", "--cache-dir", "", "."], ["map", "--budget", "__proto__", "."], ["map", "--encoding", "constructor", "."], ["map"],
  ["map", "/nonexistent/folder"], ["map", ".", "--chat", "../outside.txt"],
  ["explore", "pagerank/a-posteriori-bound", "--seed", "99999999999"], ["explore", "pagerank/a-posteriori-bound", "--seed", "2147483648"],
  ["explore", "pagerank/a-posteriori-bound", "--seed", "1", "--path", "999999999:99999"], ["explore", "pagerank/a-posteriori-bound", "--seed", "1", "--path", "x"],
  ["explore", "pagerank/a-posteriori-bound", "--runs", "1e9"], ["explore", "pagerank/a-posteriori-bound", "--runs", "99999999999"], ["explore", "constructor"],
  ["teach", "constructor"], ["teach", "__proto__", "--example"], ["teach", "repo-map", "/nonexistent.json"],
  ["hint", "01", "--state", "/"], ["hint", "01", "--state", "/nonexistent-dir/sub/progress.json"], ["hint", "constructor"],
  ["notebooks", "bad.ipynb"], ["notebooks", "--check", "/nonexistent.ipynb"], ["loop", "/nonexistent.json"],
  ["git-scenario", "/nonexistent.json"], ["conformance", "constructor"], ["toString"], ["__proto__"], ["--tokens"],
]);

/** `teach repo-map` inputs: names from `HOSTILE_NAMES` must give finite ranks; huge iterations are refused. */
export function teachInputs(): Record<string, unknown> {
  const files = ["constructor", "toString", "__proto__", "hasOwnProperty"];
  const protoNames = {
    files,
    edges: [["constructor", "toString", "valueOf", 1], ["__proto__", "constructor", "toString", 2], ["hasOwnProperty", "__proto__", "constructor", 1]],
    // computed keys: a literal `__proto__:` would set the prototype instead of making a key
    personalization: { constructor: 1, ["__proto__"]: 2 },
    symbolCosts: { toString: { valueOf: 1 }, constructor: { toString: 2 }, ["__proto__"]: { constructor: 3 } },
    budget: 10,
  };
  return {
    "teach-proto-names.json": protoNames,
    "teach-iterations-1e9.json": { ...protoNames, iterations: 1e9 },
    "teach-iterations-float.json": { ...protoNames, iterations: 1.5 },
  };
}

/** Loop sessions: a path out of the repository, in memory and git mode (both refused alike). */
export function loopInputs(): Record<string, unknown> {
  const reply = ["../outside.txt", "```", "<<<<<<< SEARCH", "=======", "pwned", ">>>>>>> REPLACE", "```"];
  const base = { files: { "a.py": ["x = 1"] }, chat: ["a.py"], message: "edit", answers: { createNewFile: true }, replies: [reply] };
  return {
    "loop-outside-memory.json": base,
    "loop-outside-git.json": { ...base, git: true },
    "loop-outside-file-memory.json": { ...base, files: { "../outside.txt": ["x"] }, replies: ["no edits"] },
    "loop-outside-file-git.json": { ...base, files: { "../outside.txt": ["x"] }, replies: ["no edits"], git: true },
  };
}

/** Scan cache entries of the wrong shape (each must be dropped with one warning). */
export const BAD_CACHE_ENTRIES: Readonly<Record<string, unknown>> = Object.freeze({
  "tags-null": { mtimeMs: 1, size: 1, lang: "python", tags: [null] },
  "tag-kind": { mtimeMs: 1, size: 1, lang: "python", tags: [["call", "f", 1]] },
  "size-string": { mtimeMs: 1, size: "1", lang: "python", tags: [] },
  "skip-unknown": { mtimeMs: 1, size: 1, lang: "python", tags: [], skipped: "because" },
  "spans-number": { mtimeMs: 1, size: 1, lang: "python", tags: [], spans: 7 },
  "entry-null": null,
  "entry-array": [1, 2, 3],
});

/** Repository settings that make git run a command (the git tests set each in a hostile `.git/config`). */
export const HOSTILE_GIT_KNOBS: readonly string[] = Object.freeze([
  "core.fsmonitor", "core.hooksPath", "diff.external", "diff.<driver>.textconv", "filter.<driver>.clean", "filter.<driver>.smudge", "core.pager", "pager.<cmd>",
]);

/** Every file of the corpus folder: path → content. */
export function corpusFiles(): Record<string, string> {
  const json = (v: unknown) => JSON.stringify(v, null, 2) + "\n";
  const out: Record<string, string> = {
    "README.md": [
      "# Hostile inputs (issue 18)",
      "",
      "Generated by `scripts/hostile-corpus.ts` (do not edit by hand: run `npx tsx scripts/hostile-corpus.ts`).",
      "Written for this project, copied from nowhere. `test/cli/hostile-corpus.test.ts` checks these files are what",
      "the script makes and runs every case. The 80k and 150k nested-call files are made at test time (`nestedCalls`).",
      "",
    ].join("\n"),
    "names.json": json(HOSTILE_NAMES),
    "args.json": json(HOSTILE_ARGS),
    "cache-entries.json": json(BAD_CACHE_ENTRIES),
    "git-knobs.json": json(HOSTILE_GIT_KNOBS),
    "bad.ipynb": "{ \"cells\": [ { \"cell_type\": \"code\", \"source\": 7 } ], \"nbformat\": \"four\" }\n",
    "not-json.ipynb": "{\"cells\": [\u001b[2J\n",
    "nested-small.py": nestedCalls(2000),
  };
  for (const [name, v] of Object.entries({ ...teachInputs(), ...loopInputs() })) out[name] = json(v);
  return out;
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), "..", "test", "fixtures", "hostile");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(corpusFiles())) writeFileSync(join(dir, name), text);
  process.stdout.write(`wrote ${readdirSync(dir).length} files to test/fixtures/hostile/\n`);
}
