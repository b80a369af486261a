/**
 * The texts a student release adds or rewrites: the GitHub Actions workflow that grades each push and
 * reports points the way GitHub Classroom's autograding reads them (lib/grader/classroom.ts has the format), and the
 * README, which gains a "This is your copy" section and loses the instructor's "Teaching a class". Pure.
 */

import { WorkbenchInputError } from "../../core/errors.js";

/** Where the workflow goes in the release. */
export const WORKFLOW_PATH = ".github/workflows/classroom.yml";

/**
 * The workflow. Classroom's reporter requires the workflow name "Autograding Tests" and one job named
 * `run-autograding-tests`; it reads each runner's base64 result from `<RUNNER-ID>_RESULTS` (here `WORKBENCH_RESULTS`).
 * The grade step must not fail the job before the reporter runs: the reporter sets the job's outcome.
 */
export function classroomWorkflow(nodeVersion: string): string {
  return `# Grades every push with the workbench's own grader and reports the points in the format GitHub Classroom's
# autograding reads: \`workbench grade --classroom FILE\` writes the result JSON, this workflow hands it (base64) to
# classroom-resources/autograding-grading-reporter, which prints the table and posts "Points N/M".
# Written by \`workbench release\`; see README.md, "This is your copy of the workbench".
name: Autograding Tests
'on':
  - push
  - workflow_dispatch
  - repository_dispatch
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  run-autograding-tests:
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    timeout-minutes: 20
    steps:
      - name: Checkout code
        uses: actions/checkout@v4
      - name: Set up Node
        uses: actions/setup-node@v4
        with:
          node-version: '${nodeVersion}'
          cache: npm
      - name: Install
        run: npm ci
      - name: Grade with the workbench
        id: workbench
        run: |
          out="$RUNNER_TEMP/classroom.json"
          npm run -s workbench -- grade --classroom "$out" || status=$?
          # exit 1 only means "points missing"; anything else without a result is a broken grader: fail loudly
          if [ ! -s "$out" ]; then echo "the grader wrote no result (exit \${status:-0})"; exit 1; fi
          echo "result=$(base64 -w0 "$out")" >> "$GITHUB_OUTPUT"
      - name: Autograding Reporter
        uses: classroom-resources/autograding-grading-reporter@v1
        env:
          WORKBENCH_RESULTS: "\${{ steps.workbench.outputs.result }}"
        with:
          runners: workbench
`;
}

/**
 * The Node line the workflow sets up: the newest major version among the alternatives of package.json's
 * `engines.node` (`"^22.12.0 || ^24.0.0"` gives "24"), or "24" when it names none.
 */
export function workflowNodeVersion(engines: string): string {
  if (typeof engines !== "string") throw new WorkbenchInputError("workflowNodeVersion", "engines", "must be a string (package.json engines.node)", engines);
  const majors = engines.split("||").map((alt) => /\d+/.exec(alt)?.[0]).filter((m): m is string => m !== undefined).map(Number);
  return majors.length === 0 ? "24" : String(Math.max(...majors));
}

/** The section a release's README opens with (after its title). */
export function studentReadmeSection(exerciseCount: number): string {
  return `## This is your copy of the workbench

This repository is a student release of aider-workbench: the lib, the notebooks, the diagrams, the docs and
${exerciseCount} exercises as stubs for you to fill in, with their graded tests and the grader. Reference solutions
are not included.

\`\`\`sh
npm ci                                     # install (Node 22 or 24: node -v)
npm run -s workbench -- grade              # grade every exercise: 0 points until you write them
npm run -s workbench -- grade 01 --watch   # grade exercise 01 each time you save
npm run -s workbench -- hint 01            # the next hint
npm run -s workbench -- reset 01           # start exercise 01 over (your file is backed up)
\`\`\`

Every push is graded by GitHub Actions (\`${WORKFLOW_PATH}\`): it runs the same \`workbench grade\`, with
\`--classroom FILE\`, and hands the result to \`classroom-resources/autograding-grading-reporter@v1\` in the format
GitHub Classroom's autograding reads — a base64 JSON object \`{ version: 1, status, max_score, tests: [{ name,
status, score, … }] }\` per runner, in \`<RUNNER-ID>_RESULTS\` — which prints the table and posts "Points N/M".
(GitHub retired the Classroom service on 28 August 2026; the reporter action and its format still work in Actions.)
Your instructor may grade with more tests than you see here.

`;
}

/**
 * The release's README from the checkout's: the student section after the title line; the "## Teaching a class"
 * section, and any "**Instructors**" part of a section (each up to the next "## " heading), taken out.
 */
export function releaseReadme(readme: string, exerciseCount: number): string {
  const lines = readme.split("\n");
  const out: string[] = [];
  let skipping = false;
  for (const line of lines) {
    if (/^## /.test(line)) skipping = /^## Teaching a class\b/.test(line);
    else if (line.trim() === "**Instructors**") skipping = true; // the instructor's part of a section, to its end
    if (!skipping) out.push(line);
  }
  const titleAt = out.findIndex((l) => /^# /.test(l));
  const section = studentReadmeSection(exerciseCount).split("\n");
  if (titleAt < 0) return [...section, ...out].join("\n");
  return [...out.slice(0, titleAt + 1), "", ...section, ...out.slice(titleAt + 1).join("\n").replace(/^\n+/, "").split("\n")].join("\n");
}
