import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The graded exercise tests fail on the stubs by design: the grader runs them (`workbench grade`), and
    // test/grader/ checks them in both directions (solutions full marks, stubs zero).
    exclude: ["test/exercises/**", "**/node_modules/**"],
    // English output, whatever the developer's locale (LANG=zh_CN… would make the CLI speak Chinese: lib/core/lang.ts);
    // the tests of the Chinese output ask for it with --lang zh or set WORKBENCH_LANG themselves
    env: { WORKBENCH_LANG: "en" },
    setupFiles: ["test/setup/fast-check-seed.ts"],
    globalSetup: ["test/setup/lib-build.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
