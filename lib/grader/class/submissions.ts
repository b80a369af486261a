/**
 * The class's submissions: SUBMISSIONS holds one entry per student — a folder (laid out like
 * exercises/, or a workbench checkout with an exercises/ folder), a git repository (a folder with a `.git` folder),
 * or a git bundle (`<id>.bundle`). The student's id is the entry's name (without `.bundle`), and must be a safe
 * folder name (provenance.ts, `STUDENT_ID_RULE`). Nothing here reads a submission's content: an entry that cannot
 * be graded (a bad name, a symbolic link, a `.git` that is a link to another repository, two entries for one id)
 * is kept with its problem, so the gradebook has its row and says why. Hidden names and other files are ignored
 * (and listed, so the instructor sees what was skipped).
 */
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";
import { requireString } from "../../core/validate.js";
import { isStudentId, STUDENT_ID_RULE } from "../provenance.js";

export type SubmissionKind = "folder" | "repository" | "bundle";

export interface SubmissionEntry {
  /** The student's id (the entry's name, `.bundle` dropped). */
  id: string;
  kind: SubmissionKind;
  /** Absolute path of the entry. */
  path: string;
  /** Why it cannot be graded, when it cannot. */
  problem?: string;
}

export interface Discovery {
  /** Sorted by id. */
  submissions: SubmissionEntry[];
  /** Names in SUBMISSIONS that are not submissions (hidden names, files that are not bundles). */
  ignored: string[];
}

export const BUNDLE_SUFFIX = ".bundle";

/** The submissions in `dir` (which must be a folder), as described in the header. */
export function discoverSubmissions(dir: string): Discovery {
  requireString("discoverSubmissions", "dir", dir);
  let names: string[];
  try {
    if (!lstatSync(dir).isDirectory()) throw new Error("not a folder");
    names = readdirSync(dir).sort();
  } catch {
    throw new WorkbenchInputError("discoverSubmissions", "dir", "must be an existing folder (one sub-folder, repository or bundle per student)", dir);
  }
  const submissions: SubmissionEntry[] = [];
  const ignored: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const st = lstatSync(path, { throwIfNoEntry: false });
    if (!st || name.startsWith(".")) {
      ignored.push(name);
      continue;
    }
    const isBundleName = name.endsWith(BUNDLE_SUFFIX);
    if (!st.isDirectory() && !st.isSymbolicLink() && !isBundleName) {
      ignored.push(name);
      continue;
    }
    const id = isBundleName ? name.slice(0, -BUNDLE_SUFFIX.length) : name;
    const entry: SubmissionEntry = { id, kind: isBundleName ? "bundle" : "folder", path };
    if (st.isDirectory()) {
      const git = lstatSync(join(path, ".git"), { throwIfNoEntry: false });
      if (git) {
        entry.kind = "repository";
        if (!git.isDirectory()) entry.problem = ".git is not a folder (a link or a pointer to another repository is not graded)";
      }
    }
    if (st.isSymbolicLink()) entry.problem = "is a symbolic link; put the folder or bundle itself in the submissions folder";
    else if (isBundleName && !st.isFile()) entry.problem = "is named like a bundle but is not a file";
    if (!isStudentId(id)) entry.problem = `the name is not a usable student id: it ${STUDENT_ID_RULE}`;
    submissions.push(entry);
  }
  submissions.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (let i = 1; i < submissions.length; i++) {
    const [prev, cur] = [submissions[i - 1]!, submissions[i]!];
    if (prev.id === cur.id) cur.problem = `a second submission for ${cur.id} (there is a ${prev.kind} too): neither is graded`;
    if (prev.id === cur.id) prev.problem = cur.problem;
  }
  return { submissions, ignored };
}
