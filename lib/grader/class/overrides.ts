/**
 * An instructor's manual changes, `overrides.csv` in the output folder (student, exercise or `exercise/test`,
 * points, reason): read on every run, applied to the gradebook, never written by the grader — so a re-run keeps
 * them — and each changed cell named. Also the LMS import layouts: Canvas's gradebook CSV (Student, ID, SIS User
 * ID, SIS Login ID, Section, then the assignment), Moodle's (the user matched by "Email address" or an ID
 * number, then the grade item) and Gradescope's (its roster fields Name, SID and Email, then the score).
 */
import { WorkbenchInputError } from "../../core/errors.js";
import type { GradeReport } from "../results.js";
import { csvRows } from "./collect.js";
import { csvCell, type ClassRow } from "./gradebook.js";

export const OVERRIDES_FILE = "overrides.csv";

export interface Override {
  student: string;
  exercise: string;
  /** The test's name when one test is overridden; absent for the whole exercise. */
  test?: string;
  points: number;
  reason: string;
}

/** overrides.csv's rows; a bad line is an error naming it (an override is never guessed). */
export function parseOverrides(text: string): Override[] {
  const [head, ...rows] = csvRows(text.replace(/^\uFEFF/, ""));
  const names = (head ?? []).map((h) => h.trim().toLowerCase());
  for (const need of ["student", "target", "points", "reason"]) if (!names.includes(need)) throw new WorkbenchInputError("parseOverrides", OVERRIDES_FILE, `must have a "${need}" column`, (head ?? []).join(","));
  return rows.map((r, n) => {
    const cell = (name: string): string => (r[names.indexOf(name)] ?? "").trim();
    const points = Number(cell("points"));
    if (cell("points") === "" || !Number.isFinite(points) || points < 0) throw new WorkbenchInputError("parseOverrides", `${OVERRIDES_FILE} line ${n + 2}`, "points must be a number ≥ 0", cell("points"));
    if (cell("reason") === "") throw new WorkbenchInputError("parseOverrides", `${OVERRIDES_FILE} line ${n + 2}`, "reason must say why", "");
    const target = cell("target");
    const slash = target.indexOf("/");
    return { student: cell("student"), exercise: slash < 0 ? target : target.slice(0, slash), ...(slash < 0 ? {} : { test: target.slice(slash + 1) }), points, reason: cell("reason") };
  });
}

/**
 * `overrides` with each student given as the gradebook's id (the submission's folder): a student named by their
 * roster id (`collect`'s collection.csv, for an e-mail or a name that is not a safe folder name) is found by it too.
 */
export function overridesByFolder(overrides: readonly Override[], folders: ReadonlySet<string>, folderOfRosterId: ReadonlyMap<string, string>): Override[] {
  return overrides.map((o) => (folders.has(o.student) || !folderOfRosterId.has(o.student) ? o : { ...o, student: folderOfRosterId.get(o.student)! }));
}

/** `rows` with the overrides applied to copies of their reports, and per student the cells changed ("01-x: 12 → 5 (reason)"). */
export function applyOverrides(rows: readonly ClassRow[], overrides: readonly Override[]): { rows: ClassRow[]; changed: Map<string, string[]>; unmatched: Override[] } {
  const changed = new Map<string, string[]>();
  const unmatched: Override[] = [];
  const out = rows.map((row) => {
    const mine = overrides.filter((o) => o.student === row.id);
    if (!row.report || mine.length === 0) return row;
    const report: GradeReport = JSON.parse(JSON.stringify(row.report)) as GradeReport;
    for (const o of mine) {
      const e = report.exercises.find((x) => x.id === o.exercise);
      const t = o.test === undefined ? undefined : e?.tests.find((x) => x.name === o.test);
      if (!e || (o.test !== undefined && !t)) {
        unmatched.push(o);
        continue;
      }
      const before = t ? t.points : e.points;
      if (t) {
        t.points = o.points;
        e.points = e.tests.reduce((n, x) => n + x.points, 0);
      } else e.points = o.points;
      const list = changed.get(row.id) ?? [];
      list.push(`${o.exercise}${o.test ? `/${o.test}` : ""}: ${before} → ${o.points} (${o.reason})`);
      changed.set(row.id, list);
    }
    report.points = report.exercises.reduce((n, x) => n + x.points, 0);
    return { ...row, report };
  });
  for (const o of overrides) if (!rows.some((r) => r.id === o.student && r.report)) unmatched.push(o);
  return { rows: out, changed, unmatched };
}

export type LmsProfile = "canvas" | "moodle" | "gradescope";
export const LMS_PROFILES: readonly LmsProfile[] = ["canvas", "moodle", "gradescope"];

/** One student as the LMS knows them. */
export interface LmsStudent {
  /** The gradebook's id (the folder). */
  id: string;
  /** The name the LMS shows (the roster's `name`, else the student id). */
  name: string;
  /** The LMS's own user id (Canvas's "ID"). */
  lmsId?: string;
  /** The institution's id (Canvas's "SIS User ID", Moodle's "ID number", Gradescope's "SID"). */
  sisUserId?: string;
  /** The institution's login (Canvas's "SIS Login ID"). */
  sisLoginId?: string;
  email?: string;
  section?: string;
  points: number | "";
}

/** Roster columns read for each LMS field, first with a value wins (column names are lower-cased by parseRoster). */
export const LMS_ROSTER_COLUMNS = Object.freeze({
  name: ["name", "full_name"],
  lmsId: ["lms_id", "canvas_id", "canvas_user_id"],
  sisUserId: ["sis_user_id", "sis_id", "student_number", "id_number"],
  sisLoginId: ["sis_login_id", "login", "login_id"],
  email: ["email", "e-mail"],
  section: ["section"],
} as const);

/**
 * The LMS's view of a student from their roster columns: an e-mail given as the student id counts as their e-mail;
 * an id the roster does not give stays empty — never guessed from another column, which would match the wrong user.
 */
export function lmsStudent(id: string, student: string, roster: Readonly<Record<string, string>>): Omit<LmsStudent, "points"> {
  const pick = (names: readonly string[]): string | undefined => names.map((n) => roster[n]).find((v) => v !== undefined && v !== "");
  const email = pick(LMS_ROSTER_COLUMNS.email) ?? (/^[^@\s]+@[^@\s]+$/.test(student) ? student : undefined);
  const fields = { lmsId: pick(LMS_ROSTER_COLUMNS.lmsId), sisUserId: pick(LMS_ROSTER_COLUMNS.sisUserId), sisLoginId: pick(LMS_ROSTER_COLUMNS.sisLoginId), email, section: pick(LMS_ROSTER_COLUMNS.section) };
  return { id, name: pick(LMS_ROSTER_COLUMNS.name) ?? student, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
}

/**
 * The fields an LMS matches a row to its user by, per profile (a row with none of them is matched by name, if at
 * all). Gradescope's roster requires each member's e-mail, unique in the course; its SID is optional, so only the
 * e-mail is counted on.
 */
const MATCHED_BY: Readonly<Record<LmsProfile, readonly (keyof typeof LMS_ROSTER_COLUMNS)[]>> = { canvas: ["lmsId", "sisUserId", "sisLoginId"], moodle: ["email", "sisUserId"], gradescope: ["email"] };

/** The students of `students` the profile's import cannot match by an id (a note for the instructor). */
export function unmatchableStudents(profile: LmsProfile, students: readonly LmsStudent[]): string[] {
  return students.filter((s) => MATCHED_BY[profile].every((k) => s[k] === undefined || s[k] === "")).map((s) => s.id);
}

/** The roster columns that give a profile an id to match by (`lms_id`, `sis_user_id`, …), for the instructor's note. */
export function matchColumns(profile: LmsProfile): string[] {
  return MATCHED_BY[profile].map((k) => LMS_ROSTER_COLUMNS[k][0]);
}

/**
 * The CSV an LMS imports for one assignment, in its documented columns: Canvas's gradebook (Student, ID, SIS User ID,
 * SIS Login ID, Section, then the assignment), Moodle's CSV grade import (a user column to map from — Email address
 * or ID number — and the grade), Gradescope's roster fields in its own export's order (Name, SID, Email) and the score.
 */
export function lmsExportCsv(profile: LmsProfile, assignment: string, students: readonly LmsStudent[]): string {
  const head =
    profile === "canvas" ? ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", assignment]
    : profile === "moodle" ? ["Email address", "ID number", assignment]
    : ["Name", "SID", "Email", assignment];
  const line = (s: LmsStudent): (string | number)[] =>
    profile === "canvas" ? [s.name, s.lmsId ?? "", s.sisUserId ?? "", s.sisLoginId ?? "", s.section ?? "", s.points]
    : profile === "moodle" ? [s.email ?? "", s.sisUserId ?? "", s.points]
    : [s.name, s.sisUserId ?? "", s.email ?? "", s.points];
  return [head, ...students.map(line)].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
