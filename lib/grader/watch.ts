/**
 * `grade --watch`: notices saves under the graded folder and says which exercises changed, debounced so an
 * editor's burst of writes (temp file, rename, chmod) triggers one re-grade.
 */
import { watch } from "node:fs";
import { sep } from "node:path";

export const WATCH_DEFAULTS = Object.freeze({ debounceMs: 250 });

/**
 * Calls `onChange` with the ids (first path component, e.g. "01-pagerank") of the known exercises whose files
 * changed under `dir`. Returns a function that stops watching.
 */
export function watchExercises(dir: string, known: readonly string[], onChange: (ids: string[]) => void, debounceMs = WATCH_DEFAULTS.debounceMs): () => void {
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dir, { recursive: true }, (_event, filename) => {
    if (!filename) return;
    const id = filename.toString().split(sep)[0]!;
    if (!known.includes(id)) return;
    changed.add(id);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const ids = [...changed].sort();
      changed.clear();
      onChange(ids);
    }, debounceMs);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
