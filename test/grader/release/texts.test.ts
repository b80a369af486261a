/** The workflow and README a student release carries (lib/grader/release/texts.ts). */
import { describe, expect, it } from "vitest";
import { feedbackWorkflow, releaseReadme, workflowNodeVersion } from "../../../lib/grader/release/texts.js";

describe("feedbackWorkflow", () => {
  const yml = feedbackWorkflow("24");

  it("says its points are feedback only and names where the grade of record comes from", () => {
    expect(yml).toMatch(/^name: Workbench feedback$/m);
    expect(yml).toContain("FEEDBACK ONLY");
    expect(yml).toContain("Classroom 50");
    expect(yml).not.toContain("autograding-grading-reporter"); // the retired GitHub Classroom's reporter
    expect(yml).not.toMatch(/^ {2}autograde:$/m); // Classroom 50's own caller workflow is named autograde
  });

  it("grades with the workbench itself, fails loudly when no report was written, and writes the job summary", () => {
    expect(yml).toContain("npm ci");
    expect(yml).toMatch(/npm run -s workbench -- grade --json "\$RUNNER_TEMP\/report.json"/);
    expect(yml).toContain('if [ ! -s "$RUNNER_TEMP/report.json" ]');
    expect(yml).toContain('>> "$GITHUB_STEP_SUMMARY"');
    expect(yml).toContain("node-version: '24'");
    expect(yml).toContain("permissions:\n  contents: read\n");
  });
});

describe("releaseReadme", () => {
  const readme = "# aider-workbench\n\nIntro.\n\n## Exercises\n\nDo them.\n\n**Instructors**\n\ngrade --target solutions\n\n## Teaching a class\n\n### Releasing to students\n\nInstructor text.\n\n## Layout\n\nlib/\n";

  it("opens with the student section, drops Teaching a class, keeps the rest in order", () => {
    const out = releaseReadme(readme, 9);
    expect(out.startsWith("# aider-workbench\n\n## This is your copy of the workbench\n")).toBe(true);
    expect(out).toContain("9 exercises as stubs");
    expect(out).not.toContain("Teaching a class");
    expect(out).not.toContain("Instructor text.");
    expect(out).not.toContain("**Instructors**");
    expect(out).not.toContain("--target solutions");
    expect(out.indexOf("## Exercises")).toBeLessThan(out.indexOf("## Layout"));
    expect(out).toContain("Intro.\n\n## Exercises\n\nDo them.\n\n## Layout\n\nlib/\n");
  });
});

describe("workflowNodeVersion", () => {
  it("takes the newest major among engines' alternatives, whatever their order", () => {
    expect(workflowNodeVersion("^22.12.0 || ^24.0.0")).toBe("24");
    expect(workflowNodeVersion(">=24.1 || ^22.12.0")).toBe("24");
    expect(workflowNodeVersion(">=20.19 <21")).toBe("20");
    expect(workflowNodeVersion("")).toBe("24");
    expect(() => workflowNodeVersion(22 as unknown as string)).toThrow("workflowNodeVersion: engines must be a string");
  });
});
