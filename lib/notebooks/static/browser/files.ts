/// <reference lib="dom" />
/**
 * The files the notebooks read, as an in-memory tree: the site's `files.json` (written by `../build.ts`) maps
 * project-relative paths to their text; they appear under `PROJECT_ROOT`, and a notebook's cells run with
 * `notebooks/` as their folder, as they do under tslab.
 */
export const PROJECT_ROOT = "/project";
export const NOTEBOOK_DIR = `${PROJECT_ROOT}/notebooks`;

const files = new Map<string, string>();
let loading: Promise<void> | undefined;

/** Fetches `files.json` (beside the worker's script) once. */
export function loadFiles(): Promise<void> {
  loading ??= (async () => {
    const res = await fetch(new URL("files.json", self.location.href));
    if (!res.ok) throw new Error(`files.json: ${res.status}`);
    for (const [path, text] of Object.entries((await res.json()) as Record<string, string>)) files.set(`${PROJECT_ROOT}/${path}`, text);
  })();
  return loading;
}

/** The loaded files by absolute path. */
export function projectFiles(): ReadonlyMap<string, string> {
  return files;
}
