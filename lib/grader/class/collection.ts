/**
 * `collect`'s record, SUBMISSIONS/collection.csv: per student the real id, the folder, the commit graded, how late,
 * the late policy, the commit due by the deadline and the later ones, why one cannot be graded, and the roster's
 * other columns (`roster:lms_id`, `roster:email`, …); read back by grade-class for the gradebook's raw and final
 * points and the LMS exports' ids.
 */
import { csvCell } from "./gradebook.js";
import { csvRows, parseLatePolicy, type CollectedFolder, type LatePolicy, type Pick, type RosterEntry } from "./collect.js";

/** The record `collect` leaves in SUBMISSIONS (a file, so grade-class takes no student for it). */
export const COLLECTION_FILE = "collection.csv";
const COLLECTION_HEAD = ["student", "folder", "status", "graded_commit", "hours_late", "late_policy", "on_time_commit", "late_commits", "last_late_commit", "problem", "notes"];

export interface CollectionRow {
  entry: RosterEntry;
  folder: string;
  policy: LatePolicy;
  status: "collected" | "not gradable";
  problem?: string;
  pick?: Pick;
  graded?: { commit: string; hoursLate: number };
  notes: string[];
  /** Commits dated by the deadline that reached the host after it (collect-git.ts). */
  backdated?: string[];
}

/** The prefix of a roster column kept in collection.csv (`lms_id` → `roster:lms_id`). */
export const ROSTER_COLUMN_PREFIX = "roster:";

const policyText = (p: LatePolicy): string => (p.kind === "percent-per-day" ? `percent-per-day:${p.percent}` : p.kind);
/** collection.csv's text. */
export function collectionCsv(rows: readonly CollectionRow[]): string {
  const extra = [...new Set(rows.flatMap((r) => Object.keys(r.entry.extra)))];
  const lines = [[...COLLECTION_HEAD, ...extra.map((k) => ROSTER_COLUMN_PREFIX + k)].map(csvCell).join(",")];
  for (const r of rows) {
    const late = r.pick?.late;
    lines.push(
      [r.entry.student, r.folder, r.status, r.graded?.commit ?? "", r.graded ? Math.round(r.graded.hoursLate * 100) / 100 : "", policyText(r.policy), r.pick?.onTime?.sha ?? "", late?.commits ?? 0, late?.last.sha ?? "", r.problem ?? "", r.notes.join("; "), ...extra.map((k) => r.entry.extra[k] ?? "")]
        .map(csvCell)
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}

/** collection.csv read back (the columns by name). */
export function parseCollection(text: string): Map<string, CollectedFolder> {
  const [head, ...rows] = csvRows(text);
  const at = (r: string[], name: string): string => r[(head ?? []).indexOf(name)] ?? "";
  const out = new Map<string, CollectedFolder>();
  const rosterColumns = (head ?? []).filter((h) => h.startsWith(ROSTER_COLUMN_PREFIX));
  for (const r of rows) {
    const problem = at(r, "problem");
    const roster = Object.fromEntries(rosterColumns.map((h) => [h.slice(ROSTER_COLUMN_PREFIX.length), at(r, h)]).filter(([, v]) => v !== ""));
    out.set(at(r, "folder"), {
      student: at(r, "student"),
      hoursLate: Number(at(r, "hours_late")) || 0,
      policy: parseLatePolicy(at(r, "late_policy")),
      ...(problem ? { problem } : {}),
      ...(at(r, "status") === "not gradable" ? { notCollected: true } : {}),
      roster,
    });
  }
  return out;
}
