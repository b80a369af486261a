/**
 * Grading one submission on a platform, as the packaged grader's entry script runs it: find the submission and
 * where the results go (the platform's own folders), find the exercises in it (locate.ts), grade them with the
 * judge of `workbench grade`, and write the results in the platform's format. It never ends without a results
 * file: a submission that cannot be graded, a grade past the deadline or a fault of our own each give results that
 * say so (0 points, or PrairieLearn's `gradable: false`), because a platform shows a student nothing otherwise.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";
import { writeOutputFile } from "../../core/safe-write.js";
import { gradeReport, type GradeReport } from "../results.js";
import { runGrading } from "../run.js";
import { loadCatalog } from "../session.js";
import { classroom50Identity, classroom50Result } from "./classroom50.js";
import { CONFIG_FILE, parseAutograderConfig, type AutograderConfig, type Platform } from "./config.js";
import { gradescopeResults, gradescopeUngradable } from "./gradescope.js";
import { locateExercises } from "./locate.js";
import { prairielearnResults, prairielearnUngradable } from "./prairielearn.js";

/** Where each platform puts the submission and wants the results, under its root folder. */
export const PLATFORM_LAYOUT: Readonly<Record<Platform, { root: string; submission: string; results: string }>> = Object.freeze({
  gradescope: { root: "/autograder", submission: "submission", results: "results/results.json" },
  prairielearn: { root: "/grade", submission: "student", results: "results/results.json" },
  classroom50: { root: ".", submission: ".", results: "result.json" },
});

/** PrairieLearn: the question's tests folder names its exercise here (written by `autograder prairielearn`). */
export const PRAIRIELEARN_QUESTION_FILE = "tests/workbench.json";

export interface AutogradeOptions {
  /** The packaged grader (a workbench release with `autograder.json`). */
  graderRoot: string;
  /** The platform's root folder (`/autograder`, `/grade`, the student's checkout for Classroom 50). */
  platformRoot: string;
  /** The environment (Classroom 50 passes the submission's identity in it). */
  env: Readonly<Record<string, string | undefined>>;
  onStatus?: (line: string) => void;
}

export interface AutogradeOutcome {
  resultsPath: string;
  /** One line for the platform's log. */
  summary: string;
  /** False when the submission could not be graded (the results say why). */
  graded: boolean;
}

/** Grades the platform's submission and writes its results file; throws only when even that cannot be written. */
export async function autogradeSubmission(options: AutogradeOptions): Promise<AutogradeOutcome> {
  const config = parseAutograderConfig(readFileSync(join(options.graderRoot, CONFIG_FILE), "utf8"));
  const layout = PLATFORM_LAYOUT[config.platform];
  const resultsPath = join(options.platformRoot, layout.results);
  const write = (json: unknown): void => writeResults(resultsPath, json);
  const ungradable = (reason: string): AutogradeOutcome => {
    write(ungradableResults(config.platform, reason, options.env));
    return { resultsPath, summary: `not graded: ${reason}`, graded: false };
  };
  let exercises: string[];
  try {
    exercises = config.platform === "prairielearn" ? [questionExercise(options.platformRoot)] : config.exercises;
  } catch (err) {
    return ungradable((err as Error).message);
  }
  const staging = mkdtempSync(join(tmpdir(), "workbench-upload-"));
  try {
    const catalog = loadCatalog(options.graderRoot, exercises);
    const located = locateExercises(join(options.platformRoot, layout.submission), catalog, staging);
    if (!located.ok) return ungradable(located.problem);
    located.notes.forEach((n) => options.onStatus?.(n));
    const grading = runGrading({
      root: options.graderRoot,
      target: { label: "submission", dir: located.dir, isStudentWork: false },
      exercises: catalog,
      timeoutMs: config.timeoutMs,
      seed: config.seed,
      hidden: config.hidden,
      ...(options.onStatus ? { onStatus: options.onStatus } : {}),
    });
    const report = await withDeadline(grading, config.deadlineMs);
    if (report === null) return ungradable(`grading took longer than ${Math.round(config.deadlineMs / 1000)} s and was stopped`);
    write(platformResults(config, report, { env: options.env, notes: located.notes }));
    return { resultsPath, summary: `${report.points}/${report.maxPoints} points (${located.layout})`, graded: true };
  } catch (err) {
    if (err instanceof WorkbenchInputError) return ungradable(err.message);
    throw err;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The results of a graded report in the platform's format; `notes` (what was assumed) go in front of the output. */
export function platformResults(config: AutograderConfig, report: GradeReport, context: { env: AutogradeOptions["env"]; notes?: readonly string[] }): unknown {
  const { env, notes = [] } = context;
  const prefix = notes.length ? notes.map((n) => `Note: ${n}.`).join("\n") + "\n" : "";
  if (config.platform === "gradescope") {
    const r = gradescopeResults(report, { hiddenVisibility: config.hiddenVisibility });
    return { ...r, output: prefix + r.output };
  }
  if (config.platform === "prairielearn") {
    const r = prairielearnResults(report);
    return prefix ? { ...r, output: prefix.trimEnd() } : r;
  }
  return classroom50Result(report, classroom50Identity(env), new Date());
}

/** Results that give 0 and say why, in the platform's format. */
export function ungradableResults(platform: Platform, reason: string, env: AutogradeOptions["env"]): unknown {
  if (platform === "gradescope") return gradescopeUngradable(reason);
  if (platform === "prairielearn") return prairielearnUngradable(reason);
  const result = classroom50Result(gradeReport("submission", []), classroom50Identity(env), new Date());
  return { ...result, tests: [{ "test-name": "submission", passed: false, score: 0, "max-score": 0, message: `could not be graded: ${reason}` }] };
}

function questionExercise(platformRoot: string): string {
  let text: string;
  try {
    text = readFileSync(join(platformRoot, PRAIRIELEARN_QUESTION_FILE), "utf8");
  } catch {
    throw new WorkbenchInputError("autograde", PRAIRIELEARN_QUESTION_FILE, "must exist in the question's tests/ folder (written by `workbench autograder prairielearn`)");
  }
  const parsed = JSON.parse(text) as { exercise?: unknown };
  if (typeof parsed.exercise !== "string") throw new WorkbenchInputError("autograde", `${PRAIRIELEARN_QUESTION_FILE} exercise`, "must be an exercise id");
  return parsed.exercise;
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Atomically and only as a regular file (never through a link), creating the folder (`/grade/results` may not exist). */
function writeResults(path: string, json: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeOutputFile(path, JSON.stringify(json, null, 2) + "\n", "results");
}
