/**
 * The class's gradebook as CSV (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled,
 * CRLF line ends): one row per student — id, each exercise's points, total, max, grader version, seed, the
 * submission (its commit when it came from git, else its content hash), when it was graded, and the problem when
 * it could not be graded. A text cell that a spreadsheet would read as a formula (starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) is prefixed with `'` (OWASP's advice on CSV injection); numbers are written
 * as numbers.
 */
import { formatGraderVersion } from "../provenance.js";
import type { GradeReport } from "../results.js";
import { finalPoints, type CollectedFolder } from "./collect.js";

export type RowStatus = "graded" | "unchanged" | "not graded";

/** One student's line in the class's results. */
export interface ClassRow {
  id: string;
  status: RowStatus;
  /** The report (graded now, or the stored one when unchanged). */
  report?: GradeReport;
  /** Why there is no report, or what went wrong in part. */
  problem?: string;
  /** Wall time of this run's grade (ms), when graded now. */
  wallMs?: number;
  /** Cells an instructor's overrides.csv changed (overrides.ts), "01-x: 12 → 5 (reason)". */
  overridden?: string[];
}

/** A CSV field: quoted when needed, formula-looking text defused. */
export function csvCell(value: string | number): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = value;
  if (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The submission as the gradebook names it: the commit when known, else the content hash. */
export function submissionLabel(report: GradeReport | undefined): string {
  const p = report?.provenance;
  return p ? (p.submissionCommit ?? p.submissionHash) : "";
}

/**
 * The gradebook's text for `rows` with one points column per exercise in `exerciseIds`; with `collected` (from
 * `collect`'s collection.csv, by folder) also the student's id in the roster, hours late, the late policy and final points.
 */
export function gradebookCsv(rows: readonly ClassRow[], exerciseIds: readonly string[], collected?: ReadonlyMap<string, CollectedFolder>): string {
  const late = collected ? ["roster_id", "hours_late", "late_policy", "final"] : [];
  const overrides = rows.some((r) => r.overridden?.length) ? ["overridden"] : [];
  const header = ["student", ...exerciseIds, "total", "max", ...late, ...overrides, "grader_version", "seed", "submission", "graded_at", "problem"];
  const lines = [header.map(csvCell).join(",")];
  for (const row of rows) {
    const r = row.report;
    const byId = new Map((r?.exercises ?? []).map((e) => [e.id, e]));
    const points = exerciseIds.map((id) => {
      const e = byId.get(id);
      return e ? e.points : "";
    });
    const p = r?.provenance;
    const cells: (string | number)[] = [
      row.id,
      ...points,
      r ? r.points : "",
      r ? r.maxPoints : "",
      ...(collected ? lateCells(row, collected.get(row.id)) : []),
      ...(overrides.length ? [(row.overridden ?? []).join("; ")] : []),
      p ? formatGraderVersion(p.grader) : "",
      p ? p.seed : "",
      submissionLabel(r),
      p ? p.startedAt : "",
      rowProblem(row),
    ];
    lines.push(cells.map(csvCell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

function lateCells(row: ClassRow, c: CollectedFolder | undefined): (string | number)[] {
  if (!c) return ["", "", "", ""];
  const policy = c.policy.kind === "percent-per-day" ? `percent-per-day:${c.policy.percent}` : c.policy.kind;
  return [c.student, c.hoursLate, policy, row.report ? finalPoints(row.report.points, c.hoursLate, c.policy) : ""];
}

/** The row's problem: its own, or the exercises the grader could not grade. */
export function rowProblem(row: ClassRow): string {
  if (row.problem !== undefined) return row.problem;
  const errors = (row.report?.exercises ?? []).filter((e) => e.error !== undefined).map((e) => `${e.id}: ${e.error}`);
  return errors.join("; ");
}
