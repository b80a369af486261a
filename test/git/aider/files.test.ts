// lib/git/aider/files.ts: SandboxFiles, the sandbox adapter of the edit chain's file access — Aider's io on a real
// work tree: universal-newline reads, write_text's "Unable to write file …" before the OSError, dry run, the Path
// calls the formats make, questions answered from the session, and the sandbox's path rules.
import { describe, expect, it } from "vitest";
import { PythonError } from "../../../lib/core/pyerror.js";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { SandboxFiles } from "../../../lib/git/aider/files.js";
import { AiderLog } from "../../../lib/git/aider/io.js";
import { AiderSession } from "../../../lib/git/aider/session.js";
import { withSandbox } from "../../../lib/git/sandbox/sandbox.js";

describe("SandboxFiles", () => {
  it("reads with universal newlines, logs a missing file or a folder, and writes; dry run writes nothing", async () => {
    await withSandbox(async (box) => {
      box.write("d/a.py", "x\r\ny\n");
      const log = new AiderLog();
      const f = new SandboxFiles(new AiderSession(box), log);
      expect([f.isFile("d/a.py"), f.isDir("d"), f.exists("gone.py"), f.dryRun]).toEqual([true, true, false, false]);
      expect(f.readText("d/a.py")).toBe("x\ny\n");
      expect([f.readText("gone.py"), f.readText("d")]).toEqual([null, null]);
      f.writeText("d/a.py", "z\n");
      expect(box.read("d/a.py")).toBe("z\n");
      const dry = new SandboxFiles(new AiderSession(box, { options: { dryRun: true } }), log);
      dry.writeText("d/a.py", "ignored\n");
      expect(box.read("d/a.py")).toBe("z\n");
      expect(log.messages.map((m) => [m.kind, m.text])).toEqual([
        ["error", "<root>/gone.py: file not found error"],
        ["error", "<root>/d: is a directory"],
      ]);
    });
  });

  it("write_text into a missing folder or over a folder prints \"Unable to write file …\", then raises the OSError", async () => {
    await withSandbox(async (box) => {
      box.write("d/a.py", "x\n");
      const log = new AiderLog();
      const f = new SandboxFiles(new AiderSession(box), log);
      expect(() => f.writeText("gone/n.py", "y")).toThrow(new PythonError("FileNotFoundError", "[Errno 2] No such file or directory: '<root>/gone/n.py'"));
      expect(() => f.writeText("d", "y")).toThrow(new PythonError("IsADirectoryError", "[Errno 21] Is a directory: '<root>/d'"));
      expect(log.messages.map((m) => m.text)).toEqual([
        "Unable to write file <root>/gone/n.py: [Errno 2] No such file or directory: '<root>/gone/n.py'",
        "Unable to write file <root>/d: [Errno 21] Is a directory: '<root>/d'",
      ]);
      expect(box.exists("gone")).toBe(false);
    });
  });

  it("touch needs the folder, touch_file makes it, mkdirs and unlink as Path does; questions use the session's answers", async () => {
    await withSandbox(async (box) => {
      box.write("a.py", "x\n");
      const log = new AiderLog();
      const f = new SandboxFiles(new AiderSession(box, { answers: { createNewFile: false, byPath: { "b.py": true } } }), log);
      expect(() => f.touch("n/x.py")).toThrow(new PythonError("FileNotFoundError", "[Errno 2] No such file or directory: '<root>/n/x.py'"));
      expect(f.touchFile("n/x.py")).toBe(true);
      expect(box.read("n/x.py")).toBe("");
      f.mkdirs("m/k");
      expect(f.isDir("m/k")).toBe(true);
      expect(() => f.mkdirs("a.py")).toThrow(new PythonError("FileExistsError", "[Errno 17] File exists: '<root>/a.py'"));
      f.unlink("n/x.py");
      expect(() => f.unlink("n/x.py")).toThrow(PythonError);
      expect([f.confirm("Create new file?", "c.py"), f.confirm("Create new file?", "b.py")]).toEqual([false, true]);
      f.log("warning", "w");
      expect(log.messages.slice(-3).map((m) => [m.kind, m.text, m.answer])).toEqual([
        ["ask", "Create new file?", false],
        ["ask", "Create new file?", true],
        ["warning", "w", undefined],
      ]);
    });
  });

  it("refuses a path that leaves the sandbox or enters .git", async () => {
    await withSandbox(async (box) => {
      const f = new SandboxFiles(new AiderSession(box), new AiderLog());
      expect(() => f.key("../out.py")).toThrow(WorkbenchInputError);
      expect(() => f.writeText(".git/config", "x")).toThrow("runTurn: edit path is refused");
      expect(f.key("ok/a.py")).toBe("ok/a.py");
    });
  });
});
