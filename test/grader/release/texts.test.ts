/** The workflow and README a student release carries (lib/grader/release/texts.ts). */
import { describe, expect, it } from "vitest";
import { classroomWorkflow, releaseReadme, workflowNodeVersion } from "../../../lib/grader/release/texts.js";

describe("classroomWorkflow", () => {
  const yml = classroomWorkflow("20.19");

  it("keeps the names GitHub Classroom's reporter requires and wires the runner id to its _RESULTS variable", () => {
    expect(yml).toMatch(/^name: Autograding Tests$/m);
    expect(yml).toMatch(/^jobs:\n {2}run-autograding-tests:$/m);
    expect(yml.match(/^ {2}[\w-]+:$/gm)).toEqual(["  run-autograding-tests:"]); // one job
    const runner = /runners: (\S+)/.exec(yml)![1]!;
    const step = /id: (\S+)\n\s+run: \|/.exec(yml)![1]!;
    expect(yml).toContain(`${runner.toUpperCase()}_RESULTS: "\${{ steps.${step}.outputs.result }}"`);
    expect(yml).toContain("uses: classroom-resources/autograding-grading-reporter@v1");
  });

  it("grades with the workbench itself and base64-encodes its --classroom result into the step's output", () => {
    expect(yml).toContain("npm ci");
    expect(yml).toMatch(/npm run -s workbench -- grade --classroom "\$out"/);
    expect(yml).toContain(`echo "result=$(base64 -w0 "$out")" >> "$GITHUB_OUTPUT"`);
    expect(yml).toContain("node-version: '20.19'");
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
