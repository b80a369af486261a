/**
 * Zero-work forgeries: submissions that solve nothing yet try to look right. Each is made from an exercise's
 * pristine stub, its functions answering one constant and its given data (CASES, SESSIONS, …) replaced by trivial
 * data, so every graded test must fail; `ISSUE_FORGERIES` are the three written by hand for the grading-integrity
 * attack run (one trivial case per name, answered trivially), which scored 7/12, 6/16 and 7/12 before the judge
 * kept its own copy of the given data. test/grader/grade-zero-work.test.ts grades them all and expects 0.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listExercises, pristineStub } from "../../lib/grader/catalog.js";
import { loadGivenData, type GivenData } from "../../lib/grader/judge/given.js";

/** What the forged functions return: TypeScript source of a constant. */
export interface ForgeryVariant {
  name: string;
  /** The constant every function returns; a function named `hand…` may get `handAnswer` instead. */
  constant: string;
  /** For each by-hand function: every case the judge gives answered with this constant (else `constant`). */
  handAnswer?: string;
  /** How the given data is replaced: emptied (`{}`, `[]`, `""`, 0, false) or kept in shape with every leaf trivial. */
  data: "empty" | "trivial-leaves" | "kept";
}

const NO_STEPS = '{ requests: 1, providerRetries: 0, reflections: 0, stop: "done", failures: [], written: [] }';

export const VARIANTS: readonly ForgeryVariant[] = [
  { name: "null", constant: "null", data: "empty" },
  { name: "zero", constant: "0", data: "trivial-leaves" },
  { name: "empty-string", constant: '""', data: "trivial-leaves" },
  { name: "false", constant: "false", data: "empty" },
  { name: "empty-array", constant: "[]", data: "trivial-leaves" },
  { name: "empty-object", constant: "{}", data: "empty" },
  { name: "empty-map", constant: "new Map()", data: "trivial-leaves" },
  // The given data left alone: the answers alone are trivial (one stage, no file, a loop that does nothing).
  { name: "same-answer", constant: '"none"', handAnswer: '"perfect"', data: "kept" },
  { name: "loop-that-does-nothing", constant: NO_STEPS, handAnswer: NO_STEPS, data: "kept" },
];

/** `value` with every leaf made trivial (strings empty, numbers 0, booleans false), its shape kept. */
export function trivialLeaves(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(trivialLeaves);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trivialLeaves(v)]));
  return typeof value === "string" ? "" : typeof value === "number" ? 0 : typeof value === "boolean" ? false : null;
}

function emptied(value: unknown): unknown {
  return Array.isArray(value) ? [] : typeof value === "object" && value !== null ? {} : trivialLeaves(value);
}

/** The cases a by-hand function answers: the keys of the exercise's first given object of cases. */
function caseNames(given: Record<string, unknown>): string[] {
  const cases = given.CASES ?? given.SESSIONS;
  return typeof cases === "object" && cases !== null ? Object.keys(cases) : [];
}

/**
 * The forged file: `stub` with each `throw new Error("not implemented: f")` replaced by a constant answer, and each
 * given export renamed away (its uses inside the file follow) and exported again as trivial data.
 */
export function forgeFile(stub: string, given: Record<string, unknown>, v: ForgeryVariant): string {
  let source = stub.replace(/throw new Error\("not implemented: (\w+)"\);/g, (_m, fn: string) => {
    if (fn.startsWith("hand") && v.handAnswer !== undefined && caseNames(given).length > 0) {
      return `return Object.fromEntries(${JSON.stringify(caseNames(given))}.map((k) => [k, ${v.handAnswer}])) as never;`;
    }
    return `return (${v.constant}) as never;`;
  });
  if (v.data === "kept") return source;
  for (const name of Object.keys(given)) {
    source = source.replace(new RegExp(`\\b${name}\\b`, "g"), `given_${name}`).replace(`export const given_${name}`, `const given_${name}`);
    const forged = v.data === "empty" ? emptied(given[name]) : trivialLeaves(given[name]);
    source += `\nexport const ${name} = ${JSON.stringify(forged)};\n`;
  }
  return source;
}

/** Writes one submission per variant under `base` (`base/<variant>/NN-name/<file>`); returns them as batch students. */
export function writeForgeries(root: string, base: string): { id: string; targetDir: string }[] {
  const given: GivenData = loadGivenData(root);
  return VARIANTS.map((v) => {
    const dir = join(base, v.name);
    for (const e of listExercises(root)) {
      mkdirSync(join(dir, e.id), { recursive: true });
      for (const f of e.files) writeFileSync(join(dir, e.id, f), forgeFile(pristineStub(root, e, f), given[e.id] ?? {}, v));
    }
    return { id: v.name, targetDir: dir };
  });
}

/**
 * The attack run's forgeries of 06, 08 and 09: every case kept by name but made trivial, the answers made to fit
 * (06: a stage for an edit that matches exactly; 08: sessions with no reply; 09: a hunk that changes nothing).
 */
export const ISSUE_FORGERIES: Readonly<Record<string, { file: string; source: string }>> = {
  "06-trace-the-path": {
    file: "trace.ts",
    source: `
const NAMES = ["duplicate", "missingIndent", "extraIndent", "exactBeatsEarlierIndent", "tabVsSpaces", "leadingBlankThreeLines", "leadingBlankTwoLines", "dots", "dotsUnpaired", "dotsPieceTwice", "trailingSpace", "deleteEverything", "emptySearch"];
export const CASES = Object.fromEntries(NAMES.map((n) => [n, ["a\\n", "a\\n", "b\\n"]]));
export function handTrace() { return Object.fromEntries(NAMES.map((n) => [n, "perfect"])); }
export function chainStage() { return "perfect"; }
`,
  },
  "08-reflection-loop": {
    file: "reflection-loop.ts",
    source: `
const NAMES = ["flakyProvider", "authStops", "contextOverflow", "partialResend", "cutOffReply", "threeIsTheLimit", "lintDeclinedTestsOn"];
export const CALC = "";
export const BLOCKS = {};
export const SCRIPT_DEFAULTS = { maxReflections: 3, autoLint: true, autoTest: false, fixLintErrors: true, fixTestErrors: true, maxRetries: 8 };
export const SESSIONS = Object.fromEntries(NAMES.map((n) => [n, { description: "", files: { "calc.py": "" }, chat: ["calc.py"], message: "hi", replies: ["Nothing to change."], lint: [] }]));
export function handTrace() { return Object.fromEntries(NAMES.map((n) => [n, ${NO_STEPS}])); }
export function predictLoop() { return ${NO_STEPS}; }
`,
  },
  "09-predict-hunk": {
    file: "predict-hunk.ts",
    source: `
const NAMES = ["exact", "everyOccurrence", "tinyRepeated", "wrongContext", "missingMinus", "lostIndent", "dotsDropped", "nothingMatches", "crlfReply"];
export const FILE = "";
export const REPEATED = "";
export const CASES = Object.fromEntries(NAMES.map((n) => [n, { content: "a\\n", hunk: [" a\\n"] }]));
export function handPredictions() { return Object.fromEntries(NAMES.map((n) => [n, "a\\n"])); }
export function beforeAfter() { return ["a\\n", "a\\n"]; }
export function refusesTinyContext() { return false; }
export function noMatchMessage(path: string) {
  return "UnifiedDiffNoMatch: hunk failed to apply!\\n\\n" + path + " does not contain lines that match the diff you provided!\\nTry again.\\nDO NOT skip blank lines, comments, docstrings, etc!\\nThe diff needs to apply cleanly to the lines in " + path + "!\\n\\n" + path + " does not contain these 1 exact lines in a row:\\n\`\`\`\\na\\n\`\`\`\\n";
}
`,
  },
};

/** Writes the attack run's three forgeries as one submission in `dir`. */
export function writeIssueForgeries(dir: string): { id: string; targetDir: string } {
  for (const [id, f] of Object.entries(ISSUE_FORGERIES)) {
    mkdirSync(join(dir, id), { recursive: true });
    writeFileSync(join(dir, id, f.file), f.source);
  }
  return { id: "issue-forgeries", targetDir: dir };
}
