/**
 * `npm run bench:class [-- --students N] [--jobs J] [--batch B] [--exercise NN]…`: how many submissions a minute `grade-class`
 * grades on this machine (issue 14, item 5; target ≥ 20 a minute on 2 cores). Writes N synthetic submissions
 * (test/grader/class/synthetic.ts: solved, untouched stubs, half-done, hostile; as folders, git repositories and
 * bundles, in turn) into a temporary folder, grades them with `gradeClass` (batches of students per grade
 * process, as the command does), then again (every one unchanged), and prints submissions per minute with the cost per
 * submission broken down:
 *   - start-up: the grade process's wall time outside `runGrading` (Node + tsx + the CLI's imports, the hash);
 *   - compile: building the submission's exercise files under their import policy (esbuild), timed here by
 *     building each again the same way (bundleSubmission) — inside the grade it is part of "judge";
 *   - judge: `runGrading`'s time outside the tests (vitest, the judge processes, starting sandboxes);
 *   - tests: the graded tests' own time (the sum of their durations: student code and the judge's checks).
 * Also the CPU of each run (user + sys of the bench and every process it waited for, /proc/self/stat), per
 * submission. Wall times on a shared machine move with its load; the load average is printed before and after.
 * `--batch B`: students per grade process (grade-class's --batch; 1: each alone, as before batches).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { GRADE_CLASS_DEFAULTS, gradeClass, type ClassEvent } from "../lib/grader/class/grade-class.js";
import { listExercises, selectExercises } from "../lib/grader/catalog.js";
import { GRADE_DEFAULTS } from "../lib/grader/run.js";
import { bundleSubmission } from "../lib/grader/sandbox/policy.js";
import { writeClass, type StudentKind, type SubmissionForm, type SyntheticStudent } from "../test/grader/class/synthetic.js";


/** One line naming the option and the rule, exit 2 (never a stack trace). */
function usage(message: string): never {
  console.error(message);
  process.exit(2);
}
let values: { students: string; jobs?: string; batch?: string; exercise?: string[] };
try {
  ({ values } = parseArgs({ options: { students: { type: "string", default: "8" }, jobs: { type: "string" }, batch: { type: "string" }, exercise: { type: "string", multiple: true } } }));
} catch (err) {
  usage(`bench-class: ${(err as Error).message.split("\n")[0]} (options: --students N, --jobs J, --batch B, --exercise NN)`);
}
const wholeOption = (name: string, raw: string | undefined, fallback: number): number => {
  const v = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(v) || v < 1) usage(`bench-class: --${name} must be a whole number ≥ 1 (got ${raw})`);
  return v;
};
const n = wholeOption("students", values.students, 8);
const batch = wholeOption("batch", values.batch, GRADE_CLASS_DEFAULTS.batch);
const jobs = wholeOption("jobs", values.jobs, availableParallelism());
const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
let exercises: ReturnType<typeof listExercises>;
try {
  exercises = selectExercises(listExercises(root), values.exercise ?? []);
} catch (err) {
  usage(`bench-class: --exercise: ${(err as Error).message}`);
}
const KINDS: StudentKind[] = ["solved", "stub", "half", "hostile"];
const FORMS: SubmissionForm[] = ["folder", "repository", "bundle"];
const students: SyntheticStudent[] = Array.from({ length: n }, (_, i) => ({ id: `s${String(i + 1).padStart(3, "0")}`, kind: KINDS[i % KINDS.length]!, form: FORMS[i % FORMS.length]! }));

const work = mkdtempSync(join(tmpdir(), "wb-bench-class-"));
const subs = join(work, "submissions");
const out = join(work, "out");
const sec = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const libValuesOf = (testFile: string): string[] => [...(/\{ lib: \[([^\]]*)\] \}\)/.exec(readFileSync(testFile, "utf8"))?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
try {
  rmSync(subs, { recursive: true, force: true });
  mkdirSync(subs, { recursive: true });
  writeClass(subs, students, exercises);
  console.log(`bench-class: ${n} submissions (${KINDS.join(", ")} in turn; ${FORMS.join(", ")}), ${exercises.length} exercises, --jobs ${jobs}, --batch ${batch}, ${availableParallelism()} cores`);
  const run = async (label: string): Promise<{ wallMs: number; events: Extract<ClassEvent, { type: "finished" }>[] }> => {
    const events: Extract<ClassEvent, { type: "finished" }>[] = [];
    const load0 = loadavg()[0]!;
    const t0 = performance.now();
    const cpu0 = cpuSeconds();
    const r = await gradeClass({
      root, submissionsDir: subs, outDir: out, jobs, batch, exercises: exercises.map((e) => e.id), seed: GRADE_DEFAULTS.seed, timeoutMs: GRADE_DEFAULTS.timeoutMs,
      studentLimitMs: 20 * 60_000,
      onEvent: (e) => {
        if (e.type === "finished") {
          events.push(e);
          console.error(`  [${e.done}/${e.toGrade}] ${e.row.id} ${e.row.report ? `${e.row.report.points}/${e.row.report.maxPoints}` : e.row.problem} (${sec(e.row.wallMs ?? 0)})`);
        }
      },
    });
    const wallMs = performance.now() - t0;
    const cpu = cpuSeconds() - cpu0;
    console.log(`${label}: ${sec(wallMs)} wall, ${r.counts.graded} graded, ${r.counts.unchanged} unchanged, ${r.counts.notGraded} not graded; ` +
      `${((n / wallMs) * 60_000).toFixed(1)} submissions/min; CPU ${cpu.toFixed(1)} s (${(cpu / n).toFixed(2)} s per submission); load ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`);
    return { wallMs, events };
  };
  const first = await run("first run");
  // cost per submission: each batch's grade process counted once (its students share its start-up and judge)
  let startup = 0, judge = 0, tests = 0;
  const batches = new Map<string, { wallMs: number; durationMs: number }>();
  for (const e of first.events) {
    const rep = e.row.report;
    if (!rep?.provenance) continue;
    tests += rep.exercises.reduce((s, x) => s + x.tests.reduce((t, y) => t + (y.ms ?? 0), 0), 0);
    batches.set(`${rep.provenance.startedAt}\u0000${e.row.wallMs}`, { wallMs: e.row.wallMs ?? 0, durationMs: rep.provenance.durationMs });
  }
  for (const b of batches.values()) {
    startup += b.wallMs - b.durationMs;
    judge += b.durationMs;
  }
  judge -= tests;
  let compile = 0;
  for (const s of students) {
    const dir = s.form === "folder" ? join(subs, s.id) : null;
    if (!dir) continue; // the clones are gone; folders stand for all (the same files)
    for (const e of exercises) for (const f of e.files) {
      const t0 = performance.now();
      try {
        await bundleSubmission(join(dir, e.id, f), { exerciseNumber: e.number, libValues: libValuesOf(e.testFile), root, submissionDir: dir });
      } catch {
        // a broken file costs what it costs
      }
      compile += performance.now() - t0;
    }
  }
  const folders = students.filter((s) => s.form === "folder").length;
  const graded = first.events.filter((e) => e.row.report).length || 1;
  const perCompile = folders ? compile / folders : 0;
  console.log(`per submission (mean of ${graded}, ${batches.size} grade processes; wall, each beside ${jobs - 1} other(s)):`);
  console.log(`  start-up ${sec(startup / graded)} · compile ${sec(perCompile)} (measured apart) · judge (vitest, judge processes, sandboxes; compile included) ${sec(judge / graded)} · tests ${sec(tests / graded)}`);
  await run("second run (nothing changed)");
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** CPU (user + sys, s) of this process and of every child it has waited for, with theirs (Linux: /proc/self/stat). */
function cpuSeconds(): number {
  const self = process.cpuUsage();
  let children = 0;
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /, "").split(" ");
    children = (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in clock ticks (USER_HZ = 100)
  } catch {
    // not Linux: the bench's own CPU only
  }
  return (self.user + self.system) / 1e6 + children;
}
