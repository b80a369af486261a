/** lib/show/timeline.ts: one loop run as rows of coloured steps, reflections drawn as loops back (seed 001 §2, §5). */
import { describe, expect, it } from "vitest";
import { timelinePicture } from "../../lib/show/timeline.js";
import { byClass, byName, svgRoot, textOf } from "../support/markup.js";

const events = [
  { round: 0, kind: "request", ok: null, summary: "user" },
  { round: 0, kind: "apply", ok: false, summary: "no match", errorClass: "edit-mismatch" },
  { round: 0, kind: "reflect", ok: null, summary: "reflect" },
  { round: 1, kind: "request", ok: null, summary: "again" },
  { round: 1, kind: "apply", ok: true, summary: "applied" },
  { round: 1, kind: "stop", ok: true, summary: "done" },
];

describe("timelinePicture", () => {
  it("one row per round, one cell per event coloured by outcome, one loop per reflection", () => {
    const svg = timelinePicture(events, { stopReason: "done" });
    expect(svg.match(/class="step /g)).toHaveLength(6);
    expect(svg.match(/class="step failed"/g)).toHaveLength(1);
    expect(svg.match(/class="step ok"/g)).toHaveLength(2);
    expect(svg.match(/class="reflection"/g)).toHaveLength(1);
    expect(svg).toContain("reflected: apply failed (edit-mismatch)");
    expect(timelinePicture(events, { stopReason: "done" })).toBe(svg);
    expect(() => timelinePicture([])).toThrow(/timelinePicture: events must hold an event/);
  });

  it("rows labelled by round; a hover title per cell with the summary and error class; the counts in the legend", () => {
    const root = svgRoot(timelinePicture(events, { stopReason: "done" }));
    const texts = byName(root, "text").map(textOf);
    expect(texts).toEqual(expect.arrayContaining(["user request", "reflection 1", "stop: done"]));
    expect(byName(root, "title").map(textOf)).toEqual(["request: user", "apply: no match [edit-mismatch]", "reflect: reflect", "request: again", "apply: applied", "stop: done"]);
    expect(texts.some((t) => t.startsWith("2 passed · 1 failed · 1 reflection ·"))).toBe(true);
    const noLegend = byName(svgRoot(timelinePicture(events, { legend: false })), "text").map(textOf);
    expect(noLegend.some((t) => t.includes("passed"))).toBe(false);
  });

  it("the reflection's arrow names the picture's own marker; the id is the same for the same run and differs for another", () => {
    const svg = timelinePicture(events);
    const root = svgRoot(svg);
    const marker = byName(root, "marker")[0]!.attrs.id!;
    expect(byClass(root, "reflection")[0]!.attrs["marker-end"]).toBe(`url(#${marker})`);
    expect(byName(svgRoot(timelinePicture(events)), "marker")[0]!.attrs.id).toBe(marker);
    expect(byName(svgRoot(timelinePicture(events.slice(0, 5))), "marker")[0]!.attrs.id).not.toBe(marker);
  });

  it("kinds, summaries and the title with <, & and \" are escaped and read back as written", () => {
    const odd = [{ round: 0, kind: 'k<&"', ok: false, summary: 'a < b & "c"' }];
    const root = svgRoot(timelinePicture(odd, { title: "run <1> & 2", stopReason: "x&y" }));
    expect(byClass(root, "step")[0]!.attrs["data-kind"]).toBe('k<&"');
    expect(byName(root, "title").map(textOf)).toEqual(['k<&": a < b & "c"']);
    expect(byName(root, "text").map(textOf)).toEqual(expect.arrayContaining(["run <1> & 2", 'k<&"', "stop: x&y"]));
    expect(root.attrs["aria-label"]).toBe("run <1> & 2");
  });

  it("the stop reason sits after the last step when it fits, else under it", () => {
    const run = [
      { round: 0, kind: "request", ok: null, summary: "user" },
      { round: 0, kind: "apply", ok: false, summary: "no match", errorClass: "block-mismatch" },
      { round: 1, kind: "apply", ok: true, summary: "applied" },
      { round: 1, kind: "stop", ok: true, summary: "done" },
    ];
    const short = timelinePicture(run, { stopReason: "done", legend: false });
    const stopAt = (svg: string) => Number(/<text x="([\d.]+)" y="[\d.]+"[^>]*>stop: /.exec(svg)![1]);
    expect(stopAt(short)).toBeGreaterThan(118 + 2 * 58);
    const many = Array.from({ length: 11 }, (_, i) => ({ round: 0, kind: "apply", ok: true, summary: String(i) }));
    expect(stopAt(timelinePicture(many, { stopReason: "max-reflections" }))).toBe(118);
  });

  it("rejects bad events and options in one line naming the parameter", () => {
    expect(() => timelinePicture("x" as never)).toThrow("timelinePicture: events must be an array");
    expect(() => timelinePicture([{ ...events[0]!, ok: "yes" as never }])).toThrow("timelinePicture: events[0].ok must be true, false or null");
    expect(() => timelinePicture([{ ...events[0]!, round: -1 }])).toThrow("timelinePicture: events[0].round must be a non-negative integer");
    expect(() => timelinePicture([{ ...events[0]!, summary: 3 as never }])).toThrow("timelinePicture: events[0].summary must be a string");
    expect(() => timelinePicture(events, { legend: "no" as never })).toThrow("timelinePicture: options.legend must be a boolean");
  });
});
