/** lib/editformats/patch/apply.ts: V4A's _apply_update and apply_edits (`aider/coders/patch_coder.py` "Apply"). */
import { describe, expect, it } from "vitest";
import { EditFormatValueError } from "../../../lib/editformats/coder.js";
import { applyPatchEdits, applyUpdate } from "../../../lib/editformats/patch/apply.js";
import { DiffError, type Chunk, type PatchAction } from "../../../lib/editformats/patch/context.js";
import { ProjectFiles } from "../../../lib/editformats/workspace.js";
import { thrown } from "../../support/thrown.js";

const chunk = (orig_index: number, del_lines: string[], ins_lines: string[]): Chunk => ({ orig_index, del_lines, ins_lines });
const update = (path: string, chunks: Chunk[], move_path: string | null = null): [string, PatchAction] => [path, { type: "Update", path, new_content: null, chunks, move_path }];
const add = (path: string, new_content: string | null): [string, PatchAction] => [path, { type: "Add", path, new_content, chunks: [], move_path: null }];
const del = (path: string): [string, PatchAction] => [path, { type: "Delete", path, new_content: null, chunks: [], move_path: null }];

describe("applyUpdate", () => {
  it("applies the chunks in orig_index order, whatever order they come in", () => {
    expect(applyUpdate("a\nb\nc\n", [chunk(2, ["c"], ["C"]), chunk(0, ["a"], ["A", "A2"])], "p")).toBe("A\nA2\nb\nC\n");
  });

  it("deleted lines are compared stripped and inserted lines written verbatim: a fuzzy match takes the patch's indentation", () => {
    expect(applyUpdate("    x = 1\n", [chunk(0, ["x = 1"], ["x = 2"])], "p")).toBe("x = 2\n");
  });

  it("the result is joined with \\n plus one: CRLF comes out LF, deleting everything leaves \\n, an empty file stays empty", () => {
    expect(applyUpdate("a\r\nb\r\n", [chunk(1, ["b"], ["B"])], "p")).toBe("a\nB\n");
    expect(applyUpdate("a\n", [chunk(0, ["a"], [])], "p")).toBe("\n");
    expect(applyUpdate("", [], "p")).toBe("");
  });

  it("overlapping chunks and mismatched lines are Aider's DiffErrors", () => {
    expect(thrown(() => applyUpdate("a\nb\n", [chunk(0, ["a"], ["A"]), chunk(0, ["a"], ["Z"])], "a.py"))).toEqual(
      new DiffError("a.py: Overlapping or out-of-order chunk detected. Current index 1, chunk starts at 0."),
    );
    expect(thrown(() => applyUpdate("a\nb\n", [chunk(1, ["c", "d"], ["C"])], "a.py"))).toEqual(
      new DiffError("a.py: Mismatch applying patch near line 2.\nExpected lines to remove:\n- c\n- d\nFound lines in file:\n  b"),
    );
  });

  it("rejects a text that is not a string", () => {
    expect(() => applyUpdate(1 as never, [], "p")).toThrow("applyUpdate: text must be a string");
  });
});

describe("applyPatchEdits: Add", () => {
  it("makes the parent folders, adds one \\n when missing (an empty Add writes \\n), and says so", () => {
    const files = new ProjectFiles({});
    applyPatchEdits([add("d/e/n.py", "x"), add("m.py", ""), add("k.py", "k\n")], files);
    expect(files.snapshot()).toEqual({ "d/e/n.py": "x\n", "k.py": "k\n", "m.py": "\n" });
    expect(files.io).toEqual([["output", "Adding d/e/n.py"], ["output", "Adding m.py"], ["output", "Adding k.py"]]);
  });

  it("an existing file, a missing content, a file where a folder must go: ValueErrors naming the action", () => {
    const files = new ProjectFiles({ "a.py": "keep\n" });
    expect(thrown(() => applyPatchEdits([add("a.py", "x")], files))).toEqual(new EditFormatValueError("Error applying action 'ActionType.ADD' to a.py: ADD Error: File already exists: a.py"));
    expect(thrown(() => applyPatchEdits([add("n.py", null)], files)).message).toBe("Error applying action 'ActionType.ADD' to n.py: ADD change for n.py has no content");
    expect(thrown(() => applyPatchEdits([add("a.py/x", "x")], files)).message).toBe("Error applying action 'ActionType.ADD' to a.py/x: [Errno 17] File exists: '<root>/a.py'");
    expect(files.snapshot()).toEqual({ "a.py": "keep\n" });
  });
});

describe("applyPatchEdits: Delete and Update", () => {
  it("Delete unlinks; a missing file only warns", () => {
    const files = new ProjectFiles({ "a.py": "a\n" });
    applyPatchEdits([del("a.py"), del("gone.py")], files);
    expect(files.snapshot()).toEqual({});
    expect(files.io).toEqual([["output", "Deleting a.py"], ["output", "Deleting gone.py"], ["warning", "DELETE Warning: File not found, skipping: gone.py"]]);
  });

  it("Update of a missing file is Aider's UPDATE Error", () => {
    expect(thrown(() => applyPatchEdits([update("gone.py", [])], new ProjectFiles({}))).message).toBe(
      "Error applying action 'ActionType.UPDATE' to gone.py: UPDATE Error: File does not exist: gone.py",
    );
  });

  it("Update with a move writes the target (folders made), unlinks the source, and warns when it overwrites", () => {
    const files = new ProjectFiles({ "a.py": "x\n", "b.py": "old b\n" });
    applyPatchEdits([update("a.py", [chunk(0, ["x"], ["y"])], "d/c.py")], files);
    expect(files.snapshot()).toEqual({ "b.py": "old b\n", "d/c.py": "y\n" });
    applyPatchEdits([update("d/c.py", [], "b.py")], files);
    expect(files.snapshot()).toEqual({ "b.py": "y\n" });
    expect(files.io).toEqual([
      ["output", "Updating and moving a.py to d/c.py"],
      ["output", "Updating and moving d/c.py to b.py"],
      ["warning", "UPDATE Warning: Target file for move already exists, overwriting: b.py"],
    ]);
  });

  it("a move onto itself is a plain write, the file kept", () => {
    const files = new ProjectFiles({ "a.py": "x\n" });
    applyPatchEdits([update("a.py", [chunk(0, ["x"], ["y"])], "./a.py")], files);
    expect(files.snapshot()).toEqual({ "a.py": "y\n" });
  });
});

describe("applyPatchEdits: failures and dry run", () => {
  it("a failed Update leaves its file byte-identical; earlier actions stay applied", () => {
    const files = new ProjectFiles({ "a.py": "a\n", "b.py": "b = 1\r\nc = 2\r\n" });
    const e = thrown(() => applyPatchEdits([del("a.py"), update("b.py", [chunk(0, ["nope"], ["x"])]), del("b.py")], files));
    expect(e).toBeInstanceOf(EditFormatValueError);
    expect(e.message).toBe("Error applying action 'ActionType.UPDATE' to b.py: b.py: Mismatch applying patch near line 1.\nExpected lines to remove:\n- nope\nFound lines in file:\n  b = 1");
    expect(files.snapshot()).toEqual({ "b.py": "b = 1\r\nc = 2\r\n" });
  });

  it("--dry-run only silences write_text: a Delete deletes, a move unlinks its source, folders are made", () => {
    const files = new ProjectFiles({ "a.py": "x\n", "gone.py": "g\n" }, { dryRun: true });
    applyPatchEdits([update("a.py", [chunk(0, ["x"], ["y"])], "d/b.py"), del("gone.py"), add("e/n.py", "n")], files);
    expect(files.snapshot()).toEqual({});
    expect(files.folders()).toEqual(["d", "e"]);
  });
});
