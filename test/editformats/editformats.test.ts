/**
 * lib/editformats beyond the golden vectors (test/conformance/editformat-suites.test.ts): the project and io model,
 * the format registry, the apply_updates outcomes, and Python string semantics the matchers depend on.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editformats, PythonError, WorkbenchInputError } from "../../lib/index.js";

const { ProjectFiles, applyUpdates, coderFor, defaultEditorEditFormat, udiff } = editformats;
const ctxOf = (files: InstanceType<typeof ProjectFiles>, chat: string[]) => ({ files, chatFiles: new Set(chat), fence: ["```", "```"] as const, shellCommands: [] as string[] });

describe("ProjectFiles: Aider's io and file system", () => {
  it("read_text uses universal newlines; raw keeps the bytes; a missing file or a folder logs Aider's error", () => {
    const p = new ProjectFiles({ "d/a.txt": "x\r\ny\rz\n" });
    expect(p.readText("d/a.txt")).toBe("x\ny\nz\n");
    expect(p.raw("d/a.txt")).toBe("x\r\ny\rz\n");
    expect(p.readText("gone.txt")).toBeNull();
    expect(p.readText("d")).toBeNull();
    expect(p.io).toEqual([["error", "<root>/gone.txt: file not found error"], ["error", "<root>/d: is a directory"]]);
  });

  it("touch needs the folder (FileNotFoundError, Aider's wording); touch_file makes it; dry run writes nothing", () => {
    const p = new ProjectFiles({}, { dryRun: true });
    expect(() => p.touch("new/dir/n.py")).toThrow(new PythonError("FileNotFoundError", "[Errno 2] No such file or directory: '<root>/new/dir/n.py'"));
    expect(p.touchFile("new/dir/n.py")).toBe(true);
    p.writeText("new/dir/n.py", "ignored");
    expect(p.snapshot()).toEqual({ "new/dir/n.py": "" });
    expect(p.folders()).toEqual(["new", "new/dir"]);
  });

  it("paths outside the project are refused", () => {
    expect(() => new ProjectFiles({ "../x": "" })).toThrow(WorkbenchInputError);
    expect(() => new ProjectFiles({}).readText("/etc/passwd")).toThrow("must be project-relative");
  });
});

describe("the edit-format registry", () => {
  it("every name selects a coder; the editor-* and udiff-simple variants share their base's parser", () => {
    for (const name of editformats.EDIT_FORMATS) expect(coderFor(name).getEdits).toBeTypeOf("function");
    expect(coderFor("udiff-simple")).toBe(coderFor("udiff"));
    expect(coderFor("editor-whole")).toBe(coderFor("whole"));
    expect(() => coderFor("unified")).toThrow("coderFor: editFormat must be one of diff, diff-fenced, udiff");
  });

  it("the architect's default editor format: diff, whole, diff-fenced become editor-*, others stay", () => {
    expect(["diff", "whole", "diff-fenced", "udiff", "patch"].map((f) => defaultEditorEditFormat(f as editformats.EditFormatName))).toEqual([
      "editor-diff", "editor-whole", "editor-diff-fenced", "udiff", "patch",
    ]);
  });
});

describe("apply_updates outcomes", () => {
  it("a ValueError is reflected and counted as malformed; a crash is 'Exception while updating files:' and not counted", () => {
    const bad = new ProjectFiles({ "a.py": "x = 1\n" });
    const r1 = applyUpdates(coderFor("udiff"), "```diff\n--- a.py\n+++ a.py\n@@ @@\n-nope\n+x\n```\n", ctxOf(bad, ["a.py"]));
    expect(r1.numMalformedResponses).toBe(1);
    expect(r1.reflectedMessage).toBe(udiff.noMatchError("a.py", "nope\n"));
    expect(bad.io[0]).toEqual(["error", "The LLM did not conform to the edit format."]);
    const crash = new ProjectFiles({ "a.py": "x = 1\n" });
    const r2 = applyUpdates(coderFor("udiff"), "Here:\n```diff", ctxOf(crash, ["a.py"]));
    expect(r2).toEqual({ edited: [], reflectedMessage: "cannot access local variable 'line_num' where it is not associated with a value", numMalformedResponses: 0 });
    expect(crash.io[0]).toEqual(["error", "Exception while updating files:"]);
    expect(crash.snapshot()).toEqual({ "a.py": "x = 1\n" }); // a failed edit leaves the file byte-identical
  });

  it("a reply naming a path outside the project is refused by the sandbox: nothing written, nothing reflected", () => {
    const p = new ProjectFiles({ "a.py": "x\n" });
    const r = applyUpdates(coderFor("whole"), "../escape.py\n```\npwned\n```\n", ctxOf(p, ["a.py"]));
    expect(r.reflectedMessage).toBeNull();
    expect(p.snapshot()).toEqual({ "a.py": "x\n" });
    expect(p.io.at(-1)![1]).toMatch(/^workbench sandbox: ProjectFiles: path must stay inside the project/);
  });

  it("a declined new file is skipped, nothing is created", () => {
    const p = new ProjectFiles({ "a.py": "" }, { confirm: false });
    const r = applyUpdates(coderFor("whole"), "b.py\n```\nnew\n```\n", ctxOf(p, ["a.py"]));
    expect(r.edited).toEqual([]);
    expect(p.snapshot()).toEqual({ "a.py": "" });
    expect(p.io).toEqual([["confirm", "Create new file?", "b.py", false], ["output", "Skipping edits to b.py"]]);
  });
});

describe("Python semantics under the udiff matcher", () => {
  it("str.count and str.replace with an empty needle", () => {
    expect(udiff.pyCount("abc", "")).toBe(4);
    expect(udiff.pyReplaceAll("ab", "", "-")).toBe("-a-b-");
    expect(udiff.pyReplaceAll("", "", "-")).toBe("-");
    expect(udiff.pyCount("aaaa", "aa")).toBe(2); // non-overlapping
  });

  it("RelativeIndenter: indentation changes are lengths, so a tab line after a space line comes back as the wrong character", () => {
    const ri = new udiff.RelativeIndenter(["\t\n a\n"]);
    expect(ri.makeAbsolute(ri.makeRelative("\t\n a\n"))).toBe("\n\ta\n");
  });

  it("RelativeIndenter: make_absolute undoes make_relative for space-indented text (blank lines lose their indent)", () => {
    const lineArb = fc.tuple(fc.constantFrom("", " ", "  ", "    "), fc.constantFrom("", "a", "b c"), fc.constantFrom("\n", "\r\n"));
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), (parts) => {
        const text = parts.map(([i, t, e]) => i + t + e).join("");
        const ri = new udiff.RelativeIndenter([text]);
        expect(ri.makeAbsolute(ri.makeRelative(text))).toBe(
          // a whitespace-only line loses its indentation: make_absolute does not indent a blank line
          text.split(/(?<=\n)/).map((l) => (l.replace(/[\r\n]+$/, "").trim() === "" ? l.replace(/^[ \t]+/, "") : l)).join(""),
        );
      }),
      { numRuns: 200 },
    );
  });
});
