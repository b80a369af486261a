/**
 * The data an exercise gives the student (exercise 06's `CASES`, 08's `SESSIONS` and `BLOCKS`, …): the judge keeps
 * its own copy in `given-data.json`, written from the reference solutions by `npm run -s exercises:stubs`. Graded
 * tests compare against and feed in only that copy; the student's exports of the same names are read for one thing,
 * to check they were left as given, so a submission that rewrites its cases cannot make a trivial answer right.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { WorkbenchInputError } from "../../core/errors.js";
import { requireString } from "../../core/validate.js";
import { firstDifference } from "./compare.js";

/** Where the judge's copy lives, relative to the checkout. */
export const GIVEN_DATA_PATH = "lib/grader/judge/given-data.json";

/** Exercise id → export name → the value the exercise gives (JSON data: no functions, no `undefined`). */
export type GivenData = Record<string, Record<string, unknown>>;

const ID = /^\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NAME = /^[A-Za-z_$][\w$]*$/;

/** The value exports of a module (its functions left out), checked to survive JSON unchanged. */
export function givenValuesOf(module: Record<string, unknown>): Record<string, unknown> {
  if (typeof module !== "object" || module === null) throw new WorkbenchInputError("givenValuesOf", "module", "must be a module namespace object", module);
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(module).sort()) {
    const value = module[name];
    if (typeof value === "function") continue;
    const copy: unknown = JSON.parse(JSON.stringify(value ?? null));
    if (!isDeepStrictEqual(copy, value)) throw new WorkbenchInputError("givenValuesOf", "module", `export ${name} must be plain JSON data (strings, numbers, booleans, null, arrays, objects)`);
    out[name] = copy;
  }
  return out;
}

/** The file's text for `data` (exercises and names sorted, so regenerating an unchanged copy changes nothing). */
export function formatGivenData(data: GivenData): string {
  const sorted = Object.fromEntries(Object.keys(data).sort().map((id) => [id, data[id]]));
  return JSON.stringify(sorted, null, 2) + "\n";
}

/** Parses the judge's copy; a malformed file is a `WorkbenchInputError` naming what is wrong. */
export function parseGivenData(text: string): GivenData {
  requireString("parseGivenData", "text", text);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new WorkbenchInputError("parseGivenData", "text", `must be JSON (${(err as Error).message.split("\n")[0]})`);
  }
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(data)) throw new WorkbenchInputError("parseGivenData", "text", "must be a JSON object of exercises");
  for (const [id, values] of Object.entries(data)) {
    if (!ID.test(id)) throw new WorkbenchInputError("parseGivenData", "text", `has a key ${JSON.stringify(id)} that is no exercise id ("01-pagerank")`);
    if (!isObject(values)) throw new WorkbenchInputError("parseGivenData", "text", `${id} must be an object of exports`);
    const bad = Object.keys(values).find((n) => !NAME.test(n));
    if (bad !== undefined) throw new WorkbenchInputError("parseGivenData", "text", `${id} has ${JSON.stringify(bad)}, which is no export name`);
  }
  return data as GivenData;
}

/** The judge's copy in the checkout at `root` (none at all: every exercise gives nothing). */
export function loadGivenData(root: string): GivenData {
  requireString("loadGivenData", "root", root);
  const path = join(root, GIVEN_DATA_PATH);
  return existsSync(path) ? parseGivenData(readFileSync(path, "utf8")) : {};
}

const show = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
};

/**
 * Why the student's value exports differ from what exercise `exercise` ("06") gives, in one sentence, or null when
 * each given export is there and equal. Only the given names are looked at; the student's other exports are theirs.
 */
export function givenDataProblem(exercise: string, given: Readonly<Record<string, unknown>>, student: Readonly<Record<string, unknown>>): string | null {
  requireString("givenDataProblem", "exercise", exercise);
  for (const name of Object.keys(given)) {
    if (name in student && isDeepStrictEqual(student[name], given[name])) continue;
    const d = firstDifference(student[name], given[name]);
    const where = d === null || d.path === "(value)" ? "the top" : d.path.replace(/^\./, "");
    const what = !(name in student) ? "is missing" : `was changed (at ${where}: given ${show(d?.expected ?? given[name])}, found ${show(d?.actual ?? student[name])})`;
    return (
      `${name} ${what}: the exercise gives ${name} and the graded tests use their own copy of it, so put it back as ` +
      `it was (\`npm run -s workbench -- reset ${exercise}\` restores the stub after backing up your file)`
    );
  }
  return null;
}
