/** lib/editformats/workspace.ts: ProjectFiles, Aider's io and file system for the edit formats. */
import { describe, expect, it } from "vitest";
import { editformats, PythonError, WorkbenchInputError } from "../../lib/index.js";

const { ProjectFiles } = editformats;

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
