/**
 * `workbench teach <model> [input.json] [--example]`: runs one of the seed page's teaching models on JSON input (or on
 * the page's worked example) and prints the result, so a hand calculation can be checked from the shell.
 */
import { teachingCommitPlan, type CommitPlanInput } from "../git/teaching/commit-plan.js";
import { teachingSearchReplace } from "../editblock/teaching/search-replace.js";
import { teachingRepoMap, type RepoMapInput } from "../repomap/teaching/repo-map.js";
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireRecord } from "../core/validate.js";
import { parseCommandArgs, readJsonFile, UsageError, type Command } from "./command.js";

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

/** The most PageRank iterations `teach repo-map` runs (the page has no bound; 1e9 would run for minutes). */
export const MAX_TEACH_ITERATIONS = 1_000_000;

function checkIterations(input: unknown): void {
  const it = typeof input === "object" && input !== null && Object.hasOwn(input, "iterations") ? (input as { iterations: unknown }).iterations : undefined;
  if (typeof it === "number" && Number.isInteger(it) && it > MAX_TEACH_ITERATIONS) {
    throw new UsageError(`teach: iterations must be at most ${MAX_TEACH_ITERATIONS} on the command line (got ${it}); call repoMap from lib for more`);
  }
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
                    symbolCosts: {file: {symbol: cost}}, budget, damping?, iterations? (≤ 1000000) }
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
    const input = values.example ? WORKED_EXAMPLES[model as Model] : readJsonFile("teach", file!);
    if (model === "repo-map") checkIterations(input);
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
