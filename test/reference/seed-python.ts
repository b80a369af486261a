/**
 * The seed page's own Python functions (seed 000, 知识点一/二/三: `repo_map`, `search_replace`, `commit_plan`),
 * extracted from the seed text in the folder `WORKBENCH_SHARED` names (never copied into this repository) and
 * run with python3. Only `scripts/reference/seed-fixtures.ts` calls it, to regenerate and re-check the recorded
 * outputs in `test/fixtures/seed-000/`; the tests read those fixtures and need neither the seed nor Python.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

/** The seed page's file name inside the shared folder. */
export const SEED_FILE = "seeds/000_516f8e11a34fda0d.txt";

/** The seed page's path: `$WORKBENCH_SHARED/seeds/000_…txt`; nothing else is looked at. */
export function seedPath(env: NodeJS.ProcessEnv = process.env): string {
  const shared = env.WORKBENCH_SHARED;
  if (shared === undefined || shared === "") {
    throw new Error("seed-python: WORKBENCH_SHARED is not set; set it to the folder holding seeds/000_….txt");
  }
  return resolve(shared, SEED_FILE);
}

function readSeed(): string {
  const path = seedPath();
  if (!existsSync(path)) throw new Error(`seed-python: the seed page is not at ${path} (WORKBENCH_SHARED/${SEED_FILE})`);
  return readFileSync(path, "utf8");
}

/** The source of `def <name>(…)` from the seed text: the def line and every following indented or blank line. */
export function extractSeedFunction(seedText: string, name: string): string {
  const lines = seedText.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`def ${name}(`));
  if (start < 0) throw new Error(`seed-python: no "def ${name}(" in the seed page`);
  let end = start + 1;
  while (end < lines.length && (lines[end]!.trim() === "" || /^\s/.test(lines[end]!))) end++;
  return lines.slice(start, end).join("\n");
}

let cachedProgram: string | undefined;
function program(): string {
  if (cachedProgram) return cachedProgram;
  const seed = readSeed();
  const fns = ["repo_map", "search_replace", "commit_plan"].map((n) => extractSeedFunction(seed, n));
  cachedProgram = [
    "import json, math, sys",
    "from collections import defaultdict",
    ...fns,
    "def call(fn, kw):",
    "    try:",
    "        if fn == 'repo_map':",
    "            costs = {(f, s): c for f, d in kw.pop('symbol_costs').items() for s, c in d.items()}",
    "            kw['edges'] = [tuple(e) for e in kw['edges']]",
    "            r = repo_map(symbol_costs=costs, **kw)",
    "            return {'ok': {'file_rank': r['file_rank'], 'symbol_rank': [[list(k), v] for k, v in r['symbol_rank']],",
    "                           'selected': [list(k) for k in r['selected']], 'remaining_tokens': r['remaining_tokens'],",
    "                           'residual_l1': r['residual_l1']}}",
    "        if fn == 'search_replace': return {'ok': search_replace(**kw)}",
    "        if fn == 'commit_plan': return {'ok': commit_plan(**kw)}",
    "        raise RuntimeError('unknown fn ' + fn)",
    "    except (ValueError, KeyError, TypeError) as e:",
    "        return {'error': type(e).__name__}",
    "calls = json.load(sys.stdin)",
    "json.dump([call(c['fn'], c['kw']) for c in calls], sys.stdout)",
  ].join("\n");
  return cachedProgram;
}

export type SeedCall = { fn: "repo_map" | "search_replace" | "commit_plan"; kw: Record<string, unknown> };
export type SeedOutcome = { ok: Record<string, unknown> } | { error: string };

/** Runs a batch of calls through the seed's Python in one python3 process. Non-finite numbers survive the trip. */
export function runSeedPython(calls: SeedCall[]): SeedOutcome[] {
  const json = JSON.stringify(calls, (_k, v: unknown) =>
    typeof v === "number" && !Number.isFinite(v) ? `__num__${String(v)}__` : v,
  ).replace(/"__num__(NaN|Infinity|-Infinity)__"/g, "$1");
  const out = execFileSync("python3", ["-c", program()], { input: json, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(out) as SeedOutcome[];
}
