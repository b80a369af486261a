/**
 * `grade --watch`'s watcher (lib/grader/watch.ts) against the ways editors save (issue 15, item 4): a plain write,
 * vim's new file renamed over the old, delete and re-create, "safe write" with a backup (VS Code, JetBrains) — one
 * change each — and an exercise folder deleted and re-created, and the watched folder itself replaced, after
 * which saves are still seen. Editors' swap, backup and temporary files alone are no change.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { folderFingerprint, isWatchedFile, watchExercises } from "../../lib/grader/watch.js";

const OPTIONS = { debounceMs: 100, pollMs: 300 };
/** How long to wait for a change to be reported (a loaded machine), and to be sure no other one follows. */
const PATIENCE_MS = 15_000;
const QUIET_MS = 1_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

let stops: (() => void)[] = [];
afterEach(() => {
  stops.forEach((s) => s());
  stops = [];
});

function watched(dir: string, known: string[]): { calls: string[][]; notes: string[]; next: (what: string) => Promise<string[]>; quiet: (what: string) => Promise<void> } {
  const calls: string[][] = [];
  const notes: string[] = [];
  stops.push(watchExercises({ dir, known }, (ids) => calls.push(ids), { ...OPTIONS, onNote: (l) => notes.push(l) }));
  let seen = 0;
  return {
    calls,
    notes,
    /** The next reported change, and no second one for the same save. */
    async next(what) {
      const until = Date.now() + PATIENCE_MS;
      while (calls.length === seen) {
        if (Date.now() > until) throw new Error(`${what}: no change reported within ${PATIENCE_MS} ms`);
        await sleep(25);
      }
      await sleep(QUIET_MS);
      expect(calls.length, `${what}: reported once, not ${calls.length - seen} times (${JSON.stringify(calls.slice(seen))})`).toBe(seen + 1);
      return calls[seen++]!;
    },
    async quiet(what) {
      await sleep(QUIET_MS);
      expect(calls.slice(seen), `${what}: no change expected`).toEqual([]);
    },
  };
}

function exerciseFolder(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "wb-watch-"));
  mkdirSync(join(dir, "01-a"));
  mkdirSync(join(dir, "02-b"));
  writeFileSync(join(dir, "01-a", "f.ts"), "export const v = 0;\n");
  writeFileSync(join(dir, "02-b", "g.ts"), "export const w = 0;\n");
  return { dir, file: join(dir, "01-a", "f.ts") };
}

describe("watchExercises", () => {
  it("sees a save made each of the four ways, once each", { timeout: 120_000 }, async () => {
    const { dir, file } = exerciseFolder();
    const w = watched(dir, ["01-a", "02-b"]);
    await w.quiet("nothing saved yet");

    writeFileSync(file, "export const v = 1;\n");
    expect(await w.next("a plain write")).toEqual(["01-a"]);

    writeFileSync(join(dir, "01-a", ".f.ts.swp"), "swap");
    writeFileSync(`${file}.tmp`, "export const v = 2;\n");
    renameSync(`${file}.tmp`, file);
    expect(await w.next("a new file renamed over the old one (vim)")).toEqual(["01-a"]);

    unlinkSync(file);
    await sleep(20);
    writeFileSync(file, "export const v = 3;\n");
    expect(await w.next("delete and re-create")).toEqual(["01-a"]);

    writeFileSync(`${file}___jb_tmp___`, "export const v = 4;\n");
    renameSync(file, `${file}___jb_old___`);
    renameSync(`${file}___jb_tmp___`, file);
    unlinkSync(`${file}___jb_old___`);
    expect(await w.next("safe write: temporary file, original renamed to a backup, temporary renamed into place")).toEqual(["01-a"]);

    expect(w.calls).toHaveLength(4);
  });

  it("editors' swap, backup and temporary files, and folders of no known exercise, are no change", { timeout: 60_000 }, async () => {
    const { dir, file } = exerciseFolder();
    const w = watched(dir, ["01-a", "02-b"]);
    for (const name of [".f.ts.swp", "f.ts~", "4913", "f.ts___jb_tmp___", "f.ts.bak"]) writeFileSync(join(dir, "01-a", name), "x");
    mkdirSync(join(dir, "99-other"));
    writeFileSync(join(dir, "99-other", "h.ts"), "x");
    await w.quiet("editor files");
    writeFileSync(join(dir, "02-b", "g.ts"), "export const w = 1;\n");
    writeFileSync(file, "export const v = 1;\n");
    expect(await w.next("two exercises saved together")).toEqual(["01-a", "02-b"]);
  });

  it("an exercise folder deleted and created again, and then saved in", { timeout: 120_000 }, async () => {
    const { dir, file } = exerciseFolder();
    const w = watched(dir, ["01-a", "02-b"]);
    rmSync(join(dir, "01-a"), { recursive: true });
    expect(await w.next("the folder deleted")).toEqual(["01-a"]);
    mkdirSync(join(dir, "01-a"));
    writeFileSync(file, "export const v = 1;\n");
    expect(await w.next("the folder created again")).toEqual(["01-a"]);
    writeFileSync(file, "export const v = 2;\n");
    expect(await w.next("a save in the new folder")).toEqual(["01-a"]);
  });

  it("survives the watched folder itself being replaced, says so, and sees saves in the new one", { timeout: 120_000 }, async () => {
    const { dir, file } = exerciseFolder();
    const w = watched(dir, ["01-a", "02-b"]);
    renameSync(dir, `${dir}.old`);
    expect(await w.next("the folder moved away")).toEqual(["01-a", "02-b"]);
    expect(w.notes).toEqual([`${dir} is gone; watching for it to come back`]);
    mkdirSync(join(dir, "01-a"), { recursive: true });
    writeFileSync(file, "export const v = 1;\n");
    expect(await w.next("a new folder in its place")).toEqual(["01-a"]);
    expect(w.notes).toEqual([`${dir} is gone; watching for it to come back`, `${dir} is back`]);
    writeFileSync(file, "export const v = 22;\n");
    expect(await w.next("a save in the new folder")).toEqual(["01-a"]);
    mkdirSync(join(dir, "02-b"));
    writeFileSync(join(dir, "02-b", "g.ts"), "export const w = 1;\n");
    expect(await w.next("the other exercise back")).toEqual(["02-b"]);
  });

  it("stops: no change is reported after the returned function is called", { timeout: 30_000 }, async () => {
    const { dir, file } = exerciseFolder();
    const w = watched(dir, ["01-a"]);
    stops.pop()!();
    writeFileSync(file, "export const v = 1;\n");
    await w.quiet("after stop");
  });
});

describe("watchExercises' arguments", () => {
  it("are checked: one line naming the parameter and the rule", () => {
    const on = (): void => undefined;
    expect(() => watchExercises({ dir: 3 as unknown as string, known: [] }, on)).toThrow(/watchExercises: target\.dir must be a string/);
    expect(() => watchExercises({ dir: tmpdir(), known: [1] as unknown as string[] }, on)).toThrow(/target\.known\[0\] must be a string/);
    expect(() => watchExercises({ dir: tmpdir(), known: [] }, on, { pollMs: 0 })).toThrow(/options\.pollMs must be a positive integer/);
    expect(() => watchExercises({ dir: tmpdir(), known: [] }, on, { debounce: 5 } as never)).toThrow(/options/);
  });
});

describe("what the watcher fingerprints", () => {
  it("source and JSON files, not editors' files; a missing folder is 'missing'", () => {
    expect(["a.ts", "a.mts", "a.js", "a.json", "a.tsx"].every(isWatchedFile)).toBe(true);
    expect([".a.ts.swp", "a.ts~", "4913", "a.ts___jb_tmp___", "a.ts.bak", ".hidden.ts", "README.md"].some(isWatchedFile)).toBe(false);
    const { dir } = exerciseFolder();
    const before = folderFingerprint(join(dir, "01-a"));
    writeFileSync(join(dir, "01-a", "f.ts~"), "backup");
    expect(folderFingerprint(join(dir, "01-a"))).toBe(before);
    mkdirSync(join(dir, "01-a", "sub"));
    writeFileSync(join(dir, "01-a", "sub", "helper.ts"), "x");
    expect(folderFingerprint(join(dir, "01-a"))).not.toBe(before);
    expect(folderFingerprint(join(dir, "nope"))).toBe("missing");
  });
});
