/**
 * `npm run test:unit`: the fast tier — every mechanism's unit and property tests (repo map, SEARCH/REPLACE, the
 * other edit formats, the teaching commit plan), core, the laws' runner, lib's layering, the misconception
 * variants (pure), the class similarity report (pure: it reads text, runs nothing), each conformance suite on its
 * golden vectors and the diagrams' stamps, with the fixed fast-check seed when CI is set.
 * No notebooks (so no lib build first), no grader processes, no git sandboxes, no CLI child processes: those run
 * in `npm test` and `npm run test:quick`. A test that needs one of them does not belong in this list.
 */
import { availableParallelism } from "node:os";
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
      // each conformance suite on its golden vectors, and the readers they share (pure: no CLI, no tree-sitter)
      "test/conformance/suite.test.ts",
      "test/conformance/suites.test.ts",
      "test/conformance/format.test.ts",
      "test/conformance/read.test.ts",
      "test/conformance/editblock-fields.test.ts",
      "test/conformance/editformat-cases.test.ts",
      "test/conformance/suite-editblock-fenced.test.ts",
      "test/conformance/suite-editblock-misc.test.ts",
      "test/conformance/suite-editblock-parse.test.ts",
      "test/conformance/suite-editblock-replace.test.ts",
      "test/conformance/suite-map-search.test.ts",
      "test/conformance/suite-pagerank.test.ts",
      "test/conformance/suite-patch.test.ts",
      "test/conformance/suite-repomap-ranking.test.ts",
      "test/conformance/suite-udiff.test.ts",
      "test/conformance/suite-wholefile.test.ts",
      "test/grader/class/**/*.test.ts",
      // the misconception modules' mirrors are pure; the folder's other tests run the graded tests or read notebooks
      "test/misconceptions/commit-plan.test.ts",
      "test/misconceptions/map-search.test.ts",
      "test/misconceptions/match.test.ts",
      "test/misconceptions/pagerank.test.ts",
      "test/misconceptions/predict-hunk.test.ts",
      "test/misconceptions/same.test.ts",
      "test/misconceptions/search-replace.test.ts",
      "test/misconceptions/symbol-budget.test.ts",
      "test/misconceptions/token-estimate.test.ts",
      "test/misconceptions/trace-path.test.ts",
      "test/misconceptions/types.test.ts",
      // the diagrams' stamps, listing and Chromium lookup, without launching it (rendering: test/system/diagrams.test.ts)
      "test/diagrams/**/*.test.ts",
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
      // gradeStudent and gradeBatch start grade processes (a missing folder, a grade past its limit, batches)
      "test/grader/class/grade-student.test.ts",
      "test/grader/class/grade-batch.test.ts",
      "**/node_modules/**",
    ],
    setupFiles: ["test/setup/fast-check-seed.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // vitest's default in a run is one worker fewer than the cores: 1 on a 2-core machine, which left a core idle
    // (48.8 s wall for 60 s of CPU). These tests start no processes of their own, so every core can take a worker.
    maxWorkers: availableParallelism(),
  },
});
