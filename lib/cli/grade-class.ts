/**
 * `workbench grade-class SUBMISSIONS --out DIR [--jobs N] [--exercise NN…]`: grades a whole
 * class (lib/grader/class/), shows a progress bar while it runs (on a terminal one redrawn line, otherwise one line
 * per finished student) and a table at the end. Exit 0 when every student has a report, 1 when some could not be
 * graded (their rows say why), 2 for a usage mistake.
 */
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { COLLECTION_FILE, parseCollection } from "../grader/class/collection.js";
import { LMS_PROFILES, type LmsProfile } from "../grader/class/overrides.js";
import { CLASS_FILES, GRADE_CLASS_DEFAULTS, gradeClass, type ClassEvent, type GradeClassOptions } from "../grader/class/grade-class.js";
import { rowProblem, type ClassRow } from "../grader/class/gradebook.js";
import { stopAllStudentGrades } from "../grader/class/grade-student.js";
import { analyseSimilarity, SIMILARITY_DEFAULTS } from "../grader/class/similarity.js";
import { similarityHtml, similarityMarkdown } from "../grader/class/similarity-report.js";
import { sourcesFromStudents } from "../grader/class/sources.js";
import type { SummarySection } from "../grader/class/summary-render.js";
import { GRADE_DEFAULTS } from "../grader/run.js";
import { detectContainment } from "../grader/sandbox/containment.js";
import { loadCatalog } from "../grader/session.js";
import { thresholdOption } from "./similarity.js";
import { outputFolder, parseCommandArgs, UsageError, type CliIO, type Command } from "./command.js";
import { exercisePaths, integerOption, userCwd } from "./exercise-options.js";
import { progressLine } from "./progress.js";

const USAGE = `Usage: workbench grade-class SUBMISSIONS --out DIR [--jobs N] [--batch N] [--exercise NN]… [--seed N] [--timeout MS]

Grades every student of a class. SUBMISSIONS holds one entry per student, named by the student's id:
a folder (laid out like exercises/, or a workbench checkout with an exercises/ folder), a git repository
(its HEAD commit is graded), or a git bundle (ID.bundle). Students are graded by the grader of
\`workbench grade\`, several to a process, each student's code in sandboxes of its own; a broken or hostile
submission costs only its own row.
Writes DIR/gradebook.csv, DIR/summary.html, DIR/summary.md, DIR/ID/report.json + report.xml (for the
instructor) and DIR/ID/feedback.md + feedback.html (for the student).
A student whose submission, grader, seed and exercises are unchanged since the last run into DIR is not
graded again (DIR/grade-class-cache.json).
  --out DIR          where the results go (created if missing; not inside SUBMISSIONS)
  --jobs N           grade processes at once (default: the machine's cores, here ${availableParallelism()})
  --batch N          students per grade process (default ${GRADE_CLASS_DEFAULTS.batch}; 1: each alone): start-up is paid once
                     per batch; each student keeps its own sandboxes, time limit and report
  --exercise NN      grade only this exercise (01, 1, 01-pagerank or pagerank); repeat for more (default: all)
  --seed N           fast-check seed (default ${GRADE_DEFAULTS.seed})
  --timeout MS       per-test limit on the time spent in a submission's code (default ${GRADE_DEFAULTS.timeoutMs})
  --student-limit S  seconds one student's whole grade may take before it is stopped (default ${GRADE_CLASS_DEFAULTS.studentLimitMs / 1000};
                     in a batch: the time its tests run, and only that student is stopped)
  --allow-unconfined grade even where bubblewrap does not work (then a submission can open network sockets:
                     Node's permission model does not cover them); without it grade-class refuses to start there
  --publish-hidden   show hidden tests' names and messages in each student's feedback (default: "hidden test failed")
  --similarity-threshold X  list pairs scoring at least X in [0, 1] in the similarity report (default ${SIMILARITY_DEFAULTS.threshold})
  --export PROFILE   also write DIR/export-PROFILE.csv for canvas, moodle or gradescope (repeat for more)
  --assignment NAME  the assignment column those exports fill
DIR/overrides.csv (student — the gradebook's id, or the roster's after collect —, target = exercise or
exercise/test, points, reason) is yours: read on every run, applied to the gradebook and exports before any late
penalty (the "overridden" column names each change), never written. To excuse lateness, give the student
extension_hours in the roster and collect again.
  --root DIR         the workbench checkout (default: the one containing the current folder)
A stored report is reused only with its HMAC-SHA256, keyed by .workbench/grade-class.key of the checkout
(created 0600 on first use; DIR must not contain it).
Exit status: 0 when every student has a report, 1 when some could not be graded, 2 on a usage error.`;

/**
 * The sections appended to summary.html / summary.md: the similarity report over every
 * checked-out submission, graded now or unchanged — a lead for the instructor, never a penalty.
 */
function similaritySections(root: string, threshold: number): NonNullable<GradeClassOptions["extraSections"]> {
  return (submissions): readonly SummarySection[] => {
    const sources = sourcesFromStudents(root, submissions.map((s) => ({ id: s.id, dir: s.targetDir })));
    const analysis = analyseSimilarity(sources, { threshold });
    return [{ title: "Similar submissions", html: similarityHtml(analysis.pairs, { analysis, threshold }), markdown: similarityMarkdown(analysis.pairs, { analysis, threshold }) }];
  };
}

export const gradeClassCommand: Command = {
  name: "grade-class",
  summary: "grade a whole class in parallel: gradebook.csv, per-student reports, a class summary",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("grade-class", args, {
      out: { type: "string" },
      jobs: { type: "string" },
      exercise: { type: "string", multiple: true },
      seed: { type: "string" },
      timeout: { type: "string" },
      "student-limit": { type: "string" },
      batch: { type: "string" },
      root: { type: "string" },
      "allow-unconfined": { type: "boolean" },
      "publish-hidden": { type: "boolean" },
      export: { type: "string", multiple: true },
      assignment: { type: "string" },
      "similarity-threshold": { type: "string" },
    });
    if (positionals.length !== 1) throw new UsageError(`grade-class: give exactly one SUBMISSIONS folder (got ${positionals.length}; see: workbench grade-class --help)`);
    const { root } = exercisePaths("grade-class", { root: values.root });
    const submissionsDir = resolve(userCwd(), positionals[0]!);
    if (!statSync(submissionsDir, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`grade-class: SUBMISSIONS ${positionals[0]} is not a folder`);
    if (values.out === undefined) throw new UsageError("grade-class: --out DIR is required (where the gradebook and reports go)");
    const outDir = checkOutDir(values.out, submissionsDir);
    const threshold = thresholdOption(values["similarity-threshold"], "grade-class: --similarity-threshold");
    let catalog: ReturnType<typeof loadCatalog>;
    try {
      catalog = loadCatalog(root, values.exercise ?? []);
    } catch (err) {
      if (err instanceof WorkbenchInputError) throw new UsageError(`grade-class: --exercise ${err.message.replace(/^\w+: exercise /, "")}`);
      throw err;
    }
    const numbers = {
      jobs: integerOption("grade-class", "jobs", values.jobs, availableParallelism(), 1),
      batch: integerOption("grade-class", "batch", values.batch, GRADE_CLASS_DEFAULTS.batch, 1),
      seed: integerOption("grade-class", "seed", values.seed, GRADE_DEFAULTS.seed, 0),
      timeoutMs: integerOption("grade-class", "timeout", values.timeout, GRADE_DEFAULTS.timeoutMs, 100),
      studentLimitMs: integerOption("grade-class", "student-limit", values["student-limit"], GRADE_CLASS_DEFAULTS.studentLimitMs / 1000, 10) * 1000,
    };
    const containment = detectContainment();
    if (!containment.networkBlocked) {
      if (values["allow-unconfined"] !== true) throw new UsageError("grade-class: refusing to grade submissions without bubblewrap here: their code could open network sockets; install bubblewrap (scripts/system-deps.sh) or pass --allow-unconfined");
      io.stderr(`grade-class: --allow-unconfined: ${containment.warning ?? "network is NOT blocked"}\n`);
    }
    const progress = classProgress(io);
    // Ctrl-C / SIGTERM: stop every student's grade (each runs in its own process group), then exit; the cache
    // already holds every student finished, so the next run resumes from there.
    const interrupted = (signal: NodeJS.Signals): void => {
      stopAllStudentGrades();
      progress.stop();
      io.stderr(`\ngrade-class: stopped (${signal}); the students graded so far are kept, run again to go on\n`);
      process.exit(130);
    };
    process.once("SIGINT", interrupted);
    process.once("SIGTERM", interrupted);
    const result = await gradeClass({
      root,
      submissionsDir,
      outDir,
      ...numbers,
      exercises: catalog.map((e) => e.id),
      onEvent: progress.event,
      extraSections: similaritySections(root, threshold),
      ...collectionOf(submissionsDir),
      ...exportsOf(values.export ?? [], values.assignment),
      feedback: { publishHidden: values["publish-hidden"] === true, hints: new Map(catalog.map((e) => [e.id, e.hints])) },
    }).finally(() => {
      progress.stop();
      process.off("SIGINT", interrupted);
      process.off("SIGTERM", interrupted);
    });
    io.stdout(finalTable(result.rows));
    const { graded, unchanged, notGraded } = result.counts;
    io.stdout(`\n${unchanged} unchanged, ${graded} graded${notGraded ? `, ${notGraded} could not be graded` : ""}.\n`);
    io.stdout(`Wrote ${[CLASS_FILES.gradebook, CLASS_FILES.html, CLASS_FILES.markdown].map((f) => resolve(outDir, f)).join(", ")} and a report.json + report.xml per student.\n`);
    return notGraded > 0 ? 1 : 0;
  },
};

/** --export canvas|moodle|gradescope (repeatable) with --assignment NAME: the LMS import files. */
function exportsOf(profiles: readonly string[], assignment: string | undefined): Pick<GradeClassOptions, "exports"> {
  if (profiles.length === 0) return {};
  for (const p of profiles) if (!(LMS_PROFILES as readonly string[]).includes(p)) throw new UsageError(`grade-class: --export must be one of ${LMS_PROFILES.join(", ")} (got ${JSON.stringify(p)})`);
  if (!assignment?.trim()) throw new UsageError("grade-class: --export needs --assignment NAME (the LMS column to fill)");
  return { exports: { profiles: profiles as LmsProfile[], assignment } };
}

/** SUBMISSIONS/collection.csv when `collect` wrote one: the gradebook then shows raw and final points. */
function collectionOf(submissionsDir: string): { collection?: ReturnType<typeof parseCollection> } {
  const path = join(submissionsDir, COLLECTION_FILE);
  if (!statSync(path, { throwIfNoEntry: false })?.isFile()) return {};
  try {
    return { collection: parseCollection(readFileSync(path, "utf8")) };
  } catch (err) {
    throw new UsageError(`grade-class: ${COLLECTION_FILE} in SUBMISSIONS cannot be read: ${(err as Error).message}`);
  }
}

/** --out as an absolute path: not SUBMISSIONS or inside it, not a file, in a folder that exists. */
function checkOutDir(value: string, submissionsDir: string): string {
  const out = outputFolder("grade-class", "--out", value); // not a link, device, FIFO, socket or file
  const real = (p: string): string => (existsSync(p) ? realpathSync(p) : resolve(real(dirname(p)), p.split(sep).pop()!));
  const subs = realpathSync(submissionsDir);
  const outReal = existsSync(dirname(out)) ? real(out) : null;
  if (outReal === null) throw new UsageError(`grade-class: --out ${value}: the folder ${dirname(out)} does not exist`);
  if (outReal === subs || outReal.startsWith(subs + sep)) throw new UsageError(`grade-class: --out ${value} must not be inside SUBMISSIONS (it would be taken for a student)`);
  if (existsSync(out) && !statSync(out).isDirectory()) throw new UsageError(`grade-class: --out ${value} is a file; give a folder`);
  return out;
}

/** The progress display: a redrawn bar on a terminal, a line per finished student otherwise. */
function classProgress(io: CliIO): { event: (e: ClassEvent) => void; stop: () => void } {
  const started = Date.now();
  let plan: Extract<ClassEvent, { type: "planned" }> | null = null;
  let done = 0;
  let failed = 0;
  let last = "";
  let drawn = false;
  const draw = (): void => {
    if (!io.isTTY || !plan || plan.toGrade === 0) return;
    const secs = Math.round((Date.now() - started) / 1000);
    const extra = `${plan.unchanged} unchanged${failed ? `, ${failed} not graded` : ""}, ${secs} s${last ? ` · last: ${last}` : ""}`;
    (io.control ?? io.stderr)("\r\x1b[2K");
    io.stderr(`${progressLine("grading", { done, total: plan.toGrade }, 24)} · ${extra}`.slice(0, 150));
    drawn = true;
  };
  const timer = io.isTTY ? setInterval(draw, 1000) : null;
  timer?.unref();
  return {
    event(e) {
      if (e.type === "note") {
        if (drawn) (io.control ?? io.stderr)("\r\x1b[2K");
        io.stderr(`grade-class: ${e.line}\n`);
      } else if (e.type === "planned") {
        plan = e;
        io.stderr(`grade-class: ${e.total} submissions: ${e.unchanged} unchanged, ${e.toGrade} to grade${e.notGradable ? `, ${e.notGradable} cannot be graded` : ""}${e.ignored.length ? ` (ignored: ${e.ignored.join(", ")})` : ""}\n`);
      } else {
        done = e.done;
        if (!e.row.report) failed++;
        last = `${e.row.id} ${e.row.report ? `${e.row.report.points}/${e.row.report.maxPoints}` : "not graded"}`;
        if (io.isTTY) draw();
        else io.stderr(`grade-class: [${e.done}/${e.toGrade}] ${last}${e.row.wallMs !== undefined ? ` (${(e.row.wallMs / 1000).toFixed(1)} s)` : ""}\n`);
      }
    },
    stop() {
      if (timer) clearInterval(timer);
      if (drawn) (io.control ?? io.stderr)("\r\x1b[2K");
    },
  };
}

/** The table printed at the end: one line per student. */
export function finalTable(rows: readonly ClassRow[]): string {
  const head = ["student", "points", "status", "time", "problem"];
  const body = rows.map((r) => {
    const problem = rowProblem(r);
    return [
      r.id,
      r.report ? `${r.report.points}/${r.report.maxPoints}` : "–",
      r.status,
      r.wallMs !== undefined ? `${(r.wallMs / 1000).toFixed(1)} s` : "",
      problem.length > 70 ? `${problem.slice(0, 69)}…` : problem,
    ];
  });
  const all = [head, ...body];
  const widths = head.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
  const line = (r: string[]): string => r.map((cell, c) => (c === 1 || c === 3 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join("   ").trimEnd();
  return [line(head), widths.map((w) => "─".repeat(w)).join("───"), ...body.map(line)].join("\n") + "\n";
}
