/**
 * `npm run test:unit`: the fast tier — every mechanism's unit and property tests (repo map, SEARCH/REPLACE, the
 * other edit formats, the teaching commit plan), core, the laws' runner, lib's layering and the class similarity
 * report (pure: it reads text, runs nothing), with the fixed fast-check seed when CI is set.
 * No notebooks (so no lib build first), no grader processes, no git sandboxes, no CLI child processes: those run
 * in `npm test` and `npm run test:quick`. A test that needs one of them does not belong in this list.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "test/architecture/**/*.test.ts",
      "test/core/**/*.test.ts",
      "test/repomap/**/*.test.ts",
      "test/editblock/**/*.test.ts",
      "test/editformats/**/*.test.ts",
      "test/git/teaching/**/*.test.ts",
      "test/explore/**/*.test.ts",
      "test/properties/**/*.test.ts",
      "test/conformance/golden-repomap.test.ts",
      "test/conformance/render-stub.test.ts",
      "test/grader/class/**/*.test.ts",
    ],
    exclude: [
      // git sandboxes: the real turn's laws (the pure git model is in test/git/teaching/)
      "test/properties/git.test.ts",
      // whole-command and real-git integration: every grammar mapped through `workbench map`, hostile trees and
      // pathological files scanned end to end, git run on hostile .git/config files
      "test/repomap/scan/languages-more.test.ts",
      "test/repomap/hostile-scan.test.ts",
      "test/repomap/hostile-tree.test.ts",
      "test/core/untrusted-git.test.ts",
      // grade-class's checkout clones throw-away repositories with real git; gradeClass starts grade processes
      "test/grader/class/checkout.test.ts",
      "test/grader/class/grade-class.test.ts",
      "**/node_modules/**",
    ],
    setupFiles: ["test/setup/fast-check-seed.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
