/** lib/editblock/files.ts: the in-memory file system the edits are applied to. */
import { describe, expect, it } from "vitest";
import { MemoryFileSystem } from "../../lib/index.js";

describe("MemoryFileSystem", () => {
  it("names a file the way abs_root_path + relpath would, and records every write in order", () => {
    const fs = new MemoryFileSystem({ "./src/a.py": "x\n" });
    expect(fs.exists("src/a.py") && fs.exists("src/../src/a.py")).toBe(true);
    expect(fs.readText("src/b.py")).toBeNull();
    fs.writeText("src/b.py", "");
    fs.writeText("./src/a.py", "y\n");
    expect(fs.writes).toEqual([{ path: "src/b.py", content: "" }, { path: "src/a.py", content: "y\n" }]);
    expect(fs.snapshot()).toEqual({ "src/a.py": "y\n", "src/b.py": "" });
    expect(() => fs.writeText("a.py", null as unknown as string)).toThrow(/MemoryFileSystem.writeText: content must be a string/);
  });
});
