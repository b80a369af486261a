/**
 * The texts a student release adds or rewrites: the GitHub Actions workflow that grades each push as feedback for
 * the student, and the README, which gains a "This is your copy" section and loses the instructor's "Teaching a
 * class". Pure.
 */

import { WorkbenchInputError } from "../../core/errors.js";

/** Where the workflow goes in the release. */
export const WORKFLOW_PATH = ".github/workflows/workbench-feedback.yml";

/**
 * The feedback workflow: on each push, `workbench grade` with the table and failures in the job's summary. A student
 * controls their repository and this file, so it records nothing: the grade of record comes from the instructor's
 * grader (Classroom 50's runner with the bundle of `workbench autograder classroom50`, Gradescope, PrairieLearn or
 * `grade-class`). Its name does not clash with the `autograde.yaml` that Classroom 50 writes when a student accepts.
 */
export function feedbackWorkflow(nodeVersion: string): string {
  return `# Grades every push with the workbench's own grader and shows the table, the failures and a hint in the job's
# summary. These points are FEEDBACK ONLY: this repository and this workflow are the student's to edit, so nothing
# here is a grade of record. The course's grade comes from the instructor's grader (Classroom 50's autograde runner
# with the instructor's bundle, Gradescope, PrairieLearn, or workbench grade-class), which never uses this file.
# Written by \`workbench release\`; see README.md, "This is your copy of the workbench".
name: Workbench feedback
'on':
  - push
  - workflow_dispatch
permissions:
  contents: read
jobs:
  feedback:
    runs-on: ubuntu-latest
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
      - name: Grade with the workbench (feedback only)
        run: |
          npm run -s workbench -- grade --json "$RUNNER_TEMP/report.json" > "$RUNNER_TEMP/grade.txt" 2>&1 || status=$?
          # exit 1 only means "points missing"; anything else without a report is a broken grader: fail loudly
          if [ ! -s "$RUNNER_TEMP/report.json" ]; then cat "$RUNNER_TEMP/grade.txt"; echo "the grader wrote no report (exit \${status:-0})"; exit 1; fi
          { echo '### Workbench feedback (not a grade of record)'; echo '\`\`\`'; cat "$RUNNER_TEMP/grade.txt"; echo '\`\`\`'; } >> "$GITHUB_STEP_SUMMARY"
          cat "$RUNNER_TEMP/grade.txt"
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

Every push is graded by GitHub Actions (\`${WORKFLOW_PATH}\`): it runs the same \`workbench grade\` and shows
the table, your failures and a hint in the run's summary. Those points are feedback for you, not your grade: your
instructor grades with their own copy of the grader (on Classroom 50, Gradescope, PrairieLearn or their machine),
never with the tests or the workflow in this repository, and may grade with more tests than you see here.

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
