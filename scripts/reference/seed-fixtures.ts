/**
 * Regenerates or re-checks `test/fixtures/seed-000/`: the seed page's own Python teaching functions (seed 000,
 * 知识点一/二/三) run on the inputs of `test/reference/seed-cases.ts`. Needs python3 and WORKBENCH_SHARED naming
 * the folder that holds `seeds/000_….txt`; without it, says so and exits 2 (the tests never need it).
 *
 *   WORKBENCH_SHARED=<shared> npm run -s fixtures:seed            # re-check: exit 1 on any difference
 *   WORKBENCH_SHARED=<shared> npm run -s fixtures:seed -- --write # write the fixtures again
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { commitPlanKw, repoMapKw, seedCaseSets, type SeedCaseSet } from "../../test/reference/seed-cases.js";
import { encodeSeedFixture, SEED_FIXTURES_DIR, type SeedFixture } from "../../test/reference/seed-fixtures.js";
import { runSeedPython, SEED_FILE, seedPath, type SeedCall } from "../../test/reference/seed-python.js";

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== "--write" && a !== "--check");
if (unknown.length > 0) {
  console.error(`seed-fixtures: unknown argument ${unknown[0]} (use --check, the default, or --write)`);
  process.exit(2);
}
const write = args.includes("--write");

let seed: string;
try {
  seed = seedPath();
} catch {
  console.error(`seed-fixtures: WORKBENCH_SHARED is not set; set it to the folder holding ${SEED_FILE} (python3 is needed too)`);
  process.exit(2);
}
if (!existsSync(seed)) {
  console.error(`seed-fixtures: no seed page at ${seed}`);
  process.exit(2);
}

const python = execFileSync("python3", ["--version"], { encoding: "utf8" }).trim();
const sets = seedCaseSets();

function kwOf(set: SeedCaseSet<unknown>, input: unknown): Record<string, unknown> {
  if (set.fn === "repo_map") return repoMapKw(input as Record<string, unknown>);
  if (set.fn === "commit_plan") return commitPlanKw(input as Parameters<typeof commitPlanKw>[0]);
  return input as Record<string, unknown>;
}

function record(set: SeedCaseSet<unknown>): SeedFixture<unknown> {
  const calls: SeedCall[] = set.inputs.map(({ input }) => ({ fn: set.fn, kw: kwOf(set, input) }));
  const outcomes = runSeedPython(calls);
  return {
    source: `seed 000 (${SEED_FILE}), the page's own \`${set.fn}\`, extracted from the page and called through a small adapter (dicts and tuples rebuilt from JSON)`,
    function: set.fn,
    generated_by: "scripts/reference/seed-fixtures.ts",
    python,
    cases: set.inputs.map((c, i) => ({ ...(c.name !== undefined ? { name: c.name } : {}), input: c.input, expected: outcomes[i]! })),
  };
}

/** The cases part of a fixture's text: the Python version line may differ between machines without mattering. */
const casesPart = (text: string): string => text.slice(text.indexOf('"cases"'));

mkdirSync(SEED_FIXTURES_DIR, { recursive: true });
let differing = 0;
for (const set of Object.values(sets) as SeedCaseSet<unknown>[]) {
  const path = resolve(SEED_FIXTURES_DIR, set.file);
  const text = encodeSeedFixture(record(set));
  if (write) {
    writeFileSync(path, text);
    console.log(`wrote ${set.file}: ${set.inputs.length} cases`);
    continue;
  }
  const committed = existsSync(path) ? readFileSync(path, "utf8") : "";
  if (casesPart(committed) === casesPart(text)) {
    console.log(`ok ${set.file}: ${set.inputs.length} cases agree with the seed's Python`);
  } else {
    differing++;
    const old = committed === "" ? [] : casesPart(committed).split("\n");
    const now = casesPart(text).split("\n");
    const line = now.findIndex((l, i) => l !== old[i]);
    console.log(`DIFFERS ${set.file}: first at case ${line} (${committed === "" ? "file missing" : "inputs or outputs changed"})`);
  }
}
if (!write) console.log(differing === 0 ? "all fixtures agree" : `${differing} fixture file(s) differ: rerun with --write`);
process.exit(differing === 0 ? 0 : 1);
