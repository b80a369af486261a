/**
 * Runs the graded tests with plain vitest, for whoever writes or debugs them:
 *   npx vitest run --config test/exercises/vitest.config.ts                       # against exercises/
 *   WORKBENCH_TARGET=solutions npx vitest run --config test/exercises/vitest.config.ts
 * WORKBENCH_TARGET takes what `workbench grade --target` takes (test/exercises/grading.ts reads it). Students use `workbench grade` instead.
 */
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { gradingAliases } from "../../lib/grader/target.js";

const root = resolve(__dirname, "../..");

export default defineConfig({
  root,
  resolve: { alias: gradingAliases(root) },
  test: {
    include: ["test/exercises/*.test.ts"],
    setupFiles: ["test/setup/fast-check-seed.ts"],
    pool: "forks",
  },
});
