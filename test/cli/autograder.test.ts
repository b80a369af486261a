/**
 * `workbench autograder` and `workbench autograde` through the CLI in-process: usage mistakes in one line (exit 2),
 * nothing written on a refusal, a package written with its summary, and `autograde` writing results for a
 * submission it cannot grade (exit 0, so the platform shows the reason).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findProjectRoot } from "../../lib/core/project-root.js";
import { AUTOGRADER_DEFAULTS, CONFIG_FILE, formatAutograderConfig } from "../../lib/grader/platforms/config.js";
import { tempDirs } from "../support/temp-dirs.js";
import { cli } from "./run-cli.js";

const ROOT = findProjectRoot(__dirname);
const tmp = tempDirs();

describe("workbench autograder", () => {
  it("refuses a missing or unknown platform, a bad option and a bad exercise in one line, exit 2", async () => {
    const out = join(tmp("ag-cli-"), "x");
    for (const [args, message] of [
      [[], /^autograder: give a platform \(gradescope, prairielearn, classroom50\) and OUT/],
      [["moodle", out], /^autograder: give a platform/],
      [["classroom50", out, "--hidden-visibility", "sometimes"], /^autograder: --hidden-visibility must be after_published or hidden/],
      [["classroom50", out, "--timeout", "soon"], /^autograder: --timeout must be an integer/],
      [["classroom50", out, "--exercise", "42"], /^autograder: exercise must be one of 01-pagerank/],
      [["gradescope", join(ROOT, "x.zip")], /^autograder: out must be outside the workbench checkout/],
    ] as const) {
      const r = await cli("autograder", ...args);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split("\n")).toHaveLength(1);
    }
    expect(existsSync(out)).toBe(false);
  });

  it("writes a Classroom 50 package for chosen exercises and says what it wrote", async () => {
    const out = join(tmp("ag-cli-"), "c50");
    const r = await cli("autograder", "classroom50", out, "--exercise", "05", "--no-hidden");
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Packaged the grader for classroom50: 1 exercises, 0 hidden test files, \d+ files → /);
    expect(JSON.parse(readFileSync(join(out, "grader", CONFIG_FILE), "utf8"))).toMatchObject({ exercises: ["05-commit-plan"], hidden: false });
  }, 120_000);
});

describe("workbench autograde", () => {
  it("names the platform it needs", async () => {
    const r = await cli("autograde", "nowhere");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^autograde: name the platform: gradescope, prairielearn, classroom50/);
  });

  it("writes Gradescope results for an empty submission under --root, exit 0, without grading anything", async () => {
    // this checkout as the grader (an autograder.json written into a copy of its layout is not needed: --root is the
    // platform's folder; the grader's own config is read from the checkout, so put one there only for this test)
    const platformRoot = tmp("ag-root-");
    mkdirSync(join(platformRoot, "submission"));
    const config = join(ROOT, CONFIG_FILE);
    expect(existsSync(config)).toBe(false);
    writeFileSync(config, formatAutograderConfig({ platform: "gradescope", exercises: ["01-pagerank"], ...AUTOGRADER_DEFAULTS }));
    try {
      const r = await cli("autograde", "gradescope", "--root", platformRoot);
      expect(r.code, r.err).toBe(0);
      const results = JSON.parse(readFileSync(join(platformRoot, "results/results.json"), "utf8")) as { score: number; output: string };
      expect(results.score).toBe(0);
      expect(results.output).toContain("the submission is empty");
    } finally {
      (await import("node:fs")).rmSync(config, { force: true });
    }
  });
});
