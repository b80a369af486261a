/**
 * `workbench teach <model> [input.json] [--example]`: runs one of the seed page's teaching models on JSON input (or on
 * the page's worked example) and prints the result, so a hand calculation can be checked from the shell.
 */
import { teachingCommitPlan, type CommitPlanInput } from "../git/teaching/commit-plan.js";
import { teachingSearchReplace } from "../editblock/teaching/search-replace.js";
import { teachingRepoMap, type RepoMapInput } from "../repomap/teaching/repo-map.js";
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireRecord } from "../core/validate.js";
import { inputLimitText, parseCommandArgs, readJsonFile, UsageError, type Command } from "./command.js";

/** The seed page's worked examples, one per model (seed 000, 推导或示例). */
export const WORKED_EXAMPLES = {
  "repo-map": {
    files: ["A", "B"],
    edges: [["A", "B", "helper", 1]],
    personalization: { A: 1 },
    symbolCosts: { B: { helper: 3 } },
    budget: 10,
  },
  "search-replace": { text: "x = 1\ny = 2\nx = 1\n", search: "x = 1\n", replacement: "x = 42\n" },
  "commit-plan": { dirtyFiles: ["app.py", "notes.md"], editedFiles: ["app.py", "new.py"] },
} as const;

type Model = keyof typeof WORKED_EXAMPLES;
const MODELS = Object.keys(WORKED_EXAMPLES) as Model[];

function runModel(model: Model, input: unknown): unknown {
  switch (model) {
    case "repo-map":
      return teachingRepoMap(input as RepoMapInput);
    case "search-replace": {
      // the page's keyword arguments, nothing else: a misspelt key is an error, not a silently missing argument
      const args = requireRecord("teachingSearchReplace", "input", input);
      rejectUnknownKeys("teachingSearchReplace", "input", args, ["text", "search", "replacement"]);
      return teachingSearchReplace(args.text as string, args.search as string, args.replacement as string);
    }
    case "commit-plan":
      return teachingCommitPlan(input as CommitPlanInput);
  }
}

/**
 * The workload `teach repo-map` accepts from the command line (the page has no bound; a million iterations over a
 * thousand files would run for hours): the seed's loop costs iterations × (files + edges) steps, about 150–650 ns
 * each here, so the product's bound keeps a run to seconds. `teachingRepoMap` from lib takes any size.
 */
export const TEACH_BOUNDS = Object.freeze({
  iterations: 1_000_000,
  files: 10_000,
  edges: 100_000,
  symbolCosts: 100_000,
  /** iterations × (files + edges) */
  work: 10_000_000,
});

/** The most PageRank iterations `teach repo-map` runs. */
export const MAX_TEACH_ITERATIONS = TEACH_BOUNDS.iterations;

const countOf = (v: unknown): number => (Array.isArray(v) ? v.length : 0);

/** The number of (file, symbol) costs in a `symbolCosts` object, as far as it is shaped like one. */
function symbolCostCount(v: unknown): number {
  if (typeof v !== "object" || v === null) return 0;
  let n = 0;
  for (const inner of Object.values(v)) n += typeof inner === "object" && inner !== null ? Object.keys(inner).length : 0;
  return n;
}

/** Refuses a `teach repo-map` input over `TEACH_BOUNDS` in one line naming the bound (shapes are checked by lib). */
function checkWorkload(input: unknown): void {
  if (typeof input !== "object" || input === null) return;
  const field = (k: string): unknown => (Object.hasOwn(input, k) ? (input as Record<string, unknown>)[k] : undefined);
  const it = field("iterations");
  const iterations = typeof it === "number" && Number.isInteger(it) ? it : 50;
  const files = countOf(field("files"));
  const edges = countOf(field("edges"));
  const over = (what: string, max: number, got: number): never => {
    throw new UsageError(`teach: ${what} must be at most ${max} on the command line (got ${got}); call teachingRepoMap from lib for more`);
  };
  if (iterations > TEACH_BOUNDS.iterations) over("iterations", TEACH_BOUNDS.iterations, iterations);
  if (files > TEACH_BOUNDS.files) over("files", TEACH_BOUNDS.files, files);
  if (edges > TEACH_BOUNDS.edges) over("edges", TEACH_BOUNDS.edges, edges);
  const costs = symbolCostCount(field("symbolCosts"));
  if (costs > TEACH_BOUNDS.symbolCosts) over("the symbol costs", TEACH_BOUNDS.symbolCosts, costs);
  if (iterations * (files + edges) > TEACH_BOUNDS.work) over("iterations × (files + edges)", TEACH_BOUNDS.work, iterations * (files + edges));
}

export const teachCommand: Command = {
  name: "teach",
  summary: "run a teaching model (repo-map, search-replace, commit-plan) on JSON input or the seed's example",
  usage: `Usage: workbench teach <model> <input.json | -> 
       workbench teach <model> --example

Runs one of the seed page's teaching models and prints its result as JSON.
  model      one of: ${MODELS.join(", ")}
  --example  use the seed page's worked example as input (printed first)

Input shapes:
  repo-map        { files, edges: [[referencer, definer, symbol, weight]…], personalization: {file: w},
                    symbolCosts: {file: {symbol: cost}}, budget, damping?, iterations? }
                  bounds: iterations ≤ ${TEACH_BOUNDS.iterations}, files ≤ ${TEACH_BOUNDS.files}, edges ≤ ${TEACH_BOUNDS.edges},
                  symbol costs ≤ ${TEACH_BOUNDS.symbolCosts}, iterations × (files + edges) ≤ ${TEACH_BOUNDS.work}
The input file must be a regular file of at most ${inputLimitText("teach")} ("-": stdin, the same cap).
  search-replace  { text, search, replacement }
  commit-plan     { dirtyFiles, editedFiles, autoCommits?, dirtyCommits?, gitEnabled?, dryRun? }`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("teach", args, { example: { type: "boolean" } });
    const [model, file, ...extra] = positionals;
    if (!model || !MODELS.includes(model as Model)) {
      throw new UsageError(`teach: <model> must be one of ${MODELS.join(", ")}${model ? ` (got "${model}")` : ""}`);
    }
    if (extra.length > 0) throw new UsageError(`teach: unexpected argument "${extra[0]}"`);
    if (values.example && file) throw new UsageError("teach: give either an input file or --example, not both");
    if (!values.example && !file) throw new UsageError("teach: give an input file (or - for stdin), or --example");
    const input = values.example ? WORKED_EXAMPLES[model as Model] : readJsonFile("teach", file!, { kind: "teach" });
    if (model === "repo-map") checkWorkload(input);
    if (values.example) io.stdout(`input: ${JSON.stringify(input)}\n`);
    try {
      io.stdout(JSON.stringify(runModel(model as Model, input), null, 2) + "\n");
      return 0;
    } catch (err) {
      if (err instanceof WorkbenchInputError) {
        io.stderr(`teach: bad input: ${err.message}\n`);
        return 2;
      }
      throw err;
    }
  },
};
