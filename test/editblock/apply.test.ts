import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEdits, MemoryFileSystem, PythonError, type EditBlock } from "../../lib/index.js";

const e = (path: string, search: string, replace: string): EditBlock => ({ path, search, replace });
const TAIL = "The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n";

describe("applyEdits — targets", () => {
  it("falls back to the chat files in order and re-targets the edit; the dry run returns it and writes nothing", () => {
    const before = { "a.py": "x = 1\n", "b.py": "y = 2\n", "c.py": "y = 2\n" };
    const fs = new MemoryFileSystem(before);
    const edits = [e("a.py", "y = 2\n", "y = 3\n"), e("a.py", "nowhere\n", "z\n")];
    const r = applyEdits(edits, fs, { chatFiles: ["c.py", "b.py"], dryRun: true });
    expect(r.updated).toEqual([e("c.py", "y = 2\n", "y = 3\n"), e("a.py", "nowhere\n", "z\n")]);
    expect(r.error).toBeNull(); // a dry run returns before building the failure message
    expect(r.failed).toEqual([edits[1]]);
    expect(fs.writes).toEqual([]);
    expect(fs.snapshot()).toEqual(before);
  });

  it("the fallback is skipped for a blank SEARCH, and an edit whose result is '' fails", () => {
    const fs = new MemoryFileSystem({ "a.py": "a\n", "b.py": "" });
    const r = applyEdits([e("a.py", "a\n", ""), e("b.py", "\n", "")], fs, { chatFiles: ["a.py", "b.py"], dryRun: true });
    expect(r.outcomes.map((o) => o.applied)).toEqual([false, false]);
    expect(r.outcomes[0]!.how).toEqual({ result: null, stage: "none", dotsError: null, how: "replace" });
  });

  it("a new file exists only once Aider's allowed_to_edit has touched it; then the blank SEARCH creates content", () => {
    const fs = new MemoryFileSystem({ "new.py": "" });
    expect(applyEdits([e("new.py", "", "print(1)\n")], fs, { chatFiles: [] }).error).toBeNull();
    expect(fs.snapshot()).toEqual({ "new.py": "print(1)\n" });
  });
});

describe("applyEdits — partial success and the failure message", () => {
  it("passed edits are written first; the message sees the written files; plurals follow each count", () => {
    const fs = new MemoryFileSystem({ "a.py": "one\ntwo\n" });
    const edits = [e("a.py", "one\n", "ONE\n"), e("a.py", "one\n", "ONE\n"), e("a.py", "two\n", "TWO\n")];
    const r = applyEdits(edits, fs, { chatFiles: ["a.py"] });
    expect(fs.snapshot()).toEqual({ "a.py": "ONE\nTWO\n" });
    expect(r.passed).toEqual([edits[0], edits[2]]);
    expect(r.error).toBe(
      "# 1 SEARCH/REPLACE block failed to match!\n" +
        "\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in a.py\n" +
        "<<<<<<< SEARCH\none\n=======\nONE\n>>>>>>> REPLACE\n\n" +
        "Are you sure you need this SEARCH/REPLACE block?\nThe REPLACE lines are already in a.py!\n\n" +
        TAIL +
        "\n# The other 2 SEARCH/REPLACE blocks were applied successfully.\nDon't re-send them.\n" +
        "Just reply with fixed versions of the block above that failed to match.\n",
    );
  });

  it("'Did you mean' shows the nearest lines inside the coder's fence; the failed edit is shown as given", () => {
    const fs = new MemoryFileSystem({ "a.py": "a\nb\nc\nd\n", "b.py": "zzz\n" });
    const r = applyEdits([e("a.py", "a\nb\nX\nd\n", "q\n")], fs, { chatFiles: ["a.py", "b.py"], fence: ["<pre>", "</pre>"] });
    expect(r.error).toContain("Did you mean to match some of these actual lines from a.py?\n\n<pre>\na\nb\nc\nd\n</pre>\n\n");
    expect(r.error!.endsWith(TAIL)).toBe(true);
  });

  it("crashes as Aider does when a failed edit names a missing file — after writing the edits that passed", () => {
    const fs = new MemoryFileSystem({ "a.py": "a\n" });
    const edits = [e("a.py", "a\n", "A\n"), e("gone.py", "x\n", "y\n")];
    expect(() => applyEdits(edits, fs, { chatFiles: ["a.py"] })).toThrow(new PythonError("AttributeError", "'NoneType' object has no attribute 'splitlines'"));
    expect(fs.snapshot()).toEqual({ "a.py": "A\n" });
    // the same happens to a new-file edit whose file was never touched (no allowed_to_edit step here)
    expect(() => applyEdits([e("new.py", "", "x\n")], new MemoryFileSystem(), { chatFiles: [] })).toThrow(PythonError);
  });

  it("an empty SEARCH that fails (empty file, empty REPLACE) makes find_similar_lines raise IndexError", () => {
    expect(() => applyEdits([e("a.py", "", "")], new MemoryFileSystem({ "a.py": "" }), { chatFiles: [] })).toThrow("IndexError");
  });

  it("rejects bad arguments naming the parameter", () => {
    const fs = new MemoryFileSystem();
    expect(() => applyEdits([{ path: "a" } as EditBlock], fs, { chatFiles: [] })).toThrow(/applyEdits: edits\[0\].search must be a string/);
    expect(() => applyEdits([], fs, { chatFiles: "a" as unknown as string[] })).toThrow(/options.chatFiles must be an array/);
    expect(() => applyEdits([], fs, { chatFiles: [], dryrun: true } as never)).toThrow(/options.dryrun is not a known option/);
    expect(() => new MemoryFileSystem({ "/abs.py": "" })).toThrow(/must be a non-empty repository-relative path/);
  });
});

// Files of distinct lines; edits whose SEARCH is either a window of some file or a line found nowhere, and whose
// REPLACE is a marker line unique to the edit.
const scenario = fc
  .record({
    files: fc.array(fc.array(fc.constantFrom("a", "b", "c", "d", "e", "f"), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }),
    picks: fc.array(fc.record({ file: fc.nat(), from: fc.nat(), len: fc.integer({ min: 1, max: 3 }), named: fc.nat(), miss: fc.boolean() }), { minLength: 1, maxLength: 6 }),
    dryRun: fc.boolean(),
  })
  .map(({ files, picks, dryRun }) => {
    const names = files.map((_, i) => `f${i}.py`);
    const contents = files.map((ls, i) => ls.map((l) => `${l}${i}\n`).join(""));
    const edits = picks.map((p, k) => {
      const lines = files[p.file % files.length]!.map((l) => `${l}${p.file % files.length}\n`);
      const start = p.from % lines.length;
      const search = p.miss ? `missing ${k}\n` : lines.slice(start, start + p.len).join("");
      return e(names[p.named % names.length]!, search, `EDIT ${k}\n`);
    });
    return { before: Object.fromEntries(names.map((n, i) => [n, contents[i]!])), names, edits, dryRun };
  });

describe("applyEdits — properties", () => {
  it("the edits reported as applied are exactly those whose change is in the files; untouched files are unchanged", () => {
    fc.assert(
      fc.property(scenario, ({ before, names, edits, dryRun }) => {
        const fs = new MemoryFileSystem(before);
        const r = applyEdits(edits, fs, { chatFiles: names, dryRun });
        const after = fs.snapshot();
        const all = Object.values(after).join("");
        r.outcomes.forEach((o, k) => {
          if (dryRun) return;
          expect(all.includes(`EDIT ${k}\n`), `edit ${k}`).toBe(o.applied);
          if (o.applied) expect(after[o.path]).toContain(`EDIT ${k}\n`);
        });
        const changed = new Set(r.outcomes.filter((o) => o.applied && !dryRun).map((o) => o.path));
        for (const n of names) if (!changed.has(n)) expect(after[n]).toBe(before[n]);
        expect(fs.writes.length).toBe(dryRun ? 0 : r.passed.length);
        expect(r.passed.length + r.failed.length).toBe(edits.length);
        expect(r.error === null).toBe(dryRun || r.failed.length === 0);
      }),
      { numRuns: 200 },
    );
  });

  it("when every edit fails, nothing changes", () => {
    fc.assert(
      fc.property(scenario, ({ before, names, edits }) => {
        const missing = edits.map((x, k) => ({ ...x, search: `never ${k}\n` }));
        const fs = new MemoryFileSystem(before);
        const r = applyEdits(missing, fs, { chatFiles: names });
        expect(fs.snapshot()).toEqual(before);
        expect(r.error).toMatch(/^# \d+ SEARCH\/REPLACE blocks? failed to match!\n/);
      }),
    );
  });
});
