/**
 * Tests mirror the source (CONTRIBUTING.md, "Layout and naming"): each file of lib with logic has its test at
 * test/<same path>/<name>.test.ts. The files that have none are listed below, each with its reason — most are
 * tested through another file's test, which the reason names (and which must exist). A new file of lib without a
 * mirror fails here until it gets one or an entry; an entry whose file got a mirror must leave the list.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../support/temp-dirs.js";

const ROOT = join(__dirname, "..", "..");
const tempDir = tempDirs();

/** The `.ts` files under `root/lib` (no `dist`, no `node_modules`, no `.d.ts`), `/`-separated, relative to root. */
function libFiles(root: string, dir = join(root, "lib")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = join(dir, e.name);
    if (e.isDirectory()) return e.name === "dist" || e.name === "node_modules" ? [] : libFiles(root, abs);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [relative(root, abs).split(sep).join("/")] : [];
  });
}

/** lib/a/b.ts → test/a/b.test.ts */
export function mirrorOf(file: string): string {
  return file.replace(/^lib\//, "test/").replace(/\.ts$/, ".test.ts");
}

/** The files of lib whose mirror test does not exist, sorted. */
function unmirrored(root: string): string[] {
  return libFiles(root)
    .filter((f) => !existsSync(join(root, mirrorOf(f))))
    .sort();
}

/** lib file → why it has no test/<same path>.test.ts. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  "lib/index.ts": "a barrel (re-exports only): the public API, imported by nearly every test",
  "lib/cli.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/diagrams.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/exercise-options.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/exit-status.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/git-scenario.ts": "no logic (types, constants or a process entry point)",
  "lib/cli/grade.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/hint.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/kernel.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/loop-model.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/loop.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/notebooks.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/registry.ts": "no logic (types, constants or a process entry point)",
  "lib/cli/reset.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/start.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/cli/teach.ts": "a CLI command: run as `workbench` is in test/cli/cli.test.ts and its siblings in test/cli/",
  "lib/conformance/editblock-fields.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editblock-suites.test.ts",
  "lib/conformance/editformat-cases.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/conformance/format.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editblock-suites.test.ts",
  "lib/conformance/index.ts": "a barrel (re-exports only)",
  "lib/conformance/read.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editblock-suites.test.ts",
  "lib/conformance/suite-editblock-fenced.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editblock-suites.test.ts",
  "lib/conformance/suite-editblock-misc.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editblock-suites.test.ts",
  "lib/conformance/suite-editblock-parse.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editblock-suites.test.ts",
  "lib/conformance/suite-editblock-replace.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editblock-suites.test.ts",
  "lib/conformance/suite-map-search.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/golden-repomap.test.ts",
  "lib/conformance/suite-pagerank.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/golden-repomap.test.ts",
  "lib/conformance/suite-patch.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/conformance/suite-repomap-ranking.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/golden-repomap.test.ts",
  "lib/conformance/suite-udiff.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/conformance/suite-wholefile.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/conformance/suite.ts": "a conformance suite or its runner: run against its golden vectors in test/conformance/editblock-suites.test.ts",
  "lib/conformance/suites.ts": "no logic (types, constants or a process entry point)",
  "lib/core/difflib-unified.ts": "Python's unified_diff: checked against CPython in test/editblock/parse.test.ts and through lib/show's diffs in test/show/pictures.test.ts",
  "lib/core/pyerror.ts": "the PythonError class of the error family: test/core/errors.test.ts",
  "lib/core/pystr.ts": "Python's string semantics, checked against the seed's Python through test/editblock/teaching/search-replace.test.ts and the properties in test/properties/search-replace.test.ts",
  "lib/diagrams/chromium.ts": "renders diagrams/*.mmd with Chromium: test/system/diagrams.test.ts",
  "lib/diagrams/render.ts": "renders diagrams/*.mmd with Chromium: test/system/diagrams.test.ts",
  "lib/editblock/dotdotdots.ts": "Aider's try_dotdotdots, a stage of replace: test/editblock/replace.test.ts and the golden vectors in test/conformance/editblock-suites.test.ts",
  "lib/editformats/index.ts": "a barrel (re-exports only)",
  "lib/editformats/patch/index.ts": "a barrel (re-exports only)",
  "lib/editformats/udiff/index.ts": "a barrel (re-exports only)",
  "lib/editformats/wholefile/index.ts": "a barrel (re-exports only)",
  "lib/explore/cases-search-replace.ts": "a law or the catalogue: run with fast-check in test/properties/ (test/properties/laws.ts) and test/explore/law.test.ts",
  "lib/explore/catalogue.ts": "a law or the catalogue: run with fast-check in test/properties/ (test/properties/laws.ts) and test/explore/law.test.ts",
  "lib/explore/index.ts": "a barrel (re-exports only)",
  "lib/explore/laws-apply-edits.ts": "a law or the catalogue: run with fast-check in test/properties/ (test/properties/laws.ts) and test/explore/law.test.ts",
  "lib/explore/laws-budget.ts": "a law or the catalogue: run with fast-check in test/properties/ (test/properties/laws.ts) and test/explore/law.test.ts",
  "lib/explore/laws-edit-formats.ts": "a law or the catalogue: run with fast-check in test/properties/ (test/properties/laws.ts) and test/explore/law.test.ts",
  "lib/explore/laws-pagerank.ts": "a law or the catalogue: run with fast-check in test/properties/ (test/properties/laws.ts) and test/explore/law.test.ts",
  "lib/explore/laws-parser.ts": "a law or the catalogue: run with fast-check in test/properties/ (test/properties/laws.ts) and test/explore/law.test.ts",
  "lib/explore/laws-search-replace.ts": "a law or the catalogue: run with fast-check in test/properties/ (test/properties/laws.ts) and test/explore/law.test.ts",
  "lib/explore/laws-tokens.ts": "a law or the catalogue: run with fast-check in test/properties/ (test/properties/laws.ts) and test/explore/law.test.ts",
  "lib/git/aider/edit-format.ts": "part of Aider's turn in a git sandbox: test/git/aider/turn.test.ts and the scenarios in test/git/scenario.test.ts",
  "lib/git/aider/io.ts": "part of Aider's turn in a git sandbox: test/git/aider/turn.test.ts and the scenarios in test/git/scenario.test.ts",
  "lib/git/aider/repo.ts": "part of Aider's turn in a git sandbox: test/git/aider/turn.test.ts and the scenarios in test/git/scenario.test.ts",
  "lib/git/aider/session.ts": "part of Aider's turn in a git sandbox: test/git/aider/turn.test.ts and the scenarios in test/git/scenario.test.ts",
  "lib/git/compare.ts": "part of Aider's turn in a git sandbox: test/git/aider/turn.test.ts and the scenarios in test/git/scenario.test.ts",
  "lib/git/sandbox/git-cli.ts": "part of Aider's turn in a git sandbox: test/git/aider/turn.test.ts and the scenarios in test/git/scenario.test.ts",
  "lib/git/sandbox/observe.ts": "part of Aider's turn in a git sandbox: test/git/aider/turn.test.ts and the scenarios in test/git/scenario.test.ts",
  "lib/git/scenario-run.ts": "part of Aider's turn in a git sandbox: test/git/aider/turn.test.ts and the scenarios in test/git/scenario.test.ts",
  "lib/git/scenario-text.ts": "part of Aider's turn in a git sandbox: test/git/aider/turn.test.ts and the scenarios in test/git/scenario.test.ts",
  "lib/grader/class/summary-render.ts": "the class summary's text: rendered and checked in test/grader/class/summary.test.ts",
  "lib/grader/class/grade-student.ts": "one student's grading inside a class run: exercised through test/grader/class/grade-class.test.ts",
  "lib/grader/release/write.ts": "writing the student release: run end to end in test/cli/release.test.ts and test/system/release-clone.test.ts (a fresh clone grades 0 and full)",
  "lib/grader/index.ts": "a barrel (re-exports only)",
  "lib/grader/junit.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/grader/misconception.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/grader/output.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/grader/protocol.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/grader/sandbox/cache.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/grader/sandbox/child.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/grader/sandbox/containment.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/grader/sandbox/io-worker.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/grader/sandbox/link.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/grader/sandbox/wire.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/grader/session.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/grader/target.ts": "the grader's machinery: run end to end in test/grader/ (test/grader/grade-containment.test.ts, test/grader/exercises.test.ts)",
  "lib/loop/architect.ts": "a stage of the loop: exercised through the loop in test/loop/format-sessions.test.ts",
  "lib/loop/format-prompts.ts": "a stage of the loop: exercised through the loop in test/loop/format-sessions.test.ts",
  "lib/loop/format-record.ts": "a stage of the loop: exercised through the loop in test/loop/format-sessions.test.ts",
  "lib/loop/format-workspace.ts": "a stage of the loop: exercised through the loop in test/loop/format-sessions.test.ts",
  "lib/loop/index.ts": "a barrel (re-exports only)",
  "lib/loop/loop-options.ts": "a stage of the loop: exercised through the loop in test/loop/loop.test.ts",
  "lib/loop/loop-record.ts": "a stage of the loop: exercised through the loop in test/loop/loop.test.ts",
  "lib/loop/openai-config.ts": "a stage of the loop: exercised through the loop in test/loop/openai-client.test.ts",
  "lib/loop/openai-protocol.ts": "a stage of the loop: exercised through the loop in test/loop/openai-client.test.ts",
  "lib/loop/recording-format.ts": "a stage of the loop: exercised through the loop in test/loop/recording.test.ts",
  "lib/loop/stand-in-server.ts": "a stage of the loop: exercised through the loop in test/loop/openai-client.test.ts",
  "lib/misconceptions/commit-plan.ts": "a misconception's variants: test/misconceptions/catalogue.test.ts and test/misconceptions/solutions.test.ts",
  "lib/misconceptions/index.ts": "a barrel (re-exports only)",
  "lib/misconceptions/map-search.ts": "a misconception's variants: test/misconceptions/catalogue.test.ts and test/misconceptions/solutions.test.ts",
  "lib/misconceptions/match.ts": "a misconception's variants: test/misconceptions/catalogue.test.ts and test/misconceptions/solutions.test.ts",
  "lib/misconceptions/pagerank.ts": "a misconception's variants: test/misconceptions/catalogue.test.ts and test/misconceptions/solutions.test.ts",
  "lib/misconceptions/predict-hunk.ts": "a misconception's variants: test/misconceptions/catalogue.test.ts and test/misconceptions/solutions.test.ts",
  "lib/misconceptions/same.ts": "a misconception's variants: test/misconceptions/catalogue.test.ts and test/misconceptions/solutions.test.ts",
  "lib/misconceptions/search-replace.ts": "a misconception's variants: test/misconceptions/catalogue.test.ts and test/misconceptions/solutions.test.ts",
  "lib/misconceptions/symbol-budget.ts": "a misconception's variants: test/misconceptions/catalogue.test.ts and test/misconceptions/solutions.test.ts",
  "lib/misconceptions/token-estimate.ts": "a misconception's variants: test/misconceptions/catalogue.test.ts and test/misconceptions/solutions.test.ts",
  "lib/misconceptions/trace-path.ts": "a misconception's variants: test/misconceptions/catalogue.test.ts and test/misconceptions/solutions.test.ts",
  "lib/misconceptions/types.ts": "a misconception's variants: test/misconceptions/catalogue.test.ts and test/misconceptions/solutions.test.ts",
  "lib/notebooks/inprocess-child.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/inprocess-exec.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/jupyter-server.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/jupyter.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/live/api.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/live/browser/live-client.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/live/client-bundle.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/live/edits.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/live/guard.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/live/kernel-child.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/live/kernel-protocol.ts": "no logic (types, constants or a process entry point)",
  "lib/notebooks/live/kernel-session.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/project.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/serve.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/notebooks/tslab-session.ts": "the notebooks tooling: test/notebooks/ (test/notebooks/runner.test.ts, test/notebooks/site.test.ts) and test/system/live-notebook.test.ts",
  "lib/repomap/pagerank/coo.ts": "a piece of Aider's PageRank (scipy's COO/CSR order): bit for bit with networkx in test/repomap/pagerank/pagerank.test.ts",
  "lib/repomap/pagerank/csr-sort.ts": "a piece of Aider's PageRank (scipy's COO/CSR order): bit for bit with networkx in test/repomap/pagerank/pagerank.test.ts",
  "lib/repomap/pagerank/matrix.ts": "a piece of Aider's PageRank (scipy's COO/CSR order): bit for bit with networkx in test/repomap/pagerank/pagerank.test.ts",
  "lib/repomap/ranking/fast/prepare.ts": "the prepared fast path: equal to getRankedTags bit for bit in test/repomap/ranking/fast/prepared-tags.test.ts",
  "lib/repomap/ranking/fast/rank-sort.ts": "the prepared fast path: equal to getRankedTags bit for bit in test/repomap/ranking/fast/prepared-tags.test.ts",
  "lib/repomap/ranking/fast/request.ts": "the prepared fast path: equal to getRankedTags bit for bit in test/repomap/ranking/fast/prepared-tags.test.ts",
  "lib/repomap/ranking/rank.ts": "a piece of get_ranked_tags: test/repomap/ranking/ranking.test.ts and the golden vectors in test/conformance/golden-repomap.test.ts",
  "lib/repomap/ranking/tag.ts": "a piece of get_ranked_tags: test/repomap/ranking/ranking.test.ts and the golden vectors in test/conformance/golden-repomap.test.ts",
  "lib/repomap/ranking/types.ts": "a piece of get_ranked_tags: test/repomap/ranking/ranking.test.ts and the golden vectors in test/conformance/golden-repomap.test.ts",
  "lib/repomap/scan/grammars.ts": "a piece of the scan: test/repomap/scan/scan.test.ts",
  "lib/repomap/scan/languages-unmapped.ts": "a piece of the scan: test/repomap/scan/scan.test.ts",
  "lib/repomap/scan/languages.ts": "a piece of the scan: test/repomap/scan/scan.test.ts",
  "lib/repomap/scan/parse.ts": "a piece of the scan: test/repomap/scan/scan.test.ts",
  "lib/repomap/scan/pool.ts": "a piece of the scan: test/repomap/scan/scan.test.ts",
  "lib/repomap/scan/queries/bash.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/clojure.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/dart.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/elisp.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/elixir.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/elm.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/gleam.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/haskell.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/hcl.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/kotlin.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/ocaml_interface.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/r.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/solidity.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/swift.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/zig.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/worker.ts": "a piece of the scan: test/repomap/scan/scan.test.ts",
  "lib/show/graph-input.ts": "a picture or table: structurally in test/show/pictures.test.ts",
  "lib/show/graph.ts": "a picture or table: structurally in test/show/pictures.test.ts",
  "lib/show/index.ts": "a barrel (re-exports only)",
  "lib/show/iteration.ts": "a picture or table: structurally in test/show/pictures.test.ts",
  "lib/show/loop-run.ts": "a picture or table: structurally in test/show/pictures.test.ts",
  "lib/show/stepper.ts": "a picture or table: structurally in test/show/pictures.test.ts",
};

describe("every file of lib has its mirror test, or a listed reason", () => {
  const missing = unmirrored(ROOT);

  it("a file without a mirror is a listed exception", () => {
    expect(missing.length).toBeGreaterThan(0); // the walker found lib
    expect(missing.filter((f) => !(f in EXCEPTIONS))).toEqual([]);
  });

  it("an exception whose file now has a mirror (or is gone) leaves the list", () => {
    expect(Object.keys(EXCEPTIONS).filter((f) => !missing.includes(f))).toEqual([]);
  });

  it("each reason that names a test names one that exists", () => {
    const named = Object.values(EXCEPTIONS).flatMap((r) => r.match(/test\/[\w./-]+\.(?:test\.)?ts/g) ?? []);
    expect(named.length).toBeGreaterThan(50);
    expect([...new Set(named)].filter((t) => !existsSync(join(ROOT, t)))).toEqual([]);
  });
});

describe("the mirror walker can fail", () => {
  it("finds a lib file without its test, and not one with it", () => {
    const root = tempDir("mirrors-");
    for (const f of ["lib/a/x.ts", "lib/a/y.ts", "test/a/x.test.ts", "lib/dist/z.ts", "lib/a/t.d.ts"]) {
      mkdirSync(join(root, dirname(f)), { recursive: true });
      writeFileSync(join(root, f), "export const v = 1;\n");
    }
    expect(unmirrored(root)).toEqual(["lib/a/y.ts"]);
    expect(mirrorOf("lib/repomap/scan/scan.ts")).toBe("test/repomap/scan/scan.test.ts");
  });
});
