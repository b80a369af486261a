/**
 * Where a platform's submission keeps the exercises. Students upload in many shapes: a whole workbench checkout
 * (`exercises/NN-name/…`), the exercises folder itself (`NN-name/…`), either of those inside one top folder (a zip
 * made of the folder, not its files), or just the files they edited (`pagerank.ts`). This finds the folder laid
 * out like `exercises/` — copying loose files into such a layout — or says why there is none. Links are never
 * followed and only regular files of bounded size are copied: the submission is untrusted.
 */
import { copyFileSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";
import { requireString } from "../../core/validate.js";

/** What the locator needs of an exercise: its id and the files a student edits. */
export interface LocatableExercise {
  id: string;
  files: readonly string[];
}

export type SubmissionLayout = "checkout" | "exercises" | "loose files";

export type Located =
  | { ok: true; dir: string; layout: SubmissionLayout; notes: string[] }
  | { ok: false; problem: string };

export const LOCATE_LIMITS = Object.freeze({ looseFileBytes: 1024 * 1024, topFolders: 1 });

/** Names an upload tool adds that are never a student's work (macOS zip metadata, hidden files). */
const IGNORED = (name: string): boolean => name.startsWith(".") || name === "__MACOSX";

/**
 * The exercises folder of the submission at `dir`; loose files are copied into `staging` (a new, empty folder the
 * caller owns). `notes` say what was assumed (a top folder, loose files) so the student is told.
 */
export function locateExercises(dir: string, exercises: readonly LocatableExercise[], staging: string): Located {
  requireString("locateExercises", "dir", dir);
  requireString("locateExercises", "staging", staging);
  if (exercises.length === 0) throw new WorkbenchInputError("locateExercises", "exercises", "must name at least one exercise");
  const notes: string[] = [];
  let here = dir;
  for (let depth = 0; ; depth++) {
    const entries = listVisible(here);
    if (entries === null) return { ok: false, problem: "the submission is not a folder that can be read" };
    if (entries.length === 0) return { ok: false, problem: depth === 0 ? "the submission is empty" : "the submission's top folder is empty" };
    const folders = entries.filter((e) => e.kind === "folder").map((e) => e.name);
    if (folders.includes("exercises") && hasExerciseFolder(join(here, "exercises"), exercises)) {
      return { ok: true, dir: join(here, "exercises"), layout: "checkout", notes };
    }
    if (exercises.some((e) => folders.includes(e.id))) return { ok: true, dir: here, layout: "exercises", notes };
    const loose = looseFiles(here, entries, exercises);
    if (loose.length > 0) return stageLooseFiles(here, loose, staging, notes);
    if (depth < LOCATE_LIMITS.topFolders && entries.length === 1 && entries[0]!.kind === "folder") {
      notes.push(`graded what is inside the top folder ${entries[0]!.name}/ (the upload was a folder, not its files)`);
      here = join(here, entries[0]!.name);
      continue;
    }
    const example = exercises[0]!;
    return {
      ok: false,
      problem: `no exercise found: expected exercises/${example.id}/${example.files[0] ?? "…"} (a workbench checkout), ${example.id}/… (the exercises folder) or the edited files themselves (${exercises.flatMap((e) => e.files).slice(0, 3).join(", ")} …)`,
    };
  }
}

type Entry = { name: string; kind: "folder" | "file" | "other" };

function listVisible(dir: string): Entry[] | null {
  try {
    if (!lstatSync(dir).isDirectory()) return null;
    return readdirSync(dir)
      .filter((n) => !IGNORED(n))
      .sort()
      .map((name) => {
        const st = lstatSync(join(dir, name));
        return { name, kind: st.isDirectory() ? "folder" : st.isFile() ? "file" : "other" };
      });
  } catch {
    return null;
  }
}

function hasExerciseFolder(dir: string, exercises: readonly LocatableExercise[]): boolean {
  const entries = listVisible(dir);
  return entries !== null && entries.some((e) => e.kind === "folder" && exercises.some((x) => x.id === e.name));
}

/** Regular files at the top whose names are exercise files, with the exercise each belongs to. */
function looseFiles(dir: string, entries: readonly Entry[], exercises: readonly LocatableExercise[]): { file: string; exercise: string }[] {
  const out: { file: string; exercise: string }[] = [];
  for (const e of entries) {
    if (e.kind !== "file") continue;
    const owners = exercises.filter((x) => x.files.includes(e.name));
    if (owners.length === 1) out.push({ file: e.name, exercise: owners[0]!.id });
  }
  return out;
}

function stageLooseFiles(dir: string, loose: readonly { file: string; exercise: string }[], staging: string, notes: string[]): Located {
  for (const { file, exercise } of loose) {
    const from = join(dir, file);
    const size = lstatSync(from).size;
    if (size > LOCATE_LIMITS.looseFileBytes) return { ok: false, problem: `${file} is larger than ${LOCATE_LIMITS.looseFileBytes / 1024} KB` };
    mkdirSync(join(staging, exercise), { recursive: true });
    copyFileSync(from, join(staging, exercise, file));
  }
  notes.push(`graded the files uploaded on their own: ${loose.map((l) => `${l.file} → ${l.exercise}`).join(", ")}`);
  return { ok: true, dir: staging, layout: "loose files", notes };
}
