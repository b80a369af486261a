/** zipArchive read back by Python's zipfile (CRCs, modes, UTF-8 names), and its argument checks. */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { zipArchive } from "../../../lib/grader/platforms/zip.js";
import { tempDirs } from "../../support/temp-dirs.js";

const tmp = tempDirs();

const READ_BACK = `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
print(json.dumps({"bad": bad, "files": [[i.filename, oct(i.external_attr >> 16), z.read(i).decode("utf-8")] for i in z.infolist()]}))
`;

describe("zipArchive", () => {
  it("writes an archive Python's zipfile reads back whole, with modes and UTF-8 names", () => {
    const dir = tmp("zip-");
    const path = join(dir, "a.zip");
    const big = "line of text\n".repeat(5000);
    writeFileSync(path, zipArchive([
      { name: "run_autograder", data: Buffer.from("#!/bin/sh\necho hi\n"), mode: 0o755 },
      { name: "lib/deep/zoë.ts", data: Buffer.from("export const x = 1;\n"), mode: 0o644 },
      { name: "big.txt", data: Buffer.from(big), mode: 0o644 },
      { name: "empty", data: Buffer.alloc(0), mode: 0o600 },
    ]));
    const out = JSON.parse(execFileSync("python3", ["-c", READ_BACK, path], { encoding: "utf8" })) as { bad: string | null; files: [string, string, string][] };
    expect(out.bad).toBeNull();
    expect(out.files.map(([n, m]) => [n, m])).toEqual([["run_autograder", "0o100755"], ["lib/deep/zoë.ts", "0o100644"], ["big.txt", "0o100644"], ["empty", "0o100600"]]);
    expect(out.files[2]![2]).toBe(big);
  });

  it("is the same bytes for the same files", () => {
    const files = [{ name: "a", data: Buffer.from("x"), mode: 0o644 }];
    expect(zipArchive(files).equals(zipArchive(files))).toBe(true);
  });

  it("refuses absolute names and names that climb out", () => {
    for (const name of ["/etc/passwd", "../x", "a/../../x", "a\\b", ""]) {
      expect(() => zipArchive([{ name, data: Buffer.alloc(0), mode: 0o644 }]), name).toThrow(/entries\[0\]\.name must be a relative/);
    }
  });
});
