/**
 * The entry builders of lib/misconceptions/types.ts: `misconception` and `rightAnswer` keep the entry as written
 * (its `run` the very function given) and freeze it, so the catalogue cannot be changed by a caller.
 */
import { describe, expect, it } from "vitest";
import { misconception, rightAnswer } from "../../lib/misconceptions/types.js";

describe("misconception and rightAnswer", () => {
  it("keep every field and the run function, and freeze the entry", () => {
    const run = (a: number, b: number) => a - b;
    const m = misconception({ id: "99-swapped", exercise: "99-x", fn: "add", title: "subtracts", explanation: "…", notebook: { file: "n.ipynb", section: "s" }, seed: "seed 000", run });
    expect(m).toEqual({ id: "99-swapped", exercise: "99-x", fn: "add", title: "subtracts", explanation: "…", notebook: { file: "n.ipynb", section: "s" }, seed: "seed 000", run });
    expect(m.run).toBe(run);
    expect(m.run(5, 3)).toBe(2);
    expect(Object.isFrozen(m)).toBe(true);
    expect(() => {
      (m as { title: string }).title = "changed";
    }).toThrow(TypeError);

    const r = rightAnswer({ exercise: "99-x", fn: "add", tolerance: 0, run: (a: number, b: number) => a + b });
    expect([r.run(5, 3), r.tolerance, Object.isFrozen(r)]).toEqual([8, 0, true]);
  });
});
