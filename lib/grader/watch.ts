/**
 * `grade --watch`: notices saves under the graded folder and says which exercises changed,
 * whatever way an editor saves. Editors save in different ways — a plain write; vim's new file renamed over the
 * old; "safe write" (VS Code, JetBrains: a temporary file, the original renamed to a backup, the temporary renamed
 * into place); delete and re-create, of a file or of a whole exercise folder — and a rename or deletion leaves an
 * inotify watch on a file or folder that is no longer there. So events are only a prompt to *look*: each exercise
 * folder's source files are fingerprinted (inode, size, mtime, path), a change is reported once it has held still
 * for `debounceMs` (an editor's burst of writes is one change), a slow poll looks anyway (a replaced folder emits
 * nothing), and the folder watches are set up again whenever a folder is replaced.
 */
import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireInteger, requireRecord, requireString, requireStringArray } from "../core/validate.js";

export interface WatchOptions {
  /** Quiet time after an event before looking, and how long a change must hold still to be reported. */
  debounceMs: number;
  /** Looks this often even without events (the safety net for a replaced folder). */
  pollMs: number;
  /** Status lines: the watched folder went away, came back. */
  onNote: (line: string) => void;
}

export const WATCH_DEFAULTS: Readonly<WatchOptions> = Object.freeze({ debounceMs: 250, pollMs: 1000, onNote: () => undefined });

/** The files whose change can change a grade: sources and JSON (not an editor's swap, backup or temporary file). */
export function isWatchedFile(name: string): boolean {
  return !name.startsWith(".") && /\.(?:[cm]?[jt]sx?|json)$/.test(name);
}

const MAX_ENTRIES = 2000;
const MAX_DEPTH = 4;

/** A fingerprint of one exercise folder's watched files; "missing" when the folder is not there. */
export function folderFingerprint(dir: string): string {
  const parts: string[] = [];
  const walk = (path: string, rel: string, depth: number): boolean => {
    let names: string[];
    try {
      names = readdirSync(path).sort();
    } catch {
      return false;
    }
    for (const name of names) {
      if (parts.length >= MAX_ENTRIES) break;
      if (name.startsWith(".") || name === "node_modules") continue;
      let st;
      try {
        st = statSync(join(path, name), { throwIfNoEntry: false, bigint: true });
      } catch {
        continue; // unreadable (permissions, a loop of links): not something the grader could build either
      }
      if (!st) continue;
      if (st.isDirectory() && depth < MAX_DEPTH) walk(join(path, name), `${rel}${name}/`, depth + 1);
      else if (st.isFile() && isWatchedFile(name)) parts.push(`${rel}${name}:${st.ino}:${st.size}:${st.mtimeNs}`);
    }
    return true;
  };
  return walk(dir, "", 0) ? parts.join("\n") : "missing";
}

/**
 * Calls `onChange` with the ids (e.g. "01-pagerank", sorted) of the known exercises whose files changed under
 * `target.dir`, one call per settled change. Returns a function that stops watching.
 */
export function watchExercises(
  target: { dir: string; known: readonly string[] },
  onChange: (ids: string[]) => void,
  options: Partial<WatchOptions> = {},
): () => void {
  rejectUnknownKeys("watchExercises", "options", requireRecord("watchExercises", "options", options), Object.keys(WATCH_DEFAULTS));
  const opts = { ...WATCH_DEFAULTS, ...options };
  const dir = requireString("watchExercises", "target.dir", requireRecord("watchExercises", "target", target).dir);
  const known = requireStringArray("watchExercises", "target.known", target.known);
  requireInteger("watchExercises", "options.debounceMs", opts.debounceMs, 1);
  requireInteger("watchExercises", "options.pollMs", opts.pollMs, 1);
  if (typeof onChange !== "function") throw new WorkbenchInputError("watchExercises", "onChange", "must be a function", onChange);
  if (typeof opts.onNote !== "function") throw new WorkbenchInputError("watchExercises", "options.onNote", "must be a function", opts.onNote);
  const fingerprints = (): Map<string, string> => new Map(known.map((id) => [id, folderFingerprint(join(dir, id))]));
  const reported = fingerprints();
  let settling: Map<string, string> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let dirMissing = false;
  const watchers = new Map<string, { watcher: FSWatcher; ino: bigint }>();

  const schedule = (ms: number): void => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      look();
    }, ms);
  };

  const unwatch = (path: string): void => {
    watchers.get(path)?.watcher.close();
    watchers.delete(path);
  };

  /** A watch on each folder that is there, set up again when the folder at that path is a new one. */
  const arm = (): void => {
    for (const path of [dir, ...known.map((id) => join(dir, id))]) {
      const st = statSync(path, { throwIfNoEntry: false, bigint: true });
      if (!st?.isDirectory()) {
        unwatch(path);
        continue;
      }
      if (watchers.get(path)?.ino === st.ino) continue;
      unwatch(path);
      try {
        const watcher = watch(path, () => schedule(opts.debounceMs));
        watcher.on("error", () => unwatch(path)); // the folder went away: the next look sets it up again
        watchers.set(path, { watcher, ino: st.ino });
      } catch {
        // gone between the stat and the watch: the poll will find it
      }
    }
  };

  let lastTrouble = "";
  const look = (): void => {
    if (closed) return;
    try {
      lookNow();
      lastTrouble = "";
    } catch (err) {
      // A folder that cannot be read (permissions, a loop of links): say so once, keep watching.
      const trouble = `cannot look at ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); still watching`;
      if (trouble !== lastTrouble) opts.onNote(trouble);
      lastTrouble = trouble;
    }
  };

  const lookNow = (): void => {
    arm();
    const missing = !statSync(dir, { throwIfNoEntry: false })?.isDirectory();
    if (missing !== dirMissing) opts.onNote(missing ? `${dir} is gone; watching for it to come back` : `${dir} is back`);
    dirMissing = missing;
    const now = fingerprints();
    const changed = known.filter((id) => now.get(id) !== reported.get(id));
    if (changed.length === 0) {
      settling = null;
      return;
    }
    const settled = settling !== null && changed.every((id) => settling!.get(id) === now.get(id));
    if (!settled) {
      settling = now;
      schedule(opts.debounceMs);
      return;
    }
    settling = null;
    for (const id of changed) reported.set(id, now.get(id)!);
    onChange([...changed].sort());
  };

  try {
    arm();
  } catch {
    // the first look (at the first poll) says what is wrong
  }
  const poll = setInterval(() => {
    if (timer === undefined) look();
  }, opts.pollMs);
  return () => {
    closed = true;
    clearTimeout(timer);
    clearInterval(poll);
    for (const path of [...watchers.keys()]) unwatch(path);
  };
}
