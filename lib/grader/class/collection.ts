/**
 * `collect`'s record, SUBMISSIONS/collection.csv: per student the real id, the folder, the commit graded, how late,
 * the late policy, the commit due by the deadline and the later ones, and why one cannot be graded; read back by
 * grade-class for the gradebook's raw and final points.
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
}

const policyText = (p: LatePolicy): string => (p.kind === "percent-per-day" ? `percent-per-day:${p.percent}` : p.kind);
/** collection.csv's text. */
export function collectionCsv(rows: readonly CollectionRow[]): string {
  const lines = [COLLECTION_HEAD.join(",")];
  for (const r of rows) {
    const late = r.pick?.late;
    lines.push(
      [r.entry.student, r.folder, r.status, r.graded?.commit ?? "", r.graded ? Math.round(r.graded.hoursLate * 100) / 100 : "", policyText(r.policy), r.pick?.onTime?.sha ?? "", late?.commits ?? 0, late?.last.sha ?? "", r.problem ?? "", r.notes.join("; ")]
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
  for (const r of rows) {
    const problem = at(r, "problem");
    out.set(at(r, "folder"), { student: at(r, "student"), hoursLate: Number(at(r, "hours_late")) || 0, policy: parseLatePolicy(at(r, "late_policy")), ...(problem ? { problem } : {}) });
  }
  return out;
}
