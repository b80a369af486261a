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

  it("write_text prints \"Unable to write file …\" with the OSError's text, then raises it (aider/io.py write_text)", () => {
    const p = new ProjectFiles({ "d/a.py": "x\n" });
    expect(() => p.writeText("gone/n.py", "y")).toThrow(new PythonError("FileNotFoundError", "[Errno 2] No such file or directory: '<root>/gone/n.py'"));
    expect(() => p.writeText("d", "y")).toThrow(new PythonError("IsADirectoryError", "[Errno 21] Is a directory: '<root>/d'"));
    expect(p.io).toEqual([
      ["error", "Unable to write file <root>/gone/n.py: [Errno 2] No such file or directory: '<root>/gone/n.py'"],
      ["error", "Unable to write file <root>/d: [Errno 21] Is a directory: '<root>/d'"],
    ]);
    expect(p.snapshot()).toEqual({ "d/a.py": "x\n" });
  });

  it("through apply_updates a failed write is printed, then reported as Aider's exception and reflected", async () => {
    const p = new ProjectFiles({ "a.py": "x\n", "d/b.py": "y\n" });
    const ctx = { files: p, chatFiles: new Set(["a.py"]), fence: ["```", "```"] as const, shellCommands: [] };
    const r = await editformats.applyUpdates(editformats.coderFor("whole"), "d\n```\nz\n```\n", ctx);
    expect(r.reflectedMessage).toBe("[Errno 21] Is a directory: '<root>/d'");
    expect(p.io.slice(-3)).toEqual([
      ["error", "Unable to write file <root>/d: [Errno 21] Is a directory: '<root>/d'"],
      ["error", "Exception while updating files:"],
      ["error", "[Errno 21] Is a directory: '<root>/d'"],
    ]);
  });

  it("paths outside the project are refused", () => {
    expect(() => new ProjectFiles({ "../x": "" })).toThrow(WorkbenchInputError);
    expect(() => new ProjectFiles({}).readText("/etc/passwd")).toThrow("must be project-relative");
  });
});
