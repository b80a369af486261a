/**
 * Runs the graded tests with plain vitest, for whoever writes or debugs them:
 *   npx vitest run --config lib/grader/judge/vitest.config.ts                       # against exercises/
 *   WORKBENCH_TARGET=solutions npx vitest run --config lib/grader/judge/vitest.config.ts
 * WORKBENCH_TARGET takes what `workbench grade --target` takes (grading.ts here reads it). Students use `workbench grade`
 * instead, which configures vitest itself (lib/grader/run.ts) and needs no file of test/ but the graded tests; the
 * fixed fast-check seed of CI comes from the project's test setup, for maintainers only.
 */
import { defineConfig } from "vitest/config";
import { findProjectRoot } from "../../core/project-root.js";
import { gradingAliases } from "../target.js";

const root = findProjectRoot(process.cwd());

export default defineConfig({
  root,
  resolve: { alias: gradingAliases(root) },
  test: {
    include: ["test/exercises/*.test.ts"],
    setupFiles: ["test/setup/fast-check-seed.ts"],
    pool: "forks",
  },
});
