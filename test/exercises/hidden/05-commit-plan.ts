/**
 * Hidden graded tests for exercise 05 (commit_plan's set algebra): left out of the student release
 * (`workbench release`) and run only when the instructor grades with `--hidden` (lib/grader/README.md, "Hidden
 * tests"). Same reference as the visible tests: lib's teaching model (lib/git/teaching/commit-plan.ts).
 */
import { teachingCommitPlan as reference } from "../../../lib/index.js";
import { expectSame } from "../../../lib/grader/judge/compare.js";
import type { HiddenTests } from "../../../lib/grader/judge/grading.js";

type Module = typeof import("@target/05-commit-plan/commit-plan.js");

function expected(dirty: readonly string[], edited: readonly string[]): unknown {
  const { executesGit: _, ...plan } = reference({ dirtyFiles: dirty, editedFiles: edited });
  return plan;
}

const hidden: HiddenTests<Module> = (ex) => {
  ex.test("a large turn: 300 dirty files, 300 edited, half of them both", 2, ({ commitPlan }) => {
    const dirty = Array.from({ length: 300 }, (_, i) => `src/m${String(i).padStart(3, "0")}.py`);
    const edited = Array.from({ length: 300 }, (_, i) => `src/m${String(i + 150).padStart(3, "0")}.py`).reverse();
    expectSame(commitPlan(dirty, edited), expected(dirty, edited), "300 dirty (m000–m299), 300 edited (m150–m449), in reverse order");
  });
};
export default hidden;
