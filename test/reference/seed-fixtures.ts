/**
 * The recorded outputs of the seed page's teaching functions (seed 000, 知识点一/二/三) in
 * `test/fixtures/seed-000/`: their JSON layout, reading and writing. JSON has no NaN or ±Infinity, so such a
 * number is written as `{"$number": "NaN"}` (the broken inputs need them); every other number round-trips exactly.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { SeedOutcome } from "./seed-python.js";

/** The fixture folder. */
export const SEED_FIXTURES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../fixtures/seed-000");

/** One recorded call: the workbench's argument, and what the seed's Python returned (or which error it raised). */
export type SeedFixtureCase<I> = { name?: string; input: I; expected: SeedOutcome };
export type SeedFixture<I> = {
  source: string;
  function: string;
  generated_by: string;
  python: string;
  cases: SeedFixtureCase<I>[];
};

/** JSON text of a fixture, non-finite numbers tagged; one case per line so diffs stay readable. */
export function encodeSeedFixture(fixture: SeedFixture<unknown>): string {
  const enc = (v: unknown): string =>
    JSON.stringify(v, (_k, x: unknown) => (typeof x === "number" && !Number.isFinite(x) ? { $number: String(x) } : x));
  const { cases, ...head } = fixture;
  const headJson = enc(head).slice(0, -1);
  return `${headJson},\n"cases": [\n${cases.map(enc).join(",\n")}\n]}\n`;
}

/** Parses fixture text, turning `{"$number": …}` back into NaN / ±Infinity. */
export function decodeSeedFixture<I>(text: string): SeedFixture<I> {
  return JSON.parse(text, (_k, v: unknown) => {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      const keys = Object.keys(v);
      const tag = (v as { $number?: unknown }).$number;
      if (keys.length === 1 && keys[0] === "$number") {
        if (tag === "NaN") return NaN;
        if (tag === "Infinity") return Infinity;
        if (tag === "-Infinity") return -Infinity;
        throw new Error(`seed-fixtures: unknown $number ${JSON.stringify(tag)}`);
      }
    }
    return v;
  }) as SeedFixture<I>;
}

/** Reads `test/fixtures/seed-000/<file>`. */
export function readSeedFixture<I>(file: string): SeedFixture<I> {
  return decodeSeedFixture<I>(readFileSync(resolve(SEED_FIXTURES_DIR, file), "utf8"));
}
