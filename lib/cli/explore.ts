/**
 * `workbench explore [law] [--seed n] [--runs n] [--path p] [--json]`: lists the laws of lib/explore, or runs one
 * with fast-check and prints its verdict, the shrunk counterexample (with the seed and path that replay it) and
 * the before/after rows. fast-check is a devDependency, loaded only here; token laws load js-tiktoken.
 */
import { exploreLaw, type ExploreResult, type FastCheck } from "../explore/law.js";
import { exploreLaws, findLaw, TOKEN_LAW_IDS } from "../explore/catalogue.js";
import { loadTiktokenCounter } from "../repomap/budget/token-count.js";
import { parseCommandArgs, UsageError, type CliIO, type Command } from "./command.js";

function integerFlag(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min) throw new UsageError(`explore: --${name} must be an integer ≥ ${min} (got "${value}")`);
  return Number(value);
}

async function loadFastCheck(): Promise<FastCheck> {
  try {
    return (await import("fast-check")).default;
  } catch {
    throw new UsageError("explore: needs fast-check, a devDependency of the workbench (run npm ci)");
  }
}

const cell = (v: string | number) => (typeof v === "string" ? JSON.stringify(v) : String(v));

function printResult(io: CliIO, r: ExploreResult<unknown>, replay: boolean): void {
  const outcome = r.tooManySkips
    ? "gave up: too many inputs were outside the law's precondition"
    : replay && !r.refuted
      ? "this seed and path give no counterexample (was the arbitrary changed?)"
      : r.refuted
      ? `REFUTED after ${r.numRuns} run(s) and ${r.numShrinks} shrink(s)`
      : `held on ${r.numRuns} input(s)${r.numSkips ? ` (${r.numSkips} skipped)` : ""}`;
  io.stdout(`${r.id} (catalogued: ${r.verdict})\n  ${r.statement}\n${outcome}; seed ${r.seed}\n`);
  if (r.refuted) {
    io.stdout(`why: ${r.why}\ncounterexample (path "${r.path}"):\n  ${r.literal}\nreplay: workbench explore ${r.id} --seed ${r.seed} --path ${r.path}\n`);
    for (const row of r.rows) io.stdout(`- ${Object.entries(row).map(([k, v]) => `${k}: ${cell(v)}`).join(" | ")}\n`);
  }
  if (!r.asExpected) io.stdout(`NOT AS CATALOGUED: the law ${r.verdict === "holds" ? "should hold" : "should be refuted"}\n`);
}

export const exploreCommand: Command = {
  name: "explore",
  summary: "list the laws where teaching and Aider agree or part, or run one with fast-check",
  usage: `Usage: workbench explore
       workbench explore <law> [--seed n] [--runs n] [--path p] [--json]

Without a law: lists every law with its catalogued verdict (holds, or fails: fast-check finds a counterexample).
With a law: runs it with fast-check and prints whether it held, or the shrunk counterexample, the seed and path
that replay it, and the counterexample as before/after rows. Exit 0 when the outcome is as catalogued, else 1.
  --seed n   fast-check seed (default: a fresh one)
  --runs n   number of generated inputs (default 100)
  --path p   replay path printed by an earlier run (needs --seed); stops at that input
  --json     print the result as JSON
`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("explore", args, {
      seed: { type: "string" },
      runs: { type: "string" },
      path: { type: "string" },
      json: { type: "boolean" },
    });
    if (positionals.length > 1) throw new UsageError(`explore: unexpected argument "${positionals[1]}"`);
    const [id] = positionals;
    if (id === undefined) {
      for (const law of exploreLaws(() => 0)) io.stdout(`${law.id.padEnd(58)} ${law.verdict.padEnd(5)}  ${law.statement}\n`);
      return 0;
    }
    const seed = integerFlag("seed", values.seed, -(2 ** 31));
    const numRuns = integerFlag("runs", values.runs, 1) ?? 100;
    if (values.path !== undefined && seed === undefined) throw new UsageError("explore: --path needs --seed");
    if (!exploreLaws(() => 0).some((l) => l.id === id)) throw new UsageError(`explore: unknown law "${id}" (workbench explore lists them)`);
    const count = TOKEN_LAW_IDS.includes(id) ? await loadTiktokenCounter() : undefined;
    const law = findLaw(id, count);
    const fc = await loadFastCheck();
    const result = exploreLaw(fc, law, {
      numRuns,
      ...(seed !== undefined ? { seed } : {}),
      ...(values.path !== undefined ? { path: values.path, endOnFailure: true } : {}),
    });
    if (values.json) io.stdout(JSON.stringify(result, null, 2) + "\n");
    else printResult(io, result, values.path !== undefined);
    return result.asExpected ? 0 : 1;
  },
};
