import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The graded exercise tests fail on the stubs by design: the grader runs them (`workbench grade`), and
    // test/grader/ checks them in both directions (solutions full marks, stubs zero).
    exclude: ["test/exercises/**", "**/node_modules/**"],
    setupFiles: ["test/setup/fast-check-seed.ts"],
    globalSetup: ["test/setup/lib-build.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
