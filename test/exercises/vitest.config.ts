/**
 * Runs the graded tests with plain vitest, for whoever writes or debugs them:
 *   npx vitest run --config test/exercises/vitest.config.ts                       # against exercises/
 *   WORKBENCH_TARGET=solutions npx vitest run --config test/exercises/vitest.config.ts
 * WORKBENCH_TARGET takes what `workbench grade --target` takes. Students use `workbench grade` instead.
 */
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { gradingAliases, resolveTarget } from "../../lib/grader/target.js";

const root = resolve(__dirname, "../..");
const target = resolveTarget(root, process.env.WORKBENCH_TARGET ?? "exercises");

export default defineConfig({
  root,
  resolve: { alias: gradingAliases(root, target.dir) },
  test: {
    include: ["test/exercises/*.test.ts"],
    setupFiles: ["test/setup/fast-check-seed.ts"],
    pool: "forks",
  },
});
