/** lib/editformats/udiff/parse.ts: Aider's find_diffs, process_fenced_block, get_edits and hunk_to_before_after (`aider/coders/udiff_coder.py`). */
import { describe, expect, it } from "vitest";
import { PythonError } from "../../../lib/core/pyerror.js";
import { findDiffs, getUdiffEdits, hunkToBeforeAfter, hunkToBeforeAfterLines, processFencedBlock } from "../../../lib/editformats/udiff/parse.js";
import { thrown } from "../../support/thrown.js";

const fence = (...lines: string[]) => ["```diff", ...lines, "```"].join("\n") + "\n";

describe("findDiffs: which lines open and close a fence", () => {
  it("a/ and b/ come off the first header's path; the @@ line and the header lines are not part of the hunk", () => {
    expect(findDiffs(fence("--- a/x.py", "+++ b/x.py", "@@ -1 +1 @@", "-old", "+new"))).toEqual([["x.py", ["-old\n", "+new\n"]]]);
    // only when --- has a/ (or is /dev/null) AND +++ has b/
    expect(findDiffs(fence("--- x.py", "+++ b/x.py", "@@ @@", "-a", "+b"))[0]![0]).toBe("b/x.py");
    expect(findDiffs(fence("--- /dev/null", "+++ b/new.py", "@@ @@", "+a"))[0]![0]).toBe("new.py");
  });

  it("only a line starting with ```diff opens (```diffx too); an indented or ````diff fence and other languages are ignored", () => {
    const body = ["--- a/x", "+++ b/x", "@@ @@", "-a", "+b"].join("\n");
    expect(findDiffs("```python\n" + body + "\n```\n")).toEqual([]);
    expect(findDiffs("  ```diff\n" + body + "\n```\n")).toEqual([]);
    expect(findDiffs("````diff\n" + body + "\n````\n")).toEqual([]);
    expect(findDiffs("```diffx\n" + body + "\n```\n")).toEqual([["x", ["-a\n", "+b\n"]]]);
  });

  it("a reply without a final newline gets one; a CRLF reply keeps \\r\\n inside the hunk lines", () => {
    expect(findDiffs("```diff\n--- a/x\n+++ b/x\n@@ @@\n-a\n+b\n```")).toEqual([["x", ["-a\n", "+b\n"]]]);
    expect(findDiffs("```diff\r\n--- a/x\r\n+++ b/x\r\n@@ @@\r\n-a\r\n+b\r\n```\r\n")).toEqual([["x", ["-a\r\n", "+b\r\n"]]]);
  });

  it("an unclosed fence silently drops its last line", () => {
    expect(findDiffs("```diff\n--- a/x\n+++ b/x\n@@ @@\n-a\n+b")).toEqual([["x", ["-a\n"]]]);
  });

  it("a ```diff on the last line crashes as Python does (UnboundLocalError)", () => {
    const err = thrown(() => findDiffs("Here:\n```diff"));
    expect(err).toBeInstanceOf(PythonError);
    expect(err).toMatchObject({ pythonType: "UnboundLocalError", pythonMessage: "cannot access local variable 'line_num' where it is not associated with a value" });
  });

  it("rejects a content that is not a string, naming it", () => {
    expect(() => findDiffs(3 as never)).toThrow("findDiffs: content must be a string");
  });
});

describe("processFencedBlock: the line scan", () => {
  it("returns the index after the closing fence with the block's hunks", () => {
    const lines = ["```diff\n", "--- a/x\n", "+++ b/x\n", "@@ @@\n", "-a\n", "+b\n", "```\n", "after\n"];
    expect(processFencedBlock(lines, 1)).toEqual([7, [["x", ["-a\n", "+b\n"]]]]);
  });

  it("a context-only hunk vanishes; an @decorator line ends a hunk like an @@ line", () => {
    expect(findDiffs(fence("--- a/x", "+++ b/x", "@@ @@", " context", "@@ @@", "-a", "+b"))).toEqual([["x", ["-a\n", "+b\n"]]]);
    expect(findDiffs(fence("--- a/x", "+++ b/x", "@@ @@", "-a", "+b", "@decorator", " def f():"))).toEqual([["x", ["-a\n", "+b\n"]]]);
  });

  it("a second header in one fence starts a new file whose path keeps its b/", () => {
    const edits = findDiffs(fence("--- a/x.py", "+++ b/x.py", "@@ @@", "-a", "+b", "--- a/y.py", "+++ b/y.py", "@@ @@", "-c", "+d"));
    expect(edits).toEqual([
      ["x.py", ["-a\n", "+b\n"]],
      ["b/y.py", ["-c\n", "+d\n"]],
    ]);
  });

  it("a header right after an @@ line, or a fence opening on +++, crashes with IndexError", () => {
    expect(() => findDiffs(fence("@@ @@", "--- a/x", "+++ b/x", "-a", "+b"))).toThrow(new PythonError("IndexError", "list index out of range"));
    expect(() => findDiffs(fence("+++ x", "-a", "+b"))).toThrow(new PythonError("IndexError", "list index out of range"));
  });

  it("a hunk before any header has no path", () => {
    expect(findDiffs(fence("@@ @@", "-a", "+b"))).toEqual([[null, ["-a\n", "+b\n"]]]);
  });
});

describe("getUdiffEdits: path inheritance", () => {
  it("a path-less hunk takes the last path seen; before any header it stays null", () => {
    const reply = fence("@@ @@", "-a", "+b") + "prose\n" + fence("--- a/x.py", "+++ b/x.py", "@@ @@", "-c", "+d") + fence("@@ @@", "-e", "+f");
    expect(getUdiffEdits(reply)).toEqual([
      [null, ["-a\n", "+b\n"]],
      ["x.py", ["-c\n", "+d\n"]],
      ["x.py", ["-e\n", "+f\n"]],
    ]);
  });
});

describe("hunkToBeforeAfter", () => {
  it("' ' goes to both sides, '-' to before, '+' to after; a line under 2 characters is context; other ops vanish", () => {
    const hunk = [" a\n", "-b\n", "+c\n", "...\n", "\n", "unprefixed\n", "\\ No newline at end of file\n"];
    expect(hunkToBeforeAfterLines(hunk)).toEqual([
      ["a\n", "b\n", "\n"],
      ["a\n", "c\n", "\n"],
    ]);
    expect(hunkToBeforeAfter(hunk)).toEqual(["a\nb\n\n", "a\nc\n\n"]);
  });

  it("rejects a hunk that is not an array of strings, naming the element", () => {
    expect(() => hunkToBeforeAfter(["-a\n", 1] as never)).toThrow("hunkToBeforeAfter: hunk[1] must be a string");
  });
});
