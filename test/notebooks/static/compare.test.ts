import { describe, expect, it } from "vitest";
import { comparableText } from "../../../lib/notebooks/static/compare.js";
import type { Output } from "../../../lib/notebooks/ipynb.js";

const stream = (text: string): Output => ({ output_type: "stream", name: "stdout", text });

describe("comparableText: two runs compare equal when only timings and paths differ", () => {
  it("masks durations, paths and stack frames", () => {
    expect(comparableText([stream("took 12 ms, then 0.4 s in /tmp/a/b/file.ts\n    at f (x.js:1:2)\n")])).toBe(
      comparableText([stream("took 3 ms, then 1.5 s in /home/u/w/file.ts\n    at g (http://h/y.js:9:9)\n")]),
    );
  });
  it("still tells different numbers, texts and kinds of output apart", () => {
    expect(comparableText([stream("rank 0.540676\n")])).not.toBe(comparableText([stream("rank 0.540677\n")]));
    const html: Output = { output_type: "display_data", data: { "text/html": "<b>x</b>", "text/plain": "x" }, metadata: {} };
    const svg: Output = { output_type: "display_data", data: { "image/svg+xml": "<b>x</b>" }, metadata: {} };
    expect(comparableText([html])).toBe("[text/html] <b>x</b>");
    expect(comparableText([html])).not.toBe(comparableText([svg]));
    expect(comparableText([stream("a")])).not.toBe(comparableText([{ output_type: "stream", name: "stderr", text: "a" }]));
  });
});

describe("comparableText and fast-check's seeds", () => {
  it("masks the seed a run drew, not the counterexample", () => {
    const run = (seed: string, value: string) => comparableText([stream(`refuted (seed ${seed}, path 0:0): ${value}\n`)]);
    expect(run("-579635744", '"x"')).toBe(run("12", '"x"'));
    expect(run("1", '"x"')).not.toBe(run("1", '"y"'));
    const withPath = (path: string) => comparableText([stream(`refuted (seed 7, path ${path}): "x"\n`)]);
    expect(withPath("0:0:0:0:0:0:0:0:0:0")).toBe(withPath("0:0:0:0:0:0:0:0:0"));
  });
});
