/**
 * CONTRIBUTING.md, "Rules": an exported function or constructor takes at most three parameters; the rest go in an
 * options (or input) object with a frozen `DEFAULTS`. Read from lib's sources with TypeScript's parser
 * (test/support/exported-arity.ts). The exceptions are listed here, each with its reason; a new function over the
 * limit fails, and so does an exception that no longer needs its place (so the list only shrinks).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportedArities, overArity } from "../support/exported-arity.js";

const ROOT = join(__dirname, "..", "..");
const LIMIT = 3;

const VALIDATOR = "a validator: (where, param, value, rule…) are the fields of the WorkbenchInputError it throws, the shape CONTRIBUTING.md prescribes";
const KERNEL = "a typed-array kernel on the ranking's hot path (called per node or recursively): an options object per call costs, and only its stage calls it";
const PORT = "a port of Aider's Python function with `self` made explicit: its arguments map one to one onto the Python call and the golden vectors' fields";

/** `file#name` → why it may keep more than three parameters. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  "lib/core/errors.ts#new WorkbenchInputError": VALIDATOR,
  "lib/core/validate.ts#requireInteger": VALIDATOR,
  "lib/core/validate.ts#rejectUnknownKeys": VALIDATOR,
  "lib/cli/command.ts#boundedInteger": VALIDATOR,
  "lib/cli/exercise-options.ts#integerOption": VALIDATOR,
  "lib/conformance/read.ts#requireTuple": VALIDATOR,
  "lib/repomap/pagerank/coo.ts#scipyCooRows": KERNEL,
  "lib/repomap/pagerank/csr-sort.ts#introsortPairs": KERNEL,
  "lib/repomap/pagerank/matrix.ts#fillTransitionMatrix": KERNEL,
  "lib/editformats/patch/context.ts#findContext": PORT,
  "lib/editformats/patch/parse.ts#parsePatchText": PORT,
  "lib/editformats/udiff/apply.ts#udiffDoReplace": PORT,
  "lib/editformats/udiff/hunk.ts#applyPartialHunk": PORT,
  "lib/editformats/wholefile/live-diff.ts#wholeFileLiveView": PORT,
  "lib/editformats/wholefile/live-diff.ts#renderIncrementalResponse": PORT,
  "lib/notebooks/static/browser/fs-shim.ts#readSync": "stands in for node:fs readSync in the browser runtime: lib calls it with Node's own (fd, buffer, offset, length, position)",
  "lib/show/svg.ts#text": "the SVG text primitive (x, y, body, size, attrs), called some 70 times across lib/show: positional as SVG's own attributes are",
};

describe("exported functions and constructors take at most three parameters", () => {
  const all = overArity(ROOT, "lib", 0); // every exported callable with at least one parameter
  const over = all.filter((f) => f.parameters > LIMIT).map((f) => `${f.file}#${f.name}`);

  it("every one over the limit is a listed exception", () => {
    expect(over.filter((k) => !(k in EXCEPTIONS))).toEqual([]);
  });

  it("every exception is still over the limit (a converted one leaves the list)", () => {
    expect(Object.keys(EXCEPTIONS).filter((k) => !over.includes(k))).toEqual([]);
  });

  it("the public API's functions named by issue 19 take options now", () => {
    const publicOnes = ["runLoop", "runArchitect", "aiderRepoMap", "new SkeletonCache", "teachingPageRankStep", "replaceClosestEditDistance", "requestWithRetry", "getCloseMatches", "graphLayout", "replayCounterexample"];
    const named = all.filter((f) => publicOnes.includes(f.name));
    expect(new Set(named.map((f) => f.name))).toEqual(new Set(publicOnes));
    expect(named.filter((f) => f.parameters > LIMIT)).toEqual([]);
  });
});

describe("the parameter counter can fail", () => {
  it("counts exported functions, arrow constants and public constructors; skips private ones and unexported code", () => {
    const found = exportedArities(
      "x.ts",
      [
        "export function four(a: number, b: number, c: number, d = 1) {}",
        "export const arrow = (a: number, b: number, c: number, d: number, e: number) => a;",
        "export class Box { constructor(a: string, b: string, c: string, d: string) {} method(a: 1, b: 2, c: 3, d: 4) {} }",
        "export class Hidden { private constructor(a: 1, b: 2, c: 3, d: 4) {} }",
        "function local(a: 1, b: 2, c: 3, d: 4) {}",
        "export function rest(a: 1, ...more: number[]) {}",
      ].join("\n"),
    );
    expect(found.map((f) => [f.name, f.parameters])).toEqual([
      ["four", 4],
      ["arrow", 5],
      ["new Box", 4],
      ["rest", 2],
    ]);
  });
});
