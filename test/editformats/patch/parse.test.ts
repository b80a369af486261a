/** lib/editformats/patch/parse.ts: reading a V4A patch reply (`aider/coders/patch_coder.py`, sentinels, top level, Add and Update bodies). */
import { describe, expect, it } from "vitest";
import { EditFormatValueError } from "../../../lib/editformats/coder.js";
import { DiffError } from "../../../lib/editformats/patch/context.js";
import { getPatchEdits, parseAddFileContent, parsePatchText, parseUpdateFileSections } from "../../../lib/editformats/patch/parse.js";
import { ProjectFiles } from "../../../lib/editformats/workspace.js";
import { thrown } from "../../support/thrown.js";

const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n") + "\n";

describe("parseAddFileContent", () => {
  it("+ lines give their text, a blank line gives \"\", joined with \\n; stops at the next action", () => {
    expect(parseAddFileContent(["+a", "", "+b", "*** End Patch"], 0)).toEqual([{ type: "Add", path: "", new_content: "a\n\nb", chunks: [], move_path: null }, 3]);
  });

  it("any other line is Aider's missing-'+' error", () => {
    expect(thrown(() => parseAddFileContent(["+a", "b"], 0))).toEqual(new DiffError("Invalid Add File line (missing '+'): b"));
  });
});

describe("parseUpdateFileSections", () => {
  const file = "def f():\n    x = 1\n    y = 2\ndef g():\n    x = 1\n    y = 2\n";

  it("a scope line moves the search past it; strip-equal context is accepted with fuzz 100; indexes become absolute", () => {
    const [action, next, fuzz] = parseUpdateFileSections(["@@ def g():", " x = 1", "-y = 2", "+y = 3", "*** End Patch"], 0, file);
    expect(action.chunks).toEqual([{ orig_index: 5, del_lines: ["y = 2"], ins_lines: ["y = 3"] }]);
    expect([next, fuzz]).toEqual([4, 100]);
  });

  it("a scope that is not in the file, or a context that is not after the search position, is Aider's DiffError", () => {
    expect(thrown(() => parseUpdateFileSections(["@@ def h():", "-x"], 0, file)).message).toBe("Could not find scope context:\ndef h():");
    // the empty marker leaves two spaces
    expect(thrown(() => parseUpdateFileSections(["-nope"], 0, file)).message).toBe("Could not find patch context  starting near line 0:\nnope");
    expect(thrown(() => parseUpdateFileSections(["-nope", "*** End of File"], 0, file)).message).toBe("Could not find patch context *** End of File starting near line 0:\nnope");
  });

  it("sections must come in file order: after the second def, the first cannot be found", () => {
    const lines = ["@@ def g():", "-    x = 1", "+    x = 10", "@@ def f():", "-    x = 1", "+    x = 0"];
    expect(thrown(() => parseUpdateFileSections(lines, 0, file)).message).toBe("Could not find scope context:\ndef f():");
  });
});

describe("parsePatchText", () => {
  const files = { "a.py": "x\ny\n", "b.py": "b\n" };
  const parse = (lines: string[], warn?: (m: string) => void) => parsePatchText(lines, 0, files, warn);

  it("an Update with a Move, a Delete and an Add, keyed by path in order; stops at *** End Patch, a blank line between actions skipped", () => {
    const { actions, fuzz } = parse(["*** Update File: a.py", "*** Move to: c.py", "-x", "+X", "*** Delete File: b.py", "", "*** Add File: n.py", "+new", "*** End Patch", "garbage"]);
    expect([...actions.keys()]).toEqual(["a.py", "b.py", "n.py"]);
    expect(actions.get("a.py")).toEqual({ type: "Update", path: "a.py", new_content: null, chunks: [{ orig_index: 0, del_lines: ["x"], ins_lines: ["X"] }], move_path: "c.py" });
    expect(actions.get("b.py")).toEqual({ type: "Delete", path: "b.py", new_content: null, chunks: [], move_path: null });
    expect(actions.get("n.py")).toEqual({ type: "Add", path: "n.py", new_content: "new", chunks: [], move_path: null });
    expect(fuzz).toBe(0);
  });

  it("a second Update of a file is merged and searched again from the top of the original file", () => {
    const { actions } = parse(["*** Update File: a.py", "-y", "+Y", "*** Update File: a.py", "-x", "+X"]);
    expect(actions.get("a.py")!.chunks).toEqual([
      { orig_index: 1, del_lines: ["y"], ins_lines: ["Y"] },
      { orig_index: 0, del_lines: ["x"], ins_lines: ["X"] },
    ]);
  });

  it("a repeated Delete only warns", () => {
    const warnings: string[] = [];
    const { actions } = parse(["*** Delete File: b.py", "*** Delete File: b.py"], (m) => warnings.push(m));
    expect(actions.size).toBe(1);
    expect(warnings).toEqual(["Duplicate delete action for file: b.py ignored."]);
  });

  it("each of Aider's top-level DiffErrors, worded as Aider words it", () => {
    const cases: [string[], string][] = [
      [["*** Update File: a.py", "*** Move to: "], "Move to action missing path."],
      [["*** Update File: a.py", "*** Move to: c.py", "-x", "+X", "*** Update File: a.py", "*** Move to: d.py", "-y", "+Y"], "Conflicting move targets for file: a.py"],
      [["*** Delete File: a.py", "*** Update File: a.py", "-x", "+X"], "Conflicting actions for file: a.py"],
      [["*** Update File: a.py", "-x", "+X", "*** Delete File: a.py"], "Conflicting actions for file: a.py"],
      [["*** Add File: n.py", "+a", "*** Add File: n.py"], "Duplicate action for file: n.py"],
      [["*** Add File: "], "Add File action missing path."],
      [["*** Delete File: "], "Delete File action missing path."],
      [["*** Update File: "], "Update File action missing path."],
      [["*** Update File:a.py"], "Unknown or misplaced line while parsing patch: *** Update File:a.py"],
      [["Here is the patch:"], "Unknown or misplaced line while parsing patch: Here is the patch:"],
      [["*** Update File: gone.py", "-x"], "Update File Error - missing file content for: gone.py"],
      [["*** Delete File: gone.py"], "Delete File Error - file not found: gone.py"],
    ];
    for (const [lines, message] of cases) expect(thrown(() => parse(lines))).toEqual(new DiffError(message));
  });

  it("rejects bad arguments, naming them", () => {
    expect(() => parsePatchText([], -1, {})).toThrow("parsePatchText: start must be a non-negative integer");
    expect(() => parsePatchText([], 0, [] as never)).toThrow("parsePatchText: currentFiles must be an object");
    expect(() => parsePatchText("x" as never, 0, {})).toThrow("parsePatchText: lines must be an array");
  });
});

describe("getPatchEdits: sentinels, reading, error wrapping", () => {
  it("an empty or blank reply is no edits and says nothing", () => {
    const files = new ProjectFiles({});
    expect(getPatchEdits("", files)).toEqual([]);
    expect(getPatchEdits(" \n\t", files)).toEqual([]);
    expect(files.io).toEqual([]);
  });

  it("a reply with no patch-like line warns and gives no edits", () => {
    const files = new ProjectFiles({});
    expect(getPatchEdits("I changed nothing.\n", files)).toEqual([]);
    expect(files.io).toEqual([["warning", "Response does not appear to be in patch format."]]);
  });

  it("without the sentinels it warns and parses from line 0; *** Begin Patch may carry extra text, *** End Patch may be missing", () => {
    const files = new ProjectFiles({ "a.py": "x\n" });
    const edits = getPatchEdits("*** Update File: a.py\n-x\n+y\n", files);
    expect(edits).toEqual([["a.py", { type: "Update", path: "a.py", new_content: null, chunks: [{ orig_index: 0, del_lines: ["x"], ins_lines: ["y"] }], move_path: null }]]);
    expect(files.io).toEqual([["warning", "Patch format warning: Missing '*** Begin Patch'/'*** End Patch' sentinels."]]);
    const quiet = new ProjectFiles({ "a.py": "x\n" });
    expect(getPatchEdits("*** Begin Patch (v4a)\n*** Update File: a.py\n-x\n+y\n", quiet)).toEqual(edits);
    expect(quiet.io).toEqual([]);
  });

  it("prose before *** Begin Patch breaks the whole patch: the parse error is wrapped as a ValueError", () => {
    const files = new ProjectFiles({ "a.py": "x\n" });
    const e = thrown(() => getPatchEdits("Here is the patch:\n" + patch("*** Update File: a.py", "-x", "+y"), files));
    expect(e).toBeInstanceOf(EditFormatValueError);
    expect(e).not.toBeInstanceOf(DiffError);
    expect((e as EditFormatValueError).pythonType).toBe("ValueError");
    expect(e.message).toBe("Error parsing patch content: Unknown or misplaced line while parsing patch: Here is the patch:");
  });

  it("a needed file that cannot be read is a DiffError that is NOT wrapped; read_text has logged it", () => {
    const files = new ProjectFiles({});
    const e = thrown(() => getPatchEdits(patch("*** Update File: gone.py", "-x", "+y"), files));
    expect(e).toEqual(new DiffError("File referenced in patch not found or could not be read: gone.py"));
    expect(e).toBeInstanceOf(DiffError);
    expect(files.io).toEqual([["error", "<root>/gone.py: file not found error"]]);
  });

  it("an Update File with an empty path reads the project root and fails there", () => {
    const files = new ProjectFiles({});
    expect(thrown(() => getPatchEdits(patch("*** Update File: ", "-x"), files)).message).toBe("File referenced in patch not found or could not be read: ");
    expect(files.io).toEqual([["error", "<root>: is a directory"]]);
  });
});
