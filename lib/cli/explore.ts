/**
 * `workbench explore [law] [--seed n] [--runs n] [--path p] [--json]`: lists the laws of lib/explore, or runs one
 * with fast-check and prints its verdict, the shrunk counterexample (with the seed and path that replay it) and
 * the before/after rows. fast-check is a devDependency, loaded only here; token laws load js-tiktoken.
 */
import { exploreLaw, type ExploreResult, type FastCheck } from "../explore/law.js";
import { exploreLaws, findLaw, TOKEN_LAW_IDS } from "../explore/catalogue.js";
import { loadTiktokenCounter } from "../repomap/budget/token-count.js";
import { boundedInteger, parseCommandArgs, UsageError, type CliIO, type Command } from "./command.js";

function integerFlag(name: string, value: string | undefined, min: number, max: number): number | undefined {
  return value === undefined ? undefined : boundedInteger("explore", `--${name}`, value, min, max);
}

/** The most inputs one `explore` run generates (more is a typo or an attack, not a study). */
export const MAX_EXPLORE_RUNS = 1_000_000;
/** The largest index a replay path may name: fast-check generates every input before it, so it is time (a run's own paths stay below MAX_EXPLORE_RUNS). */
export const MAX_PATH_STEP = MAX_EXPLORE_RUNS;

/** A replay path "n:m:…" as fast-check prints it: decimal indices, each at most MAX_PATH_STEP, at most 1000 of them. */
function checkReplayPath(path: string): string {
  const steps = path.split(":");
  const bad = (why: string): never => {
    throw new UsageError(`explore: --path ${why} (got ${JSON.stringify(path.length > 40 ? path.slice(0, 37) + "..." : path)})`);
  };
  if (steps.length > 1000 || !steps.every((s) => /^\d+$/.test(s))) bad("must be indices separated by ':' as a run printed it");
  if (steps.some((s) => Number(s) > MAX_PATH_STEP)) bad(`indices must be at most ${MAX_PATH_STEP}`);
  return path;
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
  --seed n   fast-check seed, -2147483648 to 2147483647 (default: a fresh one)
  --runs n   number of generated inputs, 1 to 1000000 (default 100)
  --path p   replay path printed by an earlier run (needs --seed; indices at most 1000000); stops at that input
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
    // fast-check keeps seeds as 32-bit integers: anything wider would wrap silently and replay another run
    const seed = integerFlag("seed", values.seed, -(2 ** 31), 2 ** 31 - 1);
    const numRuns = integerFlag("runs", values.runs, 1, MAX_EXPLORE_RUNS) ?? 100;
    if (values.path !== undefined && seed === undefined) throw new UsageError("explore: --path needs --seed");
    if (values.path !== undefined) checkReplayPath(values.path);
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
