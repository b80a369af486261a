/**
 * Git checkpoints: the seed page's commitPlan against the real git turn (lib/git/aider-*.ts, issue 5). That path
 * is not on main yet; the contrasts are added once it lands. The teaching model's own laws are in
 * test/git/teaching-commit-plan.test.ts.
 */
import { describe, it } from "vitest";

describe("git checkpoints: commitPlan and the real git turn", () => {
  it.todo("commitPlan against the real git turn — waits for lib/git/aider-*.ts (issue 5) to land on main");
});
