/**
 * Collecting a class by a deadline, the pure part: the roster (CSV: `student`, `repository`, optional `github`,
 * `lms_id`, `email`, `extension_hours`), a folder name safe for any student id (an e-mail, `zoë`) while the
 * gradebook keeps the real id, the last commit at or before each student's deadline, and the late policy
 * (none / percent per started day / zero) that turns raw points into final points. collect-git.ts does the git.
 */
import { createHash } from "node:crypto";
import { WorkbenchInputError } from "../../core/errors.js";
import { isStudentId } from "../provenance.js";
import { requireString } from "../../core/validate.js";

export interface RosterEntry {
  /** The student's id as the LMS knows it: any Unicode, an e-mail. */
  student: string;
  /** Where their repository is: a path, a file:// URL, or a remote one (`remoteRepository`). */
  repository: string;
  /** Hours added to the deadline for this student (0 without an extension). */
  extensionHours: number;
  /** The other columns (github, lms_id, email, …), kept for the exports. */
  extra: Record<string, string>;
}

const WHERE = "parseRoster";

/** RFC 4180 rows of `text` (quoted fields, doubled quotes, CRLF or LF). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") row.push(field), (field = "");
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field), rows.push(row), (row = []), (field = "");
    } else field += c;
  }
  if (quoted) throw new WorkbenchInputError("csvRows", "text", "has a quoted field that never ends", text.length);
  if (field !== "" || row.length) row.push(field), rows.push(row);
  return rows.filter((r) => r.some((f) => f.trim() !== ""));
}

/** The roster's entries; a missing column, a repeated student or a bad extension is an error naming the line. */
export function parseRoster(text: string): RosterEntry[] {
  const [head, ...rows] = csvRows(text.replace(/^\uFEFF/, ""));
  if (!head) throw new WorkbenchInputError(WHERE, "roster", "is empty: give a header line with student,repository", "");
  const names = head.map((h) => h.trim().toLowerCase());
  for (const need of ["student", "repository"]) if (!names.includes(need)) throw new WorkbenchInputError(WHERE, "roster", `must have a "${need}" column`, head.join(","));
  const seen = new Set<string>();
  return rows.map((r, n) => {
    const cell = (name: string): string => (r[names.indexOf(name)] ?? "").trim();
    const student = cell("student").normalize("NFC");
    const line = `line ${n + 2}`;
    if (student === "" || /[\u0000-\u001f\u007f]/.test(student) || student.length > 200) throw new WorkbenchInputError(WHERE, `roster ${line}`, "student must be 1–200 characters, no control characters", student);
    if (seen.has(student)) throw new WorkbenchInputError(WHERE, `roster ${line}`, "student appears twice", student);
    seen.add(student);
    if (cell("repository") === "") throw new WorkbenchInputError(WHERE, `roster ${line}`, "repository is empty", student);
    const where = remoteRepository(cell("repository"));
    if (where.kind === "refused") throw new WorkbenchInputError(WHERE, `roster ${line}`, `repository ${where.why}`, cell("repository"));
    const ext = cell("extension_hours");
    const extensionHours = ext === "" ? 0 : Number(ext);
    if (!/^\d+(\.\d+)?$/.test(ext || "0") || !Number.isFinite(extensionHours)) throw new WorkbenchInputError(WHERE, `roster ${line}`, "extension_hours must be a number of hours ≥ 0", ext);
    const extra: Record<string, string> = {};
    names.forEach((name, i) => {
      if (!["student", "repository", "extension_hours"].includes(name)) extra[name] = (r[i] ?? "").trim();
    });
    return { student, repository: cell("repository"), extensionHours, extra };
  });
}

/**
 * The folder a student's submission goes in: the id itself when it is already a safe name (lib/grader/provenance.ts
 * `isStudentId`), else its letters and digits (accents stripped) and 8 hex digits of its SHA-256 — distinct for
 * distinct ids, never `.`/`..`, never a path.
 */
export function folderName(student: string): string {
  if (isStudentId(student)) return student;
  const base = student.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+|[-.]+$/g, "").slice(0, 40);
  const hash = createHash("sha256").update(student).digest("hex").slice(0, 8);
  return base === "" ? `s-${hash}` : `${base}-${hash}`;
}

export interface CommitTime {
  sha: string;
  /** Committer time, seconds since the epoch. */
  time: number;
}

/** Which commit is graded: the last one at or before the deadline, and what came after. */
export interface Pick {
  onTime: CommitTime | null;
  /** The newest commit after the deadline, if any, and how many came after. */
  late: { last: CommitTime; commits: number; hoursLate: number } | null;
}

/** From `commits` (newest first, as `git log` lists them) and the deadline (seconds), the pick. */
export function pickCommit(commits: readonly CommitTime[], deadline: number): Pick {
  const after = commits.filter((c) => c.time > deadline);
  const onTime = commits.find((c) => c.time <= deadline) ?? null;
  const last = after.reduce<CommitTime | null>((a, c) => (a === null || c.time > a.time ? c : a), null);
  return { onTime, late: last ? { last, commits: after.length, hoursLate: (last.time - deadline) / 3600 } : null };
}

/** `none`: late commits are recorded, never graded; `zero`: the late work graded, 0 points; percent: per started day. */
export type LatePolicy = { kind: "none" } | { kind: "zero" } | { kind: "percent-per-day"; percent: number };

/** `none`, `zero` or `percent-per-day:N` (0 < N ≤ 100). */
export function parseLatePolicy(text: string): LatePolicy {
  if (text === "none" || text === "zero") return { kind: text };
  const m = /^percent-per-day:(\d+(?:\.\d+)?)$/.exec(text);
  const percent = m ? Number(m[1]) : NaN;
  if (!(percent > 0 && percent <= 100)) throw new WorkbenchInputError("parseLatePolicy", "policy", "must be none, zero or percent-per-day:N with 0 < N ≤ 100", text);
  return { kind: "percent-per-day", percent };
}

/** The commit to grade under `policy`: the late one unless the policy ignores late work (or there is none). */
export function commitToGrade(pick: Pick, policy: LatePolicy): { commit: CommitTime; hoursLate: number } | null {
  if (pick.late && policy.kind !== "none") return { commit: pick.late.last, hoursLate: pick.late.hoursLate };
  return pick.onTime ? { commit: pick.onTime, hoursLate: 0 } : null;
}

/** Final points from raw points graded `hoursLate` after the deadline (a started day counts as a day). */
export function finalPoints(raw: number, hoursLate: number, policy: LatePolicy): number {
  if (hoursLate <= 0 || policy.kind === "none") return raw;
  if (policy.kind === "zero") return 0;
  const days = Math.ceil(hoursLate / 24);
  return Math.max(0, Math.round(raw * (1 - (days * policy.percent) / 100) * 100) / 100);
}

/** What grade-class needs from collection.csv, by folder: the real id, hours late, the policy, a problem. */
export interface CollectedFolder {
  student: string;
  hoursLate: number;
  policy: LatePolicy;
  problem?: string;
  /** True when collect could not collect the student (no folder was written for them). */
  notCollected?: boolean;
  /** The roster's other columns that had a value (lms_id, email, section, …), for the LMS exports. */
  roster: Readonly<Record<string, string>>;
}

/** Remote forms taken: a URL of one of these schemes, or scp-like `user@host:path`; the host starts alphanumeric. */
const REMOTE_URL = /^(https?|ssh|git):\/\/([^@/\s]+@)?[A-Za-z0-9][A-Za-z0-9.-]*(:\d+)?\/\S+$/;
const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9][A-Za-z0-9.-]*:[^\s-]\S*$/;

/**
 * How `repository` (a roster cell) is read: `"remote"` for a URL `REMOTE_URL` or `SCP_LIKE` accepts, `"local"`
 * for a path or `file://` URL, or a reason it is neither (another scheme, a transport helper `x::`, a URL with a
 * space or a host starting with `-`).
 */
export function remoteRepository(repository: string): { kind: "remote" | "local" } | { kind: "refused"; why: string } {
  requireString("remoteRepository", "repository", repository);
  if (REMOTE_URL.test(repository) || SCP_LIKE.test(repository)) return { kind: "remote" };
  if (repository.startsWith("file://")) return { kind: "local" };
  if (/^[A-Za-z][A-Za-z0-9+.-]*::/.test(repository)) return { kind: "refused", why: "names a git transport helper (x::…), which could run a command" };
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(repository)) return { kind: "refused", why: "must be an https://, http://, ssh:// or git:// URL with a host and a path" };
  if (/^[^/\\]+@[^/\\]+:/.test(repository)) return { kind: "refused", why: "must be user@host:path: a host of letters, digits, . and -, a path not starting with -" };
  return { kind: "local" };
}
