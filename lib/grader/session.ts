/**
 * One grade as the `grade` command runs it: pick the exercises, read their READMEs (titles and hints), run the
 * graded tests, record the student's progress (the failing tests, the hint shown: hints.ts), and render the text
 * report. `--watch` calls it again on each save.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseNotebook } from "../notebooks/ipynb.js";
import { sectionHeading } from "../notebooks/language.js";
import { LANG_DEFAULTS, type Lang } from "../core/lang.js";
import { message } from "../core/messages.js";
import { listExercises, selectExercises, type ExerciseEntry } from "./catalog.js";
import { parseReadme, type Hint } from "./readme.js";
import { exerciseStatus, formatFailures, formatTable } from "./report.js";
import { gradeReport, type GradeReport } from "./results.js";
import { runGrading } from "./run.js";
import { gradeHint, type GradeHint } from "./hints.js";
import { exerciseState, loadState, recordGrade, saveState, withHintSeen, type ProgressState } from "./state.js";
import type { Target } from "./target.js";

export interface GradeSessionOptions {
  root: string;
  target: Target;
  /** Exercise names as given on the command line (empty: all). */
  wanted: readonly string[];
  timeoutMs: number;
  seed: number;
  /** The progress file (used only when the target is the student's own exercises/). */
  statePath: string;
  onStatus?: (line: string) => void;
  /** An earlier report to merge into (watch mode re-grades one exercise and shows them all). */
  previous?: GradeReport;
  /** Also run the hidden graded tests (instructor only, `grade --hidden`). */
  hidden?: boolean;
  /** The student's id, recorded in the report (`grade --student`). */
  student?: string;
  /** Judge processes at once (`grade --judges`; runGrading's `maxWorkers`). */
  maxWorkers?: number;
  /** The language of the text report (`grade --lang`; default English). */
  lang?: Lang;
}

export interface GradeSessionResult {
  report: GradeReport;
  /** Table, total, failures and hints. */
  text: string;
}

/** An exercise with what its README says (title and hints; an unreadable README gives none and its problem). */
export interface CatalogEntry extends ExerciseEntry {
  title: string;
  hints: Hint[];
  readmeProblem?: string;
  /** Asked for Chinese, the title and hints are English: the exercise has no usable README.zh.md (why). */
  englishOnly?: string;
}

/**
 * The chosen exercises with their README's title and hints, in `lang`: for zh from `README.zh.md` when it exists
 * and its hints match the English ones (same numbers, same tests — what progress records), else the English.
 */
export function loadCatalog(root: string, wanted: readonly string[], lang: Lang = LANG_DEFAULTS.lang): CatalogEntry[] {
  return selectExercises(listExercises(root), wanted).map((e) => {
    if (!existsSync(e.readme)) return { ...e, title: e.id, hints: [], readmeProblem: "has no README.md" };
    let english: CatalogEntry;
    try {
      const r = parseReadme(readFileSync(e.readme, "utf8"));
      english = { ...e, title: readmeTitle(r.title), hints: r.hints };
    } catch (err) {
      return { ...e, title: e.id, hints: [], readmeProblem: `README.md ${(err as Error).message}` };
    }
    if (lang === "en") return english;
    const zhFile = e.readme.replace(/\.md$/, ".zh.md");
    if (!existsSync(zhFile)) return { ...english, englishOnly: "has no README.zh.md" };
    try {
      const z = parseReadme(readFileSync(zhFile, "utf8"));
      const same = z.hints.length === english.hints.length && z.hints.every((h, i) => h.number === english.hints[i]!.number && JSON.stringify(h.tests) === JSON.stringify(english.hints[i]!.tests));
      return same ? { ...english, title: readmeTitle(z.title), hints: z.hints } : { ...english, englishOnly: "README.zh.md's hints differ from the English ones" };
    } catch (err) {
      return { ...english, englishOnly: `README.zh.md ${(err as Error).message}` };
    }
  });
}

/** "<file> § <section>" with the section's heading in `lang` (read from notebooks/<file>); as given when unreadable. */
export function notebookRefIn(root: string, ref: string, lang: Lang): string {
  const m = /^([\w.-]+\.ipynb) § (.+)$/.exec(ref);
  const file = m ? join(root, "notebooks", m[1]!) : "";
  if (lang === "en" || !m || !existsSync(file)) return ref;
  try {
    return `${m[1]} § ${sectionHeading(parseNotebook(readFileSync(file, "utf8"), m[1]!), m[2]!, lang)}`;
  } catch {
    return ref; // a notebook that does not parse: the English reference still says where to read
  }
}

/** A README's title without its "Exercise NN —" / "练习 NN —" prefix. */
function readmeTitle(title: string): string {
  return title.replace(/^(?:Exercise|练习)\s*\d+\s*[—–:-]\s*/, "");
}

/** Grades, records progress (own exercises only) and renders the report. */
export async function gradeSession(options: GradeSessionOptions): Promise<GradeSessionResult> {
  const catalog = loadCatalog(options.root, options.wanted, options.lang ?? LANG_DEFAULTS.lang);
  const fresh = await runGrading({
    root: options.root,
    target: options.target,
    exercises: catalog,
    timeoutMs: options.timeoutMs,
    seed: options.seed,
    ...(options.onStatus ? { onStatus: options.onStatus } : {}),
    ...(options.hidden ? { hidden: true } : {}),
    ...(options.student !== undefined ? { student: options.student } : {}),
    ...(options.maxWorkers !== undefined ? { maxWorkers: options.maxWorkers } : {}),
  });
  const report = options.previous ? mergeReports(options.previous, fresh) : fresh;
  let state: ProgressState | null = null;
  const before = options.target.isStudentWork ? loadState(options.statePath, options.onStatus) : null;
  // Per exercise graded now: the hint of its first failing test not seen yet (or a reminder of one seen).
  const hints = new Map<string, { hint: GradeHint; total: number }>();
  const notStarted = new Set<string>();
  for (const e of fresh.exercises) {
    const all = catalog.find((c) => c.id === e.id)?.hints ?? [];
    const status = exerciseStatus(e);
    // Only what the report shows a hint under (not "done", "no file" or "error"), so nothing unshown counts as seen.
    if ((status !== "in progress" && status !== "not started") || all.length === 0) continue;
    // Untouched stubs fail every test alike: their grades say nothing new, so they only ever show the first test's hint.
    const failing = e.tests.filter((t) => !t.passed).map((t) => t.name).slice(0, status === "not started" ? 1 : undefined);
    if (status === "not started") notStarted.add(e.id);
    const h = gradeHint(all, failing, before ? exerciseState(before, e.id).hintsSeen : []);
    if (h) hints.set(e.id, { hint: h, total: all.length });
  }
  if (before) {
    state = recordGrade(before, fresh, new Date());
    // An untouched stub's hint is shown but not recorded as seen: nothing was started that it could have helped.
    for (const [id, { hint }] of hints) if (hint.fresh && !notStarted.has(id)) state = withHintSeen(state, id, hint.hint.number);
    saveState(options.statePath, state);
  }
  // a student release has no solutions/ to point at after the last hint
  const noSolutions = (id: string): boolean => catalog.find((c) => c.id === id)?.solutionDir === null;
  const englishOnly = (id: string): boolean => catalog.find((c) => c.id === id)?.englishOnly !== undefined;
  const hintFor = (id: string): { hint: GradeHint; total: number; noSolutions?: boolean; englishOnly?: boolean } | null => {
    const h = hints.get(id);
    return h ? { ...h, ...(noSolutions(id) ? { noSolutions: true } : {}), ...(englishOnly(id) ? { englishOnly: true } : {}) } : null;
  };
  const lang = options.lang ?? LANG_DEFAULTS.lang;
  const heading = message(lang, "grade.heading", { target: options.target.label, n: report.exercises.length }) + "\n\n";
  const text =
    heading +
    formatTable(report, before ? { states: before.exercises, lang } : { lang }) +
    formatFailures(report, { hintFor, lang, notebookRef: (ref) => notebookRefIn(options.root, ref, lang) }) +
    (before ? `\n${message(lang, "grade.progressKept", { path: displayPath(options.root, options.statePath) })}\n` : "");
  return { report, text };
}

/**
 * `previous` with the exercises graded again in `fresh` replaced (and any new ones added), totals recomputed; the
 * provenance is the fresh grade's (the submission as it is now).
 */
export function mergeReports(previous: GradeReport, fresh: GradeReport): GradeReport {
  const byId = new Map(previous.exercises.map((e) => [e.id, e]));
  for (const e of fresh.exercises) byId.set(e.id, e);
  const exercises = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const merged = gradeReport(fresh.target, exercises);
  if (fresh.provenance) merged.provenance = fresh.provenance;
  return merged;
}

function displayPath(root: string, path: string): string {
  return path.startsWith(root + "/") ? path.slice(root.length + 1) : path;
}
