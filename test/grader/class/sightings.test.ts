/**
 * A mirror's sightings of its HEAD: recorded as runs (an unchanged HEAD moves the last line's `last` on), read back
 * skipping lines of another form, and `pushedAfter` — the last look without a commit before the first look with it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSightings, pushedAfter, recordSighting, type Sighting } from "../../../lib/grader/class/sightings.js";

const A = "a".repeat(40);
const B = "b".repeat(40);
const C = "c".repeat(64);

describe("recordSighting and parseSightings", () => {
  it("starts a line for a new HEAD and moves the last line's `last` on for the same one", () => {
    let text = recordSighting("", { head: A, now: 100 });
    text = recordSighting(text, { head: A, now: 160 });
    text = recordSighting(text, { head: B, now: 200 });
    text = recordSighting(text, { head: A, now: 300 });
    expect(text).toBe(`100\t160\t${A}\n200\t200\t${B}\n300\t300\t${A}\n`);
    expect(parseSightings(text)).toEqual([
      { head: A, first: 100, last: 160 },
      { head: B, first: 200, last: 200 },
      { head: A, first: 300, last: 300 },
    ]);
  });

  it("skips lines of another form (not three fields, not a commit id, last before first)", () => {
    const text = `junk\n1\t2\t${A}\n5\t4\t${B}\n7\t8\tnot-a-sha\n9\t9\t${C}\n\n`;
    expect(parseSightings(text).map((s) => s.head)).toEqual([A, C]);
  });

  it("refuses a head that is not a commit id and a time that is not whole seconds ≥ 0, naming the parameter", () => {
    expect(() => recordSighting("", { head: "HEAD", now: 1 })).toThrow(/head must be a commit id/);
    expect(() => recordSighting("", { head: A, now: 1.5 })).toThrow(/now must be a whole number/);
    expect(() => recordSighting("", { head: A, now: -1 })).toThrow(/now must be a whole number/);
  });

  it("law: the lines are the run-length encoding of the HEADs seen, with each run's first and last time", () => {
    const looks = fc.array(fc.tuple(fc.constantFrom(A, B, C), fc.integer({ min: 0, max: 1000 })), { maxLength: 30 });
    fc.assert(
      fc.property(looks, (seen) => {
        let now = 0;
        let text = "";
        const times = seen.map(([head, gap]) => ({ head, now: (now += gap) }));
        for (const t of times) text = recordSighting(text, t);
        const runs: Sighting[] = [];
        for (const t of times) {
          const last = runs.at(-1);
          if (last?.head === t.head) last.last = t.now;
          else runs.push({ head: t.head, first: t.now, last: t.now });
        }
        expect(parseSightings(text)).toEqual(runs);
      }),
    );
  });
});

describe("pushedAfter", () => {
  const seen: Sighting[] = [
    { head: A, first: 10, last: 20 },
    { head: B, first: 30, last: 40 },
    { head: C, first: 50, last: 60 },
  ];

  it("is the last look without the commit before the first look with it", () => {
    expect(pushedAfter(seen, (h) => h === C)).toBe(40);
    expect(pushedAfter(seen, (h) => h !== A)).toBe(20);
  });

  it("is null when the first look already had it, or no look did", () => {
    expect(pushedAfter(seen, () => true)).toBeNull();
    expect(pushedAfter(seen, () => false)).toBeNull();
    expect(pushedAfter([], () => true)).toBeNull();
  });

  it("passes over a HEAD the host no longer has (unknown), keeping the last look known to be without it", () => {
    expect(pushedAfter(seen, (h) => (h === B ? null : h === C))).toBe(20);
    expect(pushedAfter(seen, (h) => (h === A ? null : h === C))).toBe(40);
  });
});
