/**
 * `workbench grade-class` without the terminal: finds the submissions (submissions.ts), checks
 * each out (checkout.ts), skips the ones whose cache key is unchanged (cache.ts), grades the rest in parallel, up
 * to `jobs` grade processes at a time, each grading a batch of up to `batch` students (grade-student.ts, batch.ts:
 * the existing sandboxed grader, each student with its own sandboxes, logs, time limit and report), and writes `<out>/<id>/report.json` + `report.xml` per student (atomically), `gradebook.csv`, `summary.html` and
 * `summary.md`. Nothing a submission does stops the class: every failure becomes that student's row. The cache is
 * saved after every student, so an interrupted run resumes where it stopped.
 */
import { closeSync, constants, existsSync, fstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { GradingError } from "../../core/errors.js";
import { writeOutputFile } from "../../core/safe-write.js";
import { toJunitXml } from "../junit.js";
import { graderVersion, submissionHash } from "../provenance.js";
import type { GradeReport } from "../results.js";
import { CACHE_FILE, classSecret, gradeKey, graderFingerprint, loadCache, macMatches, reportMac, saveCache, SECRET_FILE, STORED_REPORT_MAX_BYTES, type CacheEntry } from "./cache.js";
import { checkOutSubmission } from "./checkout.js";
import { gradebookCsv, type ClassRow } from "./gradebook.js";
import { planBatches } from "./batch.js";
import { gradeBatch, gradeStudent, parseReport, type StudentGradeOutcome } from "./grade-student.js";
import { finalPoints, type CollectedFolder } from "./collect.js";
import { applyOverrides, lmsExportCsv, lmsStudent, matchColumns, OVERRIDES_FILE, overridesByFolder, parseOverrides, unmatchableStudents, type LmsProfile } from "./overrides.js";
import { feedbackHtml, feedbackMarkdown, type FeedbackOptions } from "./feedback.js";
import { classSummary } from "./summary.js";
import { summaryHtml, summaryMarkdown, type SummarySection } from "./summary-render.js";
import { discoverSubmissions, type SubmissionEntry } from "./submissions.js";

/**
 * HIDDEN TESTS: class grading runs the instructor's hidden tests too (`grade --hidden`:
 * test/exercises/hidden/, never in a student release). This is the one place grade-class passes it; the cache key
 * records whether it was passed.
 */
export const HIDDEN_TESTS_ARGS: readonly string[] = Object.freeze(["--hidden"]);

export const CLASS_FILES = Object.freeze({
  gradebook: "gradebook.csv",
  html: "summary.html",
  markdown: "summary.md",
  report: "report.json",
  junit: "report.xml",
  feedbackMarkdown: "feedback.md",
  feedbackHtml: "feedback.html",
});
const RESERVED = new Set<string>([CLASS_FILES.gradebook, CLASS_FILES.html, CLASS_FILES.markdown, CACHE_FILE]);

export interface GradeClassOptions {
  root: string;
  submissionsDir: string;
  outDir: string;
  /** Grades at once. */
  jobs: number;
  /** Exercise ids to grade (in catalog order). */
  exercises: readonly string[];
  seed: number;
  timeoutMs: number;
  /** Whole-grade limit per student (ms); in a batch, the time its tests may run (run.ts). */
  studentLimitMs: number;
  /** Students graded in one grade process (batch.ts; default `GRADE_CLASS_DEFAULTS.batch`); 1: each alone. */
  batch?: number;
  onEvent?: (event: ClassEvent) => void;
  /** `collect`'s record of the submissions (collection.csv, by folder): the gradebook adds the real id, lateness and final points. */
  collection?: ReadonlyMap<string, CollectedFolder>;
  /** LMS import files to write (`export-<profile>.csv`) for the assignment named. */
  exports?: { profiles: readonly LmsProfile[]; assignment: string };
  /** What each student's feedback.md / feedback.html may show (feedback.ts): hints, and whether hidden tests are published. */
  feedback?: Partial<FeedbackOptions>;
  /**
   * Sections appended to the summary (the similarity report), made from every submission that could be checked
   * out (graded now or unchanged): its id and the folder graded, which exists only until gradeClass returns.
   */
  extraSections?: (submissions: readonly CheckedOutSubmission[]) => readonly SummarySection[] | Promise<readonly SummarySection[]>;
}

export interface CheckedOutSubmission {
  id: string;
  /** The folder laid out like exercises/ (temporary for a repository or bundle). */
  targetDir: string;
}

export const GRADE_CLASS_DEFAULTS = Object.freeze({ studentLimitMs: 20 * 60_000, batch: 8 });

export type ClassEvent =
  | { type: "planned"; total: number; unchanged: number; toGrade: number; notGradable: number; ignored: string[] }
  | { type: "finished"; row: ClassRow; done: number; toGrade: number }
  | { type: "note"; line: string };

export interface GradeClassResult {
  rows: ClassRow[];
  counts: { graded: number; unchanged: number; notGraded: number };
}

interface Planned {
  entry: SubmissionEntry;
  row?: ClassRow;
  targetDir?: string;
  commit?: string;
  key?: string;
  hash?: string;
}

/** Grades the class as described in the header. */
export async function gradeClass(o: GradeClassOptions): Promise<GradeClassResult> {
  const note = (line: string): void => o.onEvent?.({ type: "note", line });
  const { submissions, ignored } = discoverSubmissions(o.submissionsDir);
  mkdirSync(o.outDir, { recursive: true });
  const secret = classSecret(o.root);
  const secretFromOut = relative(realpathSync(o.outDir), realpathSync(join(o.root, SECRET_FILE)));
  if (!secretFromOut.startsWith(`..${sep}`)) throw new GradingError(`--out must not contain the grader's MAC secret (${SECRET_FILE} of the checkout): choose an output folder outside ${join(o.root, ".workbench")}`);
  const work = mkdtempSync(join(tmpdir(), "workbench-class-"));
  try {
    const cache = loadCache(o.outDir, note);
    const grader = graderVersion(o.root);
    const fingerprint = graderFingerprint(o.root);
    const plans: Planned[] = await pool(submissions, Math.max(2, o.jobs * 2), async (entry): Promise<Planned> => {
      const notGraded = (problem: string): Planned => ({ entry, row: { id: entry.id, status: "not graded", problem } });
      if (RESERVED.has(entry.id)) return notGraded(`the name is reserved for the class's own files in the output folder`);
      try {
        const out = await checkOutSubmission(entry, join(work, "checkouts"));
        const hash = submissionHash(out.targetDir);
        const key = gradeKey({ submissionHash: hash, grader, graderFingerprint: fingerprint, seed: o.seed, timeoutMs: o.timeoutMs, exercises: o.exercises, hidden: HIDDEN_TESTS_ARGS.length > 0 });
        const plan: Planned = { entry, targetDir: out.targetDir, key, hash, ...(out.commit ? { commit: out.commit } : {}) };
        const cached = cache.entries[entry.id];
        if (cached?.key === key) {
          const stored = readStoredReport(join(o.outDir, entry.id), (files) => macMatches(secret, { id: entry.id, key, files }, cached.mac));
          if (stored) plan.row = { id: entry.id, status: "unchanged", report: stored };
          else note(`${entry.id}: the stored report is missing, or not as this grader wrote it (edited?); graded again`);
        }
        return plan;
      } catch (err) {
        return notGraded((err as Error).message);
      }
    });
    const toGrade = plans.filter((p) => !p.row);
    const unchanged = plans.filter((p) => p.row?.status === "unchanged").length;
    o.onEvent?.({ type: "planned", total: plans.length, unchanged, toGrade: toGrade.length, notGradable: plans.length - unchanged - toGrade.length, ignored });
    for (const p of plans) {
      if (p.row?.status !== "not graded") continue;
      delete cache.entries[p.entry.id]; // its old report no longer describes what is there
      for (const f of [CLASS_FILES.report, CLASS_FILES.junit]) rmSync(join(o.outDir, p.entry.id, f), { force: true });
    }
    let done = 0;
    // `jobs` grades share the cores: more judge processes per grade would only add their start-up (1.5 s CPU each).
    const judges = Math.max(1, Math.floor(availableParallelism() / o.jobs));
    const alone = (p: Planned): Promise<StudentGradeOutcome> =>
      gradeStudent({
        root: o.root,
        student: p.entry.id,
        targetDir: p.targetDir!,
        exercises: o.exercises,
        seed: o.seed,
        timeoutMs: o.timeoutMs,
        extraArgs: HIDDEN_TESTS_ARGS,
        statePath: join(work, `progress-${p.entry.id}.json`),
        limitMs: o.studentLimitMs,
        judges,
      });
    const finish = (p: Planned, outcome: StudentGradeOutcome): void => {
      const id = p.entry.id;
      if (outcome.report) {
        const report = describe(outcome.report, p);
        const files = writeStudentReports(join(o.outDir, id), report);
        const mac = reportMac(secret, { id, key: p.key!, files });
        const entry: CacheEntry = { key: p.key!, submissionHash: p.hash!, ...(p.commit ? { submissionCommit: p.commit } : {}), mac };
        cache.entries[id] = entry;
        p.row = { id, status: "graded", report, wallMs: outcome.wallMs };
      } else {
        delete cache.entries[id];
        for (const f of [CLASS_FILES.report, CLASS_FILES.junit]) rmSync(join(o.outDir, id, f), { force: true });
        p.row = { id, status: "not graded", problem: outcome.problem ?? "not graded", wallMs: outcome.wallMs };
      }
      saveCache(o.outDir, cache);
      o.onEvent?.({ type: "finished", row: p.row, done: ++done, toGrade: toGrade.length });
    };
    await pool(planBatches(toGrade, o.batch ?? GRADE_CLASS_DEFAULTS.batch, o.jobs), o.jobs, async (batch) => {
      if (batch.length === 1) return finish(batch[0]!, await alone(batch[0]!));
      const outcomes = await gradeBatch({
        root: o.root,
        students: batch.map((p) => ({ id: p.entry.id, targetDir: p.targetDir! })),
        exercises: o.exercises,
        seed: o.seed,
        timeoutMs: o.timeoutMs,
        hidden: HIDDEN_TESTS_ARGS.includes("--hidden"),
        limitMs: o.studentLimitMs,
        judges,
      });
      for (const p of batch) {
        const outcome = outcomes.get(p.entry.id);
        if (outcome) finish(p, outcome);
      }
      // A batch that failed as a whole (its process died or ran past every limit): each of those alone, so a student's
      // grade going wrong in any way still takes only their own row.
      for (const p of batch) if (!outcomes.has(p.entry.id)) finish(p, await alone(p));
    });
    for (const id of Object.keys(cache.entries)) if (!submissions.some((s) => s.id === id)) delete cache.entries[id];
    saveCache(o.outDir, cache);
    const rows = [...plans.map((p) => p.row!), ...uncollectedRows(o.collection, new Set(submissions.map((s) => s.id)))];
    const checkedOut = plans.filter((p) => p.targetDir !== undefined).map((p) => ({ id: p.entry.id, targetDir: p.targetDir! }));
    writeClassFiles(o, rows, o.extraSections ? await o.extraSections(checkedOut) : []);
    return {
      rows,
      counts: {
        graded: rows.filter((r) => r.status === "graded").length,
        unchanged: rows.filter((r) => r.status === "unchanged").length,
        notGraded: rows.filter((r) => r.status === "not graded").length,
      },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A "not graded" row for each student `collect` listed but could not collect (no folder in SUBMISSIONS), saying why. */
function uncollectedRows(collection: ReadonlyMap<string, CollectedFolder> | undefined, folders: ReadonlySet<string>): ClassRow[] {
  const rows: ClassRow[] = [];
  for (const [folder, c] of collection ?? []) {
    if (folders.has(folder)) continue;
    rows.push({ id: folder, status: "not graded", problem: c.notCollected ? `not collected: ${c.problem ?? "no reason recorded"}` : "collection.csv lists this student, but SUBMISSIONS has no folder for them" });
  }
  return rows;
}

/** The report with what only grade-class knows: the submission's name in SUBMISSIONS, and its commit. */
function describe(report: GradeReport, p: Planned): GradeReport {
  const name = p.entry.path.split("/").pop()!;
  const out: GradeReport = { ...report, target: name };
  if (report.provenance) out.provenance = { ...report.provenance, ...(p.commit ? { submissionCommit: p.commit } : {}) };
  return out;
}

/** Writes report.json and report.xml; returns their bytes as written, in that order (what the MAC covers). */
function writeStudentReports(dir: string, report: GradeReport): Buffer[] {
  mkdirSync(dir, { recursive: true });
  const files = [Buffer.from(JSON.stringify(report, null, 2) + "\n"), Buffer.from(toJunitXml(report))];
  atomicWrite(join(dir, CLASS_FILES.report), files[0]!);
  atomicWrite(join(dir, CLASS_FILES.junit), files[1]!);
  return files;
}

function writeClassFiles(o: GradeClassOptions, graded: readonly ClassRow[], extraSections: readonly SummarySection[]): void {
  // overrides.csv is the instructor's: read on every run, never written; the gradebook names each cell it changed
  const overridesPath = join(o.outDir, OVERRIDES_FILE);
  const folderOf = new Map([...(o.collection ?? [])].map(([folder, c]) => [c.student, folder]));
  const overrides = existsSync(overridesPath) ? overridesByFolder(parseOverrides(readFileSync(overridesPath, "utf8")), new Set(graded.map((r) => r.id)), folderOf) : null;
  const applied = overrides ? applyOverrides(graded, overrides) : null;
  for (const u of applied?.unmatched ?? []) o.onEvent?.({ type: "note", line: `${OVERRIDES_FILE}: no graded ${u.exercise}${u.test ? `/${u.test}` : ""} for ${u.student}; not applied` });
  const rows = applied ? applied.rows.map((r) => (applied.changed.has(r.id) ? { ...r, overridden: applied.changed.get(r.id)! } : r)) : graded;
  for (const profile of o.exports?.profiles ?? []) {
    const students = rows.map((r) => {
      const c = o.collection?.get(r.id);
      const points: number | "" = r.report ? (c ? finalPoints(r.report.points, c.hoursLate, c.policy) : r.report.points) : "";
      return { ...lmsStudent(r.id, c?.student ?? r.id, c?.roster ?? {}), points };
    });
    const file = `export-${profile}.csv`;
    atomicWrite(join(o.outDir, file), lmsExportCsv(profile, o.exports!.assignment, students));
    const unmatched = unmatchableStudents(profile, students);
    if (unmatched.length > 0) {
      o.onEvent?.({ type: "note", line: `${file}: ${unmatched.length} student(s) without an id ${profile} matches by (give the roster ${matchColumns(profile).join(" or ")} column): ${unmatched.slice(0, 5).join(", ")}${unmatched.length > 5 ? ", …" : ""}` });
    }
  }
  const summary = classSummary(rows);
  const v = graderVersion(o.root);
  const subtitle = `Graded with aider-workbench ${v.version}${v.commit ? ` (${v.commit.slice(0, 12)})` : ""}, seed ${o.seed}, ${o.exercises.length} exercises: ${o.exercises.join(", ")}.`;
  const options = { title: "Class summary", subtitle, extraSections };
  atomicWrite(join(o.outDir, CLASS_FILES.gradebook), gradebookCsv(rows, o.exercises, o.collection));
  for (const row of rows) {
    const dir = join(o.outDir, row.id);
    if (!row.report) {
      for (const f of [CLASS_FILES.feedbackMarkdown, CLASS_FILES.feedbackHtml]) rmSync(join(dir, f), { force: true });
      continue;
    }
    atomicWrite(join(dir, CLASS_FILES.feedbackMarkdown), feedbackMarkdown(row.id, row.report, o.feedback));
    atomicWrite(join(dir, CLASS_FILES.feedbackHtml), feedbackHtml(row.id, row.report, o.feedback));
  }
  atomicWrite(join(o.outDir, CLASS_FILES.html), summaryHtml(summary, options));
  atomicWrite(join(o.outDir, CLASS_FILES.markdown), summaryMarkdown(summary, options));
}

/** The stored report in `dir` when both its files are regular, bounded and pass `authentic`; else null. */
function readStoredReport(dir: string, authentic: (files: readonly Buffer[]) => boolean): GradeReport | null {
  try {
    const files = [CLASS_FILES.report, CLASS_FILES.junit].map((f) => readBounded(join(dir, f)));
    if (!authentic(files)) return null;
    const r = parseReport(files[0]!.toString("utf8"));
    return r?.provenance ? r : null;
  } catch {
    return null;
  }
}

/** A regular file's bytes, opened once without following a link; throws past `STORED_REPORT_MAX_BYTES`. */
function readBounded(path: string): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > STORED_REPORT_MAX_BYTES) throw new Error("not a bounded regular file");
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Only ever a regular file: a link or special file planted in --out is refused, never written through. */
function atomicWrite(path: string, text: string | Buffer): void {
  writeOutputFile(path, text, "--out");
}

/** Runs `task` over `items`, at most `limit` at once; results in input order. */
export async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
