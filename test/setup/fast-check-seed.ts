/**
 * Property tests run with a fixed seed in CI (CI set, or FC_SEED given) so a red build is reproducible; locally
 * they use a fresh seed each run, and fast-check prints the seed and path of any failure.
 */
import fc from "fast-check";

const fixed = process.env.FC_SEED ?? (process.env.CI ? "20261130" : undefined);
if (fixed !== undefined) {
  const seed = Number(fixed);
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer (got ${fixed})`);
  fc.configureGlobal({ seed, numRuns: Number(process.env.FC_NUM_RUNS ?? 100) });
}
