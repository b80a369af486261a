/**
 * How test/properties/ states a law of lib/explore as tests: `lawHolds` (one property, bounded runs, the seed fixed in
 * CI by test/setup/fast-check-seed.ts), `lawRefuted` (fast-check must find a counterexample under any seed, and each
 * counterexample it found earlier is kept: replayed from its seed and path, then shown concretely), and
 * `catalogueCovered` (every law of the mechanism is stated in the file).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { explore } from "../../lib/index.js";
import { lawProperty } from "../../lib/explore/law.js";

type Law<T> = explore.Law<T>;

const covered = new Set<string>();

/** A law that holds: one property named by its statement. */
export function lawHolds<T>(law: Law<T>, numRuns?: number): void {
  covered.add(law.id);
  it(law.statement, () => {
    expect(law.verdict).toBe("holds");
    fc.assert(lawProperty(fc, law), numRuns === undefined ? {} : { numRuns });
  });
}

/** A counterexample fast-check found (seed and path as it printed them), and what it shows. */
export interface KeptCounterexample<T> {
  /** What the counterexample shows, in a few words (the regression test's name). */
  readonly name: string;
  readonly seed: number;
  readonly path: string;
  /** The shrunk value exactly as fast-check printed it (`workbench explore <law> --seed <seed>`). */
  readonly counterexample: T;
  /** Assertions on the counterexample itself: the two sides' concrete results. */
  readonly shows: (counterexample: T) => void;
}

/** A law that fails: fast-check refutes it with any seed, and its kept counterexamples replay. */
export function lawRefuted<T>(law: Law<T>, kept: readonly KeptCounterexample<T>[], numRuns = 300): void {
  covered.add(law.id);
  describe(`refuted: ${law.statement}`, () => {
    it("fast-check finds a counterexample, whatever the seed", () => {
      expect(law.verdict).toBe("fails");
      const r = explore.exploreLaw(fc, law, { numRuns, endOnFailure: true });
      expect(r.refuted, `no counterexample in ${numRuns} runs with seed ${r.seed}`).toBe(true);
    });
    it("keeps at least one counterexample fast-check found", () => expect(kept.length).toBeGreaterThan(0));
    for (const k of kept) {
      it(`regression: ${k.name} (seed ${k.seed})`, () => {
        const r = explore.replayCounterexample(fc, law, { seed: k.seed, path: k.path });
        expect(
          r.counterexample,
          `seed ${k.seed} and path ${k.path} no longer give the kept input; if the arbitrary changed, run ` +
            `\`npm run -s workbench -- explore ${law.id} --seed ${k.seed}\` and keep what it prints`,
        ).toEqual(k.counterexample);
        expect(r.why).toBe(law.check(k.counterexample));
        k.shows(k.counterexample);
      });
    }
  });
}

/** Every law the catalogue lists for `mechanism` has been stated in this file. */
export function catalogueCovered(mechanism: explore.Mechanism, laws: readonly explore.AnyLaw[] = explore.EXPLORE_LAWS): void {
  it(`every ${mechanism} law of lib/explore is stated in this file`, () => {
    expect([...covered].sort()).toEqual(laws.filter((l) => l.mechanism === mechanism).map((l) => l.id).sort());
  });
}
