/** lib/editformats/udiff/apply.ts: UnifiedDiffCoder.apply_edits and do_replace (`aider/coders/udiff_coder.py` "Applying"). */
import { describe, expect, it } from "vitest";
import { PythonError } from "../../../lib/core/pyerror.js";
import { EditFormatValueError } from "../../../lib/editformats/coder.js";
import { applyUdiffEdits, noMatchError, UdiffApplyError, udiffDoReplace } from "../../../lib/editformats/udiff/apply.js";
import type { UdiffEdit } from "../../../lib/editformats/udiff/parse.js";
import { ProjectFiles } from "../../../lib/editformats/workspace.js";
import { thrown } from "../../support/thrown.js";


describe("noMatchError: Aider's UnifiedDiffNoMatch text", () => {
  it("names the path three times, counts the lines, and ends with a newline after the closing backticks", () => {
    expect(noMatchError("a.py", "x\ny\n")).toBe(
      [
        "UnifiedDiffNoMatch: hunk failed to apply!",
        "",
        "a.py does not contain lines that match the diff you provided!",
        "Try again.",
        "DO NOT skip blank lines, comments, docstrings, etc!",
        "The diff needs to apply cleanly to the lines in a.py!",
        "",
        "a.py does not contain these 2 exact lines in a row:",
        "```",
        "x",
        "y",
        "```",
        "",
      ].join("\n"),
    );
  });
});

describe("udiffDoReplace", () => {
  it("a missing file with a blank before-text is touched (even in a dry run) and gets the after-text", () => {
    const files = new ProjectFiles({}, { dryRun: true });
    expect(udiffDoReplace(files, "new.py", null, ["+hello\n"])).toBe("hello\n");
    expect(files.snapshot()).toEqual({ "new.py": "" });
  });

  it("the touch makes no folders: FileNotFoundError, Aider's wording", () => {
    const files = new ProjectFiles({});
    expect(() => udiffDoReplace(files, "d/new.py", null, ["+x\n"])).toThrow(new PythonError("FileNotFoundError", "[Errno 2] No such file or directory: '<root>/d/new.py'"));
  });

  it("a blank before-text is a plain append (no newline inserted); a None content with a before-text gives None", () => {
    const files = new ProjectFiles({ "a.py": "x" });
    expect(udiffDoReplace(files, "a.py", "x", ["+y\n"])).toBe("xy\n");
    expect(udiffDoReplace(files, "gone.py", null, ["-a line\n", "+b\n"])).toBeNull();
  });

  it("otherwise the hunk is applied; no match gives None", () => {
    const files = new ProjectFiles({ "a.py": "count = 1\n" });
    expect(udiffDoReplace(files, "a.py", "count = 1\n", ["-count = 1\n", "+count = 2\n"])).toBe("count = 2\n");
    expect(udiffDoReplace(files, "a.py", "count = 1\n", ["-nowhere in the file\n", "+x\n"])).toBeNull();
  });
});

describe("applyUdiffEdits", () => {
  const bump = (path: string, from: number, to: number): UdiffEdit => [path, [`-count = ${from}\n`, `+count = ${to}\n`]];

  it("applies the hunks in order, each written at once: a later hunk sees an earlier one", () => {
    const files = new ProjectFiles({ "a.py": "count = 1\n" });
    applyUdiffEdits([bump("a.py", 1, 2), bump("a.py", 2, 3)], files);
    expect(files.snapshot()).toEqual({ "a.py": "count = 3\n" });
  });

  it("de-duplicates on path + hunk (the repeat would otherwise fail), and normalises before comparing", () => {
    const files = new ProjectFiles({ "a.py": "count = 1\n\n" });
    // the whitespace-only context lines differ but clean up to the same "\n"
    applyUdiffEdits([["a.py", ["-count = 1\n", "+count = 2\n", "    \n"]], ["a.py", ["-count = 1\n", "+count = 2\n", " \n"]]], files);
    expect(files.snapshot()).toEqual({ "a.py": "count = 2\n\n" });
    applyUdiffEdits([bump("a.py", 2, 3), bump("a.py", 2, 3)], files);
    expect(files.snapshot()).toEqual({ "a.py": "count = 3\n\n" });
  });

  it("a hunk that normalises to nothing is skipped, even without a path; a real one without a path is Python's TypeError", () => {
    const files = new ProjectFiles({ "a.py": "x\n" });
    applyUdiffEdits([[null, [" x\n"]]], files);
    expect(files.snapshot()).toEqual({ "a.py": "x\n" });
    expect(() => applyUdiffEdits([[null, ["-x\n", "+y\n"]]], files)).toThrow(new PythonError("TypeError", "unsupported operand type(s) for +: 'NoneType' and 'str'"));
  });

  it("a failed hunk leaves its file byte-identical (CRLF kept) and raises Aider's message as a ValueError", () => {
    const files = new ProjectFiles({ "a.py": "a = 1\r\nb = 2\r\n" });
    const err = thrown(() => applyUdiffEdits([["a.py", ["-c = 3\n", "+c = 4\n"]]], files));
    expect(err).toBeInstanceOf(UdiffApplyError);
    expect(err).toBeInstanceOf(EditFormatValueError);
    expect((err as UdiffApplyError).pythonType).toBe("ValueError");
    expect(err.message).toBe(noMatchError("a.py", "c = 3\n"));
    expect(files.raw("a.py")).toBe("a = 1\r\nb = 2\r\n");
  });

  it("hunks that applied stay written; every failure's message is joined by a blank line", () => {
    const files = new ProjectFiles({ "a.py": "count = 1\n", "b.py": "b\n" });
    const err = thrown(() => applyUdiffEdits([["a.py", ["-nothing like this\n", "+x\n"]], bump("a.py", 1, 2), ["b.py", ["-not here either\n", "+y\n"]]], files));
    expect(err.message).toBe(noMatchError("a.py", "nothing like this\n") + "\n\n" + noMatchError("b.py", "not here either\n"));
    expect(files.snapshot()).toEqual({ "a.py": "count = 2\n", "b.py": "b\n" });
  });

  it("a missing file logs Aider's read error and fails with the no-match message", () => {
    const files = new ProjectFiles({});
    expect(() => applyUdiffEdits([["gone.py", ["-a\n", "+b\n"]]], files)).toThrow(noMatchError("gone.py", "a\n"));
    expect(files.io).toEqual([["error", "<root>/gone.py: file not found error"]]);
  });

  it("a dry run writes nothing, but a new file's touch still happens", () => {
    const files = new ProjectFiles({ "a.py": "count = 1\n" }, { dryRun: true });
    applyUdiffEdits([bump("a.py", 1, 2), ["n.py", ["+new\n"]]], files);
    expect(files.snapshot()).toEqual({ "a.py": "count = 1\n", "n.py": "" });
  });
});
