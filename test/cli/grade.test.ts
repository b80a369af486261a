/**
 * lib/cli/grade.ts: `workbench grade`'s argument checks, all made before any grading starts (each one line, exit 2).
 * Grading itself — tables, reports, progress, --watch — runs whole grades and is tested in test/grader/.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { STUDENT_ID_RULE } from "../../lib/grader/provenance.js";
import { fakeCheckout } from "../grader/run-grade.js";
import { cli } from "./run-cli.js";

describe("workbench grade: usage errors before any grading", () => {
  it("an option value that looks like a flag is one line, not parseArgs' three (exit 2)", async () => {
    const r = await cli("grade", "--seed", "-1", "--root", fakeCheckout({}));
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toEqual([expect.stringMatching(/^grade: Option '--seed' argument is ambiguous\. .* \(see: workbench grade --help\)$/)]);
  });

  it("a report path in a folder that does not exist, or that is a folder, is refused at once (exit 2)", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    const missing = join(root, "no-such-folder", "r.json");
    const r = await cli("grade", "05", "--root", root, "--json", missing);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe(`grade: --json ${missing} must be in a folder that exists (${join(root, "no-such-folder")} does not)\n`);
    const dir = await cli("grade", "05", "--root", root, "--junit", root);
    expect(dir.code).toBe(2);
    expect(dir.err).toBe(`grade: --junit ${root} must be a regular file or a new file's name, not a folder\n`);
  });

  it("names the bad exercise or target, without the library function's name", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    const exercise = await cli("grade", "nope", "--root", root);
    expect(exercise.code).toBe(2);
    expect(exercise.err).toMatch(/^grade: exercise must be one of 01-pagerank, .*05-commit-plan.* \(got "nope"\)\n$/);
    const target = await cli("grade", "05", "--root", root, "--target", join(root, "no-such-folder"));
    expect(target.code).toBe(2);
    expect(target.err).toBe(`grade: target must be exercises, solutions or an existing folder (got "${join(root, "no-such-folder")}")\n`);
  });

  it("--timeout, --seed and --judges are integers with their minimum; --student follows the id rule", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    const cases: [string[], string][] = [
      [["--timeout", "99"], 'grade: --timeout must be an integer ≥ 100 (got "99")'],
      [["--timeout", "1e4"], 'grade: --timeout must be an integer ≥ 100 (got "1e4")'],
      [["--seed", "x"], 'grade: --seed must be an integer ≥ 0 (got "x")'],
      [["--judges", "0"], 'grade: --judges must be an integer ≥ 1 (got "0")'],
      [["--student=-bob"], `grade: --student ${STUDENT_ID_RULE} (got "-bob")`],
      [["--student", "a/b"], `grade: --student ${STUDENT_ID_RULE} (got "a/b")`],
      [["--classroom", join(root, "nowhere", "c.json")], `grade: --classroom ${join(root, "nowhere", "c.json")} must be in a folder that exists (${join(root, "nowhere")} does not)`],
    ];
    for (const [args, line] of cases) {
      const r = await cli("grade", "05", "--root", root, ...args);
      expect([r.code, r.err, r.out], args.join(" ")).toEqual([2, line + "\n", ""]);
    }
  });

  it("--hidden on exercises without hidden tests says so before a later mistake stops it", async () => {
    const root = fakeCheckout({ "01-pagerank": "stub" });
    const r = await cli("grade", "01", "--hidden", "--root", root, "--timeout", "1");
    expect(r.code).toBe(2);
    expect(r.err).toBe('grade: --hidden: 01-pagerank has no hidden tests in this checkout (a student release never has them)\ngrade: --timeout must be an integer ≥ 100 (got "1")\n');
    const many = await cli("grade", "01", "02", "--hidden", "--root", root, "--timeout", "1");
    expect(many.err).toMatch(/^grade: --hidden: these exercises have no hidden tests/);
    const with05 = await cli("grade", "05", "--hidden", "--root", root, "--timeout", "1");
    expect(with05.err).not.toContain("--hidden");
  });
});
