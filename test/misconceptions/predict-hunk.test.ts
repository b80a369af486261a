/**
 * Exercise 09's wrong readings of a hunk (lib/misconceptions/predict-hunk.ts), on hand-built hunks (`aider/coders/udiff_coder.py`:
 * a line shorter than 2 characters is context; ' ' is context, '-' before only, '+' after only, any other first
 * character drops the line; a before-text whose stripped lines hold < 10 characters is refused when str.count —
 * non-overlapping — finds it more than once): each variant differs from lib's where its mistake matters.
 */
import { describe, expect, it } from "vitest";
import { PREDICT_HUNK_MISCONCEPTIONS, PREDICT_HUNK_RIGHT } from "../../lib/misconceptions/predict-hunk.js";
import { entry, expectEntries, rightFor } from "./entries.js";

const beforeAfter = rightFor(PREDICT_HUNK_RIGHT, "beforeAfter");
const refuses = rightFor(PREDICT_HUNK_RIGHT, "refusesTinyContext");
const PLAIN = [" a\n", "-b\n", "+c\n"];

describe("beforeAfter variants", () => {
  it("09-short-lines-dropped loses a bare '\\n', which Aider keeps as context in both texts", () => {
    const m = entry(PREDICT_HUNK_MISCONCEPTIONS, "09-short-lines-dropped");
    const hunk = [" a\n", "\n", "-b\n", "+c\n"];
    expect(beforeAfter.run(hunk)).toEqual(["a\n\nb\n", "a\n\nc\n"]);
    expect(m.run(hunk)).toEqual(["a\nb\n", "a\nc\n"]);
    expect(m.run(PLAIN)).toEqual(beforeAfter.run(PLAIN));
  });

  it("09-unknown-op-as-context keeps '.x' in both texts, which Aider drops", () => {
    const m = entry(PREDICT_HUNK_MISCONCEPTIONS, "09-unknown-op-as-context");
    const hunk = [" a\n", ".x\n", "-b\n"];
    expect(beforeAfter.run(hunk)).toEqual(["a\nb\n", "a\n"]);
    expect(m.run(hunk)).toEqual(["a\nx\nb\n", "a\nx\n"]);
    expect(m.run(PLAIN)).toEqual(beforeAfter.run(PLAIN));
  });
});

describe("refusesTinyContext variants", () => {
  const repeated = ["a\na\n", ["-a\n", "+b\n"]] as const;

  it("the right refusal: a tiny before-text found twice is refused, found once it is not", () => {
    expect(refuses.run(...repeated)).toBe(true);
    expect(refuses.run("x = 1\n", ["-x = 1\n", "+x = 2\n"])).toBe(false);
  });

  it("09-tiny-any-count refuses 'x = 1' found once; found twice it agrees", () => {
    const m = entry(PREDICT_HUNK_MISCONCEPTIONS, "09-tiny-any-count");
    expect(m.run("x = 1\n", ["-x = 1\n", "+x = 2\n"])).toBe(true);
    expect(m.run(...repeated)).toBe(true);
  });

  it("09-tiny-raw-length counts '        ab\\n' as 11 characters, not the stripped 2: it does not refuse", () => {
    const m = entry(PREDICT_HUNK_MISCONCEPTIONS, "09-tiny-raw-length");
    const args = ["        ab\n        ab\n", ["-        ab\n", "+        cd\n"]] as const;
    expect(refuses.run(...args)).toBe(true);
    expect(m.run(...args)).toBe(false);
    expect(m.run(...repeated)).toBe(true);
  });

  it("09-count-overlapping finds 'a\\na\\n' twice in 'a\\na\\na\\n' (str.count: once)", () => {
    const m = entry(PREDICT_HUNK_MISCONCEPTIONS, "09-count-overlapping");
    const args = ["a\na\na\n", ["-a\n", "-a\n", "+b\n"]] as const;
    expect(refuses.run(...args)).toBe(false);
    expect(m.run(...args)).toBe(true);
    expect(m.run(...repeated)).toBe(true);
  });

  it("an empty before-text is never refused, by any variant", () => {
    for (const m of PREDICT_HUNK_MISCONCEPTIONS.filter((x) => x.fn === "refusesTinyContext")) expect(m.run("a\na\n", ["+b\n"]), m.id).toBe(false);
    expect(refuses.run("a\na\n", ["+b\n"])).toBe(false);
  });
});

describe("exercise 09's entries", () => {
  it("are the catalogue's, each for beforeAfter or refusesTinyContext", () => {
    expectEntries("09-predict-hunk", PREDICT_HUNK_MISCONCEPTIONS, PREDICT_HUNK_RIGHT);
  });
});
