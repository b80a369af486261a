/**
 * The exercise manifest of a student release (`workbench release`): a checkout without `solutions/`
 * still needs to know which exercises there are, which files a student edits, and each file's pristine stub (for
 * `workbench reset`). The release writes them to `exercises/manifest.json`; `listExercises` (catalog.ts) reads it
 * when there is no `solutions/` folder. The stubs in it are `stubFromSolution`'s output, made when releasing.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { requireString } from "../core/validate.js";

/** Where the manifest lives, relative to the checkout. */
export const MANIFEST_PATH = "exercises/manifest.json";
export const MANIFEST_FORMAT = 1;

export interface ManifestExercise {
  /** "01-pagerank". */
  id: string;
  /** File name ("pagerank.ts") → its pristine stub. */
  stubs: Record<string, string>;
}

export interface ExerciseManifest {
  format: typeof MANIFEST_FORMAT;
  exercises: ManifestExercise[];
}

const ID = /^\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILE = /^[A-Za-z0-9_.-]+\.ts$/;

/** The manifest as written to disk (stable key order, exercises sorted). */
export function formatManifest(manifest: ExerciseManifest): string {
  const exercises = [...manifest.exercises]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((e) => ({ id: e.id, stubs: Object.fromEntries(Object.keys(e.stubs).sort().map((f) => [f, e.stubs[f]!])) }));
  return JSON.stringify({ format: MANIFEST_FORMAT, exercises }, null, 2) + "\n";
}

/** Parses and checks a manifest; anything malformed is a `WorkbenchInputError` naming what is wrong. */
export function parseManifest(text: string): ExerciseManifest {
  requireString("parseManifest", "text", text);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new WorkbenchInputError("parseManifest", "text", `must be JSON (${(err as Error).message.split("\n")[0]})`);
  }
  const bad = (rule: string): never => {
    throw new WorkbenchInputError("parseManifest", "text", rule);
  };
  if (typeof data !== "object" || data === null || Array.isArray(data)) return bad("must be a JSON object");
  const { format, exercises } = data as { format?: unknown; exercises?: unknown };
  if (format !== MANIFEST_FORMAT) return bad(`must have "format": ${MANIFEST_FORMAT}`);
  if (!Array.isArray(exercises)) return bad(`must have an "exercises" array`);
  const seen = new Set<string>();
  const out: ManifestExercise[] = exercises.map((e: unknown, i) => {
    if (typeof e !== "object" || e === null) return bad(`exercises[${i}] must be an object`);
    const { id, stubs } = e as { id?: unknown; stubs?: unknown };
    if (typeof id !== "string" || !ID.test(id)) return bad(`exercises[${i}].id must look like "01-pagerank"`);
    if (seen.has(id)) return bad(`exercises[${i}].id ${id} is listed twice`);
    seen.add(id);
    if (typeof stubs !== "object" || stubs === null || Array.isArray(stubs)) return bad(`exercises[${i}].stubs must be an object`);
    const entries = Object.entries(stubs as Record<string, unknown>);
    if (entries.length === 0) return bad(`exercises[${i}].stubs must name at least one file`);
    for (const [f, s] of entries) {
      if (!FILE.test(f)) return bad(`exercises[${i}].stubs: ${JSON.stringify(f)} must be a plain .ts file name`);
      if (typeof s !== "string") return bad(`exercises[${i}].stubs["${f}"] must be the stub's text`);
    }
    return { id, stubs: Object.fromEntries(entries) as Record<string, string> };
  });
  return { format: MANIFEST_FORMAT, exercises: out };
}
