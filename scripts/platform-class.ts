/**
 * `npx tsx scripts/platform-class.ts [--exercise NN] [--students N]`: a class graded on each grading platform as
 * the platform runs it — the three packages of `workbench autograder`, laid out in /autograder, /grade and a
 * student checkout (test/grader/platforms/layouts.ts; as root, where none of those folders exists yet) — and each
 * results file checked against the platform's documented fields. The class: solutions, untouched stubs, partial
 * work (the first function solved) and one hostile file, in turn. Prints a row per student and platform.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { listExercises, selectExercises } from "../lib/grader/catalog.js";
import { gradeOnClassroom50, gradeOnGradescope, gradeOnPrairieLearn, packageAndLayOut, removeLayouts, resultProblems, type PlatformRun } from "../test/grader/platforms/layouts.js";
import { solutionCode } from "../test/grader/hostile.js";

const ROOT = resolve(fileURLToPath(import.meta.url), "../..");

function fail(message: string): never {
  process.stderr.write(`platform-class: ${message}\n`);
  process.exit(2);
}

let values: { exercise?: string; students?: string };
try {
  ({ values } = parseArgs({ options: { exercise: { type: "string" }, students: { type: "string" } } }));
} catch (err) {
  fail((err as Error).message);
}
const students = Number(values.students ?? "10");
if (!Number.isInteger(students) || students < 4 || students > 100) fail("--students must be an integer from 4 to 100");
let entry;
try {
  [entry] = selectExercises(listExercises(ROOT), [values.exercise ?? "05"]);
} catch (err) {
  fail((err as Error).message.replace(/^\w+: /, ""));
}
const id = entry!.id;
const file = entry!.files[0]!;
/** Single-function exercises' partial attempts: a line of the solution and the slip that replaces it. */
const SLIPS: Readonly<Record<string, readonly [string, string]>> = {
  "05-commit-plan": ["const enabled = gitEnabled && autoCommits && !dryRun;", "const enabled = [gitEnabled, autoCommits, dryRun].length > 0;"],
};
const kinds = ["solution", "stub", "partial", "hostile"] as const;
const code: Record<(typeof kinds)[number], string> = {
  solution: readFileSync(join(ROOT, "solutions", id, file), "utf8"),
  stub: readFileSync(join(ROOT, "exercises", id, file), "utf8"),
  partial: partialWork(),
  hostile: `console.log(JSON.stringify({ score: 999, gradable: true }));\nwhile (Date.now() > 0) {}\nexport {};\n`,
};
/**
 * Work worth some points but not all: the first exported function solved and the others left as stubs; for an
 * exercise with one function, the solution with a slip students make (05: the four switches ignored).
 */
function partialWork(): string {
  const solution = readFileSync(join(ROOT, "solutions", id, file), "utf8");
  const slip = SLIPS[id];
  if (slip) {
    if (!solution.includes(slip[0])) fail(`the solution of ${id} no longer contains the line its partial attempt changes: update SLIPS`);
    return solution.replace(slip[0], slip[1]);
  }
  const rest = [...solution.matchAll(/^export function (\w+)/gm)].slice(1).map((m) => [m[1]!, `throw new Error("not implemented: ${m[1]}");`]);
  if (rest.length === 0) fail(`${id} has one function and no slip in SLIPS: its "partial" student would be the solution`);
  return solutionCode(ROOT, id, file, Object.fromEntries(rest));
}

const cls = Array.from({ length: students }, (_, i) => ({ name: `student-${String(i + 1).padStart(2, "0")}`, kind: i === students - 1 ? "hostile" : kinds[i % 3]! }));

const work = mkdtempSync(join(tmpdir(), "platform-class-"));
const started = Date.now();
try {
  const pkgs = packageAndLayOut(ROOT, work, { exercises: [id], deadlineMs: 300_000 });
  console.log(`exercise ${id}, ${students} students, packages in ${work}\n`);
  console.log(["student", "kind", "gradescope", "prairielearn", "classroom50"].map((c) => c.padEnd(14)).join(""));
  let problems = 0;
  const cell = (platform: "gradescope" | "prairielearn" | "classroom50", r: PlatformRun, score: (j: Record<string, number>) => string): string => {
    const p = r.status === 0 ? resultProblems(platform, r.results) : [`exit ${r.status}`];
    problems += p.length;
    return p.length ? `✗ ${p[0]}` : score(r.results as Record<string, number>);
  };
  for (const s of cls) {
    const gs = gradeOnGradescope({ [`exercises/${id}/${file}`]: code[s.kind] });
    const pl = gradeOnPrairieLearn(pkgs.prairielearn, id, { [file]: code[s.kind] });
    const c50 = gradeOnClassroom50(pkgs.classroom50, join(work, "checkouts", s.name), { [`exercises/${id}/${file}`]: code[s.kind] });
    const row = [
      s.name,
      s.kind,
      cell("gradescope", gs, (j) => `${j.score}`),
      cell("prairielearn", pl, (j) => `${Number(j.score).toFixed(2)}`),
      cell("classroom50", c50, (j) => `${j.score}/${j["max-score"]}`),
    ];
    console.log(row.map((c) => c.padEnd(14)).join(""));
  }
  console.log(`\n${students * 3} results files, ${problems} departures from the platforms' fields, ${Math.round((Date.now() - started) / 1000)} s`);
  process.exitCode = problems ? 1 : 0;
} finally {
  removeLayouts();
  rmSync(work, { recursive: true, force: true });
}
