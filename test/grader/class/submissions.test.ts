/**
 * Finding a class's submissions: ids from names; bad names, links, duplicates and a `.git` that points elsewhere get
 * a problem, not a crash; hidden names and other files are ignored and listed. (Pure file-system reads: the
 * checkout, which runs git, is test/grader/class/checkout.test.ts.)
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverSubmissions } from "../../../lib/grader/class/submissions.js";
import { WorkbenchInputError } from "../../../lib/core/errors.js";

const temp = (p: string): string => mkdtempSync(join(tmpdir(), p));

describe("discoverSubmissions", () => {
  it("finds folders, repositories and bundles by id; flags bad names, links, duplicates and a .git pointer; ignores the rest", () => {
    const dir = temp("wb-subs-");
    for (const d of ["ada", "bob", "cy", "bad name", "dup", "ptr"]) mkdirSync(join(dir, d));
    mkdirSync(join(dir, "bob", ".git"));
    writeFileSync(join(dir, "ptr", ".git"), "gitdir: /somewhere/else/.git\n");
    writeFileSync(join(dir, "dup.bundle"), "x");
    writeFileSync(join(dir, "eve.bundle"), "x");
    writeFileSync(join(dir, "notes.txt"), "x");
    mkdirSync(join(dir, ".hidden"));
    symlinkSync(join(dir, "ada"), join(dir, "linked"));
    const { submissions, ignored } = discoverSubmissions(dir);
    expect(ignored).toEqual([".hidden", "notes.txt"]);
    const by = Object.fromEntries(submissions.map((s) => [`${s.id}/${s.kind}`, s.problem ?? "ok"]));
    expect(by).toEqual({
      "ada/folder": "ok",
      "bad name/folder": expect.stringMatching(/not a usable student id: it must be 1–64 letters/),
      "bob/repository": "ok",
      "cy/folder": "ok",
      "dup/folder": expect.stringMatching(/a second submission for dup/),
      "dup/bundle": expect.stringMatching(/a second submission for dup/),
      "eve/bundle": "ok",
      "linked/folder": expect.stringMatching(/is a symbolic link/),
      "ptr/repository": expect.stringMatching(/\.git is not a folder/),
    });
  });

  it("refuses a SUBMISSIONS that is not a folder", () => {
    expect(() => discoverSubmissions(join(temp("wb-subs-"), "nope"))).toThrow(WorkbenchInputError);
  });
});

