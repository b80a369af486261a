/**
 * `workbench grade-class`'s usage mistakes are one line naming the option and the rule, exit 2, before anything is
 * graded or written; a class whose every entry cannot be graded still gets its gradebook and exit 1. Grading
 * itself is covered end to end by test/grader/grade-class.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { finalTable } from "../../lib/cli/grade-class.js";
import { SIMULATE_NO_BWRAP_ENV } from "../../lib/grader/sandbox/containment.js";
import { cli } from "./run-cli.js";

describe("workbench grade-class", () => {
  const base = mkdtempSync(join(tmpdir(), "wb-gc-cli-"));
  const subs = join(base, "subs");
  mkdirSync(subs);
  writeFileSync(join(base, "file.txt"), "x");

  const cases: [string, string[], RegExp][] = [
    ["no SUBMISSIONS", ["--out", join(base, "o")], /give exactly one SUBMISSIONS folder \(got 0/],
    ["SUBMISSIONS not a folder", [join(base, "nope"), "--out", join(base, "o")], /SUBMISSIONS .* is not a folder/],
    ["no --out", [subs], /--out DIR is required/],
    ["--out inside SUBMISSIONS", [subs, "--out", join(subs, "results")], /must not be inside SUBMISSIONS/],
    ["--out a file", [subs, "--out", join(base, "file.txt")], /must be a folder or a new folder's name, not a regular file/],
    ["--out in a missing folder", [subs, "--out", join(base, "missing", "o")], /the folder .* does not exist/],
    ["--jobs 0", [subs, "--out", join(base, "o"), "--jobs", "0"], /--jobs must be an integer ≥ 1 \(got "0"\)/],
    ["--jobs 1.5", [subs, "--out", join(base, "o"), "--jobs", "1.5"], /--jobs must be an integer ≥ 1/],
    ["--batch 0", [subs, "--out", join(base, "o"), "--batch", "0"], /^grade-class: --batch must be an integer ≥ 1 \(got "0"\)$/],
    ["--batch many", [subs, "--out", join(base, "o"), "--batch", "many"], /--batch must be an integer ≥ 1 \(got "many"\)/],
    ["an unknown exercise", [subs, "--out", join(base, "o"), "--exercise", "99"], /^grade-class: --exercise must be one of 01-pagerank, .* \(got "99"\)$/],
    ["an unknown option", [subs, "--out", join(base, "o"), "--frob"], /Unknown option '--frob'/],
  ];
  for (const [what, args, message] of cases) {
    it(`${what}: one line, exit 2`, async () => {
      const r = await cli("grade-class", ...args);
      expect(r.code).toBe(2);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err.trim()).toMatch(message);
      expect(existsSync(join(base, "o"))).toBe(false);
    });
  }

  it("a class of entries that cannot be graded: their rows say why, exit 1", async () => {
    const bad = join(base, "bad");
    mkdirSync(bad);
    writeFileSync(join(bad, "ann.bundle"), "not a bundle\n");
    mkdirSync(join(bad, "bad name"));
    const out = join(base, "bad-out");
    const r = await cli("grade-class", bad, "--out", out, "--exercise", "05", "--allow-unconfined");
    expect(r.code).toBe(1);
    expect(r.out).toContain("0 unchanged, 0 graded, 2 could not be graded.");
    const csv = readFileSync(join(out, "gradebook.csv"), "utf8").split("\r\n");
    expect(csv[0]).toBe("student,05-commit-plan,total,max,grader_version,seed,submission,graded_at,problem");
    expect(csv[1]).toMatch(/^ann,,,,,,,,is not a git bundle git can read/);
    expect(csv[2]).toMatch(/^bad name,,,,,,,,"the name is not a usable student id/);
    expect(readFileSync(join(out, "summary.md"), "utf8")).toContain("## Not graded");
  });

  it("without bubblewrap: refuses to start in one line (exit 2, nothing written) unless --allow-unconfined", async () => {
    process.env[SIMULATE_NO_BWRAP_ENV] = "1";
    try {
      const out = join(base, "unconfined-out");
      const r = await cli("grade-class", subs, "--out", out);
      expect(r.code).toBe(2);
      expect(r.err).toBe("grade-class: refusing to grade submissions without bubblewrap here: their code could open network sockets; install bubblewrap (scripts/system-deps.sh) or pass --allow-unconfined\n");
      expect(existsSync(out)).toBe(false);
      const allowed = await cli("grade-class", subs, "--out", out, "--allow-unconfined");
      expect(allowed.code, allowed.err).toBe(0);
      expect(allowed.err).toMatch(/^grade-class: --allow-unconfined: the sandbox is weaker on this machine: .*network is NOT blocked/);
      expect(allowed.out).toContain("0 unchanged, 0 graded.");
    } finally {
      delete process.env[SIMULATE_NO_BWRAP_ENV];
    }
  });

  it("the final table lines up one row per student", () => {
    const t = finalTable([
      { id: "ada", status: "graded", wallMs: 12_345, report: { target: "ada", points: 7, maxPoints: 10, exercises: [] } },
      { id: "bob", status: "not graded", problem: "x".repeat(100) },
    ]).split("\n");
    expect(t[0]).toMatch(/^student\s+points\s+status\s+time\s+problem$/);
    expect(t[2]).toMatch(/^ada\s+7\/10\s+graded\s+12\.3 s$/);
    expect(t[3]).toMatch(/^bob\s+–\s+not graded\s+x{69}…$/);
  });
});
