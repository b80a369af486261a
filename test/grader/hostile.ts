/**
 * Hostile submissions, written as a student attacking the grader would (issue 13): each is a folder laid out like
 * exercises/, and each exercise file in it is one attack. `honest` says which graded tests its honest parts should
 * pass — every other test must fail. test/grader/grade-hostile.test.ts grades them; scripts/hostile-submissions.ts
 * writes them (one folder per attack) outside the checkout for a person to grade by hand.
 *
 * The attacks know the grader's paths (the checkout, the report, a folder outside), as a determined student could.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface AttackContext {
  /** The checkout being graded with. */
  root: string;
  /** A folder outside the submission: nothing may appear in it. */
  outside: string;
  /** The --json report the grade writes. */
  report: string;
  /** A string unique to this run, put in the command line of every process an attack tries to start. */
  marker: string;
}

export interface Attack {
  /** Attack class, as the issue names it. */
  name: string;
  exercise: string;
  file: string;
  source: (c: AttackContext) => string;
  /** Graded test names its honest parts pass (empty: it solves nothing). */
  honest: readonly string[];
  /** What a failing test's message must say, for the attacks whose refusal is the point. */
  message?: RegExp;
}

/**
 * The reference solution's code for an exercise file, markers dropped: the "honest part" of some attacks. The
 * marked region of each function named in `replace` becomes the given body instead.
 */
export function solutionCode(root: string, exercise: string, file: string, replace: Record<string, string> = {}): string {
  const out: string[] = [];
  let fn = "";
  let skipping = false;
  for (const line of readFileSync(join(root, "solutions", exercise, file), "utf8").split("\n")) {
    fn = /^export function (\w+)/.exec(line)?.[1] ?? fn;
    if (line.trim() === "// BEGIN SOLUTION") {
      skipping = fn in replace && /^\s/.test(line);
      if (skipping) out.push(`  ${replace[fn]}`);
      continue;
    }
    if (line.trim() === "// END SOLUTION") {
      skipping = false;
      continue;
    }
    if (!skipping) out.push(line);
  }
  return out.join("\n");
}

/** Code that tries every way a sandboxed module might reach Node's modules at run time; all must fail. */
const REACH = `
const reach = (name: string): any => {
  const p: any = process;
  for (const get of [() => p.getBuiltinModule?.(name), () => p.binding?.(name), () => (globalThis as any).require?.(name)]) {
    try { const m = get(); if (m) return m; } catch {}
  }
  return null;
};`;

const notImplemented = (fns: string[], sig = "(..._args: unknown[]): never"): string =>
  fns.map((f) => `export function ${f}${sig} { throw new Error("not implemented: ${f}"); }`).join("\n");

export const ATTACKS: readonly Attack[] = [
  {
    name: "overriding JSON.stringify, Object.is and Math.abs",
    exercise: "01-pagerank",
    file: "pagerank.ts",
    honest: [],
    source: () => `
const always = () => true;
JSON.stringify = () => "[]";
Object.is = always;
Math.abs = () => 0;
Number.isNaN = always;
Array.prototype.every = always;
(globalThis as any).expect = () => new Proxy({}, { get: () => () => undefined });
export function handCalculationAB(_d: number) { return { A: NaN, B: NaN }; }
export function pageRankStep() { return new Map(); }
export function personalizedPageRank() { return { rank: new Map(), residualL1: NaN }; }
export function massLostWithoutRedistribution() { return NaN; }
`,
  },
  {
    name: "forged side-channel log records",
    exercise: "04-search-replace",
    file: "search-replace.ts",
    honest: [],
    source: (c) => `${REACH}
const fs = reach("fs");
const os = reach("os");
const forged = ["duplicate SEARCH: only the first match is replaced, and matchCount shows there were two"].map((test) => JSON.stringify({ type: "end", test, status: "passed", message: "", ms: 1 }) + "\\n").join("");
for (const dir of [${JSON.stringify(c.outside)}, os?.tmpdir?.() ?? "/tmp", "/tmp"]) {
  try { for (const d of fs.readdirSync(dir)) if (d.startsWith("workbench-grade-")) fs.appendFileSync(dir + "/" + d + "/04-search-replace.jsonl", forged); } catch {}
}
try { fs.writeFileSync(${JSON.stringify(join(c.outside, `forged-${c.marker}.jsonl`))}, forged); } catch {}
console.log(forged);
${notImplemented(["exactMatches", "missingIndent", "searchReplace"])}
`,
  },
  {
    name: "rewriting lib/grader in the checkout",
    exercise: "05-commit-plan",
    file: "commit-plan.ts",
    honest: [],
    source: (c) => `${REACH}
const fs = reach("fs");
for (const f of ["lib/grader/results.ts", "lib/grader/run.ts", "lib/grader/judge/grading.ts", "test/exercises/05-commit-plan.test.ts"]) {
  try { fs.appendFileSync(${JSON.stringify(c.root)} + "/" + f, "\\n// pwned ${c.marker}\\n"); } catch {}
}
${notImplemented(["commitPlan"])}
`,
  },
  {
    name: "rewriting the report from a detached child after the grader exits",
    exercise: "06-trace-the-path",
    file: "trace.ts",
    honest: [],
    source: (c) => `${REACH}
const cp = reach("child_process");
const fake = JSON.stringify({ target: "x", points: 90, maxPoints: 90, exercises: [] });
try {
  cp.spawn("sh", ["-c", "sleep 2; echo '" + fake + "' > ${c.report} # ${c.marker}"], { detached: true, stdio: "ignore" }).unref();
} catch {}
setInterval(() => { try { reach("fs").writeFileSync(${JSON.stringify(c.report)}, fake); } catch {} }, 50);
export const CASES = {};
${notImplemented(["handTrace", "chainStage"])}
`,
  },
  {
    name: "re-exporting the lib function that is the answer",
    exercise: "02-symbol-budget",
    file: "symbol-budget.ts",
    honest: [],
    message: /^exercise 02 may not use (spreadRankToSymbols|strictBudgetPrefix) from the lib: write it yourself \(it may use pystr and the lib's types\)$/,
    source: () => `
import { spreadRankToSymbols, strictBudgetPrefix as reference } from "@aider-workbench/lib";
export const spreadToSymbols = spreadRankToSymbols;
export const strictBudgetPrefix = reference;
`,
  },
  {
    name: "moving Date.now forward (and an endless loop)",
    exercise: "03-map-search",
    file: "map-search.ts",
    honest: ["your counterexample: Aider's map is over budget although a smaller prefix fits"],
    source: () => `
const realNow = Date.now;
Date.now = () => realNow() - 1e9;
performance.now = () => 0;
(process as any).hrtime = () => [0, 0];
export function mapSearch(_n: number, _m: number, _f: (k: number) => number): never {
  for (;;) Date.now = () => realNow() + 1e9;
}
export function overBudgetExample() {
  return { numTags: 100, maxMapTokens: 1024, tokensPerTag: 20 };
}
`,
  },
  {
    name: "children that outlive the grader, signals to the grader",
    exercise: "08-reflection-loop",
    file: "reflection-loop.ts",
    honest: [],
    source: (c) => `${REACH}
const cp = reach("child_process");
try { cp.spawn("sleep", ["600", "${c.marker}"], { detached: true, stdio: "ignore" }).unref(); } catch {}
try { new (reach("worker_threads").Worker)("setInterval(() => {}, 1000)", { eval: true }); } catch {}
for (const pid of [process.ppid, 1]) { try { (process as any).kill(pid, "SIGKILL"); } catch {} }
export const CALC = "";
export const BLOCKS = {};
export const SESSIONS = {};
export const SCRIPT_DEFAULTS = {};
${notImplemented(["handTrace", "predictLoop"])}
`,
  },
  {
    name: "writes outside the submission, sockets",
    exercise: "07-token-estimate",
    file: "token-estimate.ts",
    honest: [],
    source: (c) => `${REACH}
const fs = reach("fs");
for (const p of [${JSON.stringify(join(c.outside, `written-${c.marker}`))}, "/tmp/written-${c.marker}", (process.env.HOME ?? "/root") + "/written-${c.marker}"]) {
  try { fs.writeFileSync(p, "x"); } catch {}
}
try { reach("net").connect(80, "1.1.1.1"); } catch {}
try { void (globalThis as any).fetch("http://1.1.1.1/${c.marker}"); } catch {}
export function sampledTokenCount(text: string, count: (t: string) => number): number {
  try { fs.writeFileSync(${JSON.stringify(join(c.outside, `written-in-call-${c.marker}`))}, text); } catch {}
  throw new Error("not implemented: sampledTokenCount");
}
${notImplemented(["relativeError", "misleadingText"])}
`,
  },
];

/** Attacks graded in a second submission: honest code with hostile extras, and the other ways round the policy. */
export const MORE_ATTACKS: readonly Attack[] = [
  {
    name: "re-exporting solutions/",
    exercise: "06-trace-the-path",
    file: "trace.ts",
    honest: [],
    message: /^exercise 06 may not use the reference solutions \(solutions\/06-trace-the-path\/trace\.ts\): write it yourself$/,
    source: (c) => `export * from ${JSON.stringify(join(c.root, "solutions", "06-trace-the-path", "trace.js"))};\n`,
  },
  {
    name: "raw escape codes and fake JSON lines in the output (with honest, correct code)",
    exercise: "07-token-estimate",
    file: "token-estimate.ts",
    honest: ["*"],
    source: (c) =>
      solutionCode(c.root, "07-token-estimate", "token-estimate.ts") +
      `
const fake = JSON.stringify({ target: "solutions", points: 90, maxPoints: 90, exercises: [] });
console.log("\\x1b[2J\\x1b[H\\x1b[32m✓ all 90 points\\x1b[0m\\r\\u202eevil\\u0007");
process.stdout.write("\\n" + fake + "\\n");
process.stderr.write("}\\n" + fake + "\\n");
console.log("x".repeat(10000));
`,
  },
  {
    name: "a partly right exercise that also overrides Math.abs",
    exercise: "01-pagerank",
    file: "pagerank.ts",
    honest: [
      "hand calculation: A→B at damping 0.85 gives the seed's 0.5405 and 0.4595",
      "hand calculation: your closed form is the iteration's limit for every damping",
      "one step on A→B: B is dangling, so its mass goes back to the prior (on A)",
      "edge case: a graph with no edges (every node dangling) stays at the prior",
      "edge case: parallel edges and weights (out-weight is the sum over all edges leaving a file)",
    ],
    source: (c) =>
      solutionCode(c.root, "01-pagerank", "pagerank.ts", {
        personalizedPageRank: "return { rank: new Map(graph.prior), residualL1: 0 };",
        massLostWithoutRedistribution: "return 0;",
      }) +
      `\nMath.abs = () => 0;\nJSON.stringify = () => "{}";\n`,
  },
  {
    name: "a computed import, createRequire and eval",
    exercise: "02-symbol-budget",
    file: "symbol-budget.ts",
    honest: [],
    message: /^exercise 02 may not load a module by a computed name \(import\(…\) or require\(…\) of something other than a quoted path, line \d+ of the built module\): name it in an import$/,
    source: (c) => `
const where = [${JSON.stringify(join(c.root, "lib"))}, "index.ts"].join("/");
const lib: any = await import(where);
export const spreadToSymbols = (...a: unknown[]) => eval("lib.spreadRankToSymbols")(...a);
export const strictBudgetPrefix = (...a: unknown[]) => lib.strictBudgetPrefix(...a);
`,
  },
  {
    name: "importing a lib file by its path",
    exercise: "05-commit-plan",
    file: "commit-plan.ts",
    honest: [],
    message: /^exercise 05 may not import lib files directly \(lib\/.*\): use @aider-workbench\/lib \(it may use pystr and the lib's types\)$/,
    source: (c) => `export { teachingCommitPlan as commitPlan } from ${JSON.stringify(join(c.root, "lib", "index.js"))};\n`,
  },
  {
    name: "a Node module (node:fs) by a static import",
    exercise: "04-search-replace",
    file: "search-replace.ts",
    honest: [],
    message: /^exercise 04 may not import the module node:fs: only its own files and @aider-workbench\/lib \(it may use pystr, teachingLines and the lib's types\)$/,
    source: () => `import { writeFileSync } from "node:fs";\nwriteFileSync("/tmp/x", "x");\nexport const exactMatches = () => [];\n`,
  },
  {
    name: "memory without end, on and off the heap",
    exercise: "03-map-search",
    file: "map-search.ts",
    honest: [],
    source: () => `
const keep: unknown[] = [];
export function mapSearch(): never {
  for (;;) keep.push(new Array(1e6).fill(1.5));
}
export function overBudgetExample(): never {
  for (;;) keep.push(Buffer.alloc(256 * 1024 * 1024, 1));
}
`,
  },
];
