/**
 * The inputs on which the seed page's teaching functions (seed 000, 知识点一/二/三: `repo_map`, `search_replace`,
 * `commit_plan`) are recorded as fixtures, and how each input is handed to the page's Python (its keyword names).
 * Used by `scripts/reference/seed-fixtures.ts` to regenerate `test/fixtures/seed-000/`; the tests read the fixtures.
 */
import fc from "fast-check";
import type { CommitPlanInput, RepoMapInput } from "../../lib/index.js";
import { planInput, repoMapInput, searchReplaceInput } from "../../lib/grader/judge/arbitraries.js";
import type { SeedCall } from "./seed-python.js";

/** One fixture file's worth of inputs: the workbench's own argument and the seed call it corresponds to. */
export type SeedCaseSet<I> = { fn: SeedCall["fn"]; file: string; inputs: { name?: string; input: I }[] };

/** The valid graph of the "bad input" cases; each case below changes one thing in it. */
export const REPO_MAP_BASE: RepoMapInput = {
  files: ["a", "b"],
  edges: [["a", "b", "f", 1]],
  personalization: { a: 1 },
  symbolCosts: { b: { f: 1 } },
  budget: 5,
};

/** Broken `repoMap` inputs, by name: each is `REPO_MAP_BASE` with this patch, and the seed must reject it. */
export const REPO_MAP_BAD_PATCHES: readonly (readonly [string, Record<string, unknown>])[] = [
  ["empty graph", { files: [], edges: [], personalization: {} }],
  ["budget negative", { budget: -1 }],
  ["budget fractional", { budget: 2.5 }],
  ["budget as a string", { budget: "5" }],
  ["iterations zero", { iterations: 0 }],
  ["iterations fractional", { iterations: 1.5 }],
  ["damping 0", { damping: 0 }],
  ["damping 1", { damping: 1 }],
  ["damping NaN", { damping: NaN }],
  ["personalization key outside the graph", { personalization: { zz: 1 } }],
  ["personalization negative", { personalization: { a: -1 } }],
  ["personalization infinite", { personalization: { a: Infinity } }],
  ["personalization zero sum", { personalization: { a: 0 } }],
  ["edge to an unknown node", { edges: [["a", "q", "f", 1]] }],
  ["edge from an unknown node", { edges: [["q", "a", "f", 1]] }],
  ["edge weight zero", { edges: [["a", "b", "f", 0]] }],
  ["edge weight NaN", { edges: [["a", "b", "f", NaN]] }],
  ["cost zero", { symbolCosts: { b: { f: 0 } } }],
  ["cost fractional", { symbolCosts: { b: { f: 1.5 } } }],
  ["cost missing", { symbolCosts: {} }],
  ["files not strings", { files: ["a", 3] }],
  ["an unknown key (a typo of damping)", { dampng: 0.5 }],
];

/** The seed's keyword arguments for a `repoMap` input (any extra key goes through: Python rejects it, TypeError). */
export function repoMapKw(input: Record<string, unknown>): Record<string, unknown> {
  const { files, edges, personalization, symbolCosts, budget, damping, iterations, ...rest } = input;
  return {
    files,
    edges,
    personalization,
    symbol_costs: symbolCosts,
    budget,
    ...(damping !== undefined ? { damping } : {}),
    ...(iterations !== undefined ? { iterations } : {}),
    ...rest,
  };
}

/** The seed's keyword arguments for a `commitPlan` input. */
export function commitPlanKw(i: CommitPlanInput): Record<string, unknown> {
  return {
    dirty_files: i.dirtyFiles,
    edited_files: i.editedFiles,
    auto_commits: i.autoCommits,
    dirty_commits: i.dirtyCommits,
    git_enabled: i.gitEnabled,
    dry_run: i.dryRun,
  };
}

/** Every recorded set: generated inputs at fixed fast-check seeds (so a regeneration reproduces them exactly). */
export function seedCaseSets(): {
  repoMap: SeedCaseSet<RepoMapInput>;
  repoMapRejects: SeedCaseSet<Record<string, unknown>>;
  searchReplace: SeedCaseSet<{ text: string; search: string; replacement: string }>;
  commitPlan: SeedCaseSet<CommitPlanInput>;
} {
  return {
    repoMap: { fn: "repo_map", file: "repo_map.json", inputs: fc.sample(repoMapInput, { numRuns: 300, seed: 7 }).map((input) => ({ input })) },
    repoMapRejects: {
      fn: "repo_map",
      file: "repo_map_rejects.json",
      inputs: REPO_MAP_BAD_PATCHES.map(([name, patch]) => ({ name, input: { ...REPO_MAP_BASE, ...patch } })),
    },
    searchReplace: {
      fn: "search_replace",
      file: "search_replace.json",
      inputs: fc.sample(searchReplaceInput, { numRuns: 400, seed: 11 }).map((input) => ({ input })),
    },
    commitPlan: { fn: "commit_plan", file: "commit_plan.json", inputs: fc.sample(planInput, { numRuns: 300, seed: 5 }).map((input) => ({ input })) },
  };
}
