/**
 * A running cell's outputs as increments: what `takeDeltas` takes (only what is new, at most the budget of text,
 * never half a surrogate pair or escape), that it keeps only unsent text, and that the increments put back
 * together (`applyDeltas`) give exactly the outputs the cell produced, however the output grew and was taken.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Output } from "../../../lib/notebooks/ipynb.js";
import { applyDeltas, collectOutputs, cutPoint, discardNew, hasNew, newCursor, takeDeltas } from "../../../lib/notebooks/live/output-delta.js";

const out = (text: string, name: "stdout" | "stderr" = "stdout"): Output => ({ output_type: "stream", name, text });
const display = (html: string): Output => ({ output_type: "display_data", data: { "text/html": html }, metadata: {} });

describe("cutPoint", () => {
  it("cuts at the budget, but not inside a surrogate pair or an unfinished colour escape", () => {
    expect(cutPoint("abcdef", 4)).toBe(4);
    expect(cutPoint("abc", 10)).toBe(3);
    expect(cutPoint("ab😀cd", 3)).toBe(2); // "😀" is two UTF-16 units
    expect(cutPoint("ab\x1b[31mred", 5)).toBe(2);
    expect(cutPoint("ab\x1b[31mred", 7)).toBe(7); // the escape is whole
    expect(cutPoint("\x1b[3", 2)).toBe(2); // an escape longer than the budget is cut anyway
  });
});

describe("takeDeltas", () => {
  it("takes only what is new: appended text, new outputs, a display whose data changed", () => {
    const outputs = [out("one\n")];
    const cursor = newCursor();
    expect(takeDeltas(outputs, cursor, 100)).toEqual([{ kind: "text", index: 0, name: "stdout", text: "one\n" }]);
    expect(outputs[0]).toEqual(out("")); // sent text is not kept
    expect([hasNew(outputs, cursor), takeDeltas(outputs, cursor, 100)]).toEqual([false, []]);
    (outputs[0] as { text: string }).text += "two\n";
    outputs.push(display("<b>1</b>"));
    expect(hasNew(outputs, cursor)).toBe(true);
    expect(takeDeltas(outputs, cursor, 100)).toEqual([
      { kind: "text", index: 0, name: "stdout", text: "two\n" },
      { kind: "set", index: 1, output: display("<b>1</b>") },
    ]);
    (outputs[1] as { data: Record<string, string> }).data = { "text/html": "<b>2</b>" }; // update_display_data
    expect(takeDeltas(outputs, cursor, 100)).toEqual([{ kind: "set", index: 1, output: display("<b>2</b>") }]);
  });

  it("takes at most the budget of text, the rest of a stream first next time, and refuses a budget that is not one", () => {
    const outputs = [out("abcdefgh"), out("err", "stderr")];
    const cursor = newCursor();
    expect(takeDeltas(outputs, cursor, 5)).toEqual([{ kind: "text", index: 0, name: "stdout", text: "abcde" }]);
    expect(takeDeltas(outputs, cursor, 5)).toEqual([
      { kind: "text", index: 0, name: "stdout", text: "fgh" },
      { kind: "text", index: 1, name: "stderr", text: "er" },
    ]);
    expect(takeDeltas(outputs, cursor, 5)).toEqual([{ kind: "text", index: 1, name: "stderr", text: "r" }]);
    for (const bad of [0, 1.5, -1, Number.NaN]) expect(() => takeDeltas([], newCursor(), bad)).toThrow(/^takeDeltas: maxChars must be an integer ≥ 1/);
  });

  it("put back together, the increments are exactly what the cell produced, however it grew and was taken", () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("print" as const), name: fc.constantFrom("stdout" as const, "stderr" as const), text: fc.string({ unit: "grapheme", maxLength: 30 }) }),
      fc.record({ kind: fc.constant("display" as const), html: fc.string({ maxLength: 10 }) }),
      fc.record({ kind: fc.constant("update" as const), html: fc.string({ maxLength: 10 }) }),
      fc.record({ kind: fc.constant("take" as const), budget: fc.integer({ min: 1, max: 40 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const live: Output[] = []; // the cell's own array, as tslab-session grows it
        const truth: Output[] = []; // the same without anything taken
        const cursor = newCursor();
        const seen = collectOutputs();
        const print = (outputs: Output[], name: "stdout" | "stderr", text: string) => {
          const last = outputs.at(-1);
          if (last?.output_type === "stream" && last.name === name) last.text = (last.text as string) + text;
          else outputs.push(out(text, name));
        };
        for (const s of steps) {
          if (s.kind === "print") [live, truth].forEach((o) => print(o, s.name, s.text));
          else if (s.kind === "display") [live, truth].forEach((o) => o.push(display(s.html)));
          else if (s.kind === "update") {
            for (const o of [live, truth]) {
              const i = o.findIndex((x) => x.output_type === "display_data");
              if (i >= 0) (o[i] as { data: Record<string, string> }).data = { "text/html": s.html };
            }
          } else seen.listen(takeDeltas(live, cursor, s.budget));
        }
        while (hasNew(live, cursor)) seen.listen(takeDeltas(live, cursor, 7));
        expect(seen.outputs).toEqual(truth);
        expect(live.every((o) => o.output_type !== "stream" || o.text === "")).toBe(true); // nothing sent is kept
      }),
    );
  });
});

describe("discardNew and applyDeltas", () => {
  it("discardNew drops the unsent text and marks every output as sent", () => {
    const outputs = [out("a"), display("x")];
    const cursor = newCursor();
    discardNew(outputs, cursor);
    expect(outputs[0]).toEqual(out(""));
    expect([hasNew(outputs, cursor), takeDeltas(outputs, cursor, 10)]).toEqual([false, []]);
  });

  it("applyDeltas refuses an increment for an output that is not there yet", () => {
    expect(() => applyDeltas([], [{ kind: "text", index: 1, name: "stdout", text: "x" }])).toThrow(/^applyDeltas: deltas must name an output index in 0…0/);
    expect(applyDeltas([out("a")], [{ kind: "text", index: 0, name: "stderr", text: "b" }])).toEqual([out("b", "stderr")]);
  });
});
