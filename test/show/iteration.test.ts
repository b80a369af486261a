/**
 * The power iteration's frames, read back from their SVG text: the flows computed from the ranks given (the
 * dangling mass, what the prior hands out), one frame per step on one area scale, the flow arrows, ids unique per
 * frame and stable for the same input, escaping, and the input's checks.
 */
import { describe, expect, it } from "vitest";
import { buildTeachingGraph, teachingPageRank } from "../../lib/index.js";
import { iterationFrames, stepFlows } from "../../lib/show/iteration.js";
import { svgIds, svgNodes, svgRefs, svgTexts, xmlProblems } from "../support/svg.js";

const ab = { nodes: ["A", "B"], edges: [["A", "B", "helper", 1]] as const, prior: { A: 1 }, damping: 0.85 };
const g = buildTeachingGraph(["A", "B"], [["A", "B", "helper", 1]], { A: 1 });
const steps = Array.from({ length: 6 }, (_, t) => (t === 0 ? g.prior : teachingPageRank(g, 0.85, t).rank));

describe("stepFlows", () => {
  it("the dangling mass is B's rank, and what the prior hands out keeps the total at 1", () => {
    const flows = stepFlows({ ...ab, steps });
    expect(flows).toHaveLength(6);
    flows.forEach((f, t) => {
      expect(f.t).toBe(t);
      expect(f.dangling).toBeCloseTo(steps[t]!.get("B")!, 12);
      expect(f.total).toBeCloseTo(1, 12);
      // the next A is exactly what comes from the prior: A has no in-edge
      if (t + 1 < steps.length) expect(f.fromPrior.get("A")).toBeCloseTo(steps[t + 1]!.get("A")!, 12);
    });
  });

  it("normalises the prior, hands out only to files it holds, and counts a weight-0 edge as no out-edge", () => {
    const flows = stepFlows({ nodes: ["A", "B", "C"], edges: [["A", "B", "f", 0]], prior: new Map([["A", 3], ["C", 1]]), damping: 0.5, steps: [{ A: 0.5, B: 0.25, C: 0.25 }, { A: 0.4, B: 0.4, C: 0.2 }] });
    expect(flows[0]!.dangling).toBeCloseTo(1, 12); // every file is dangling
    expect([...flows[0]!.fromPrior.keys()]).toEqual(["A", "C"]);
    expect(flows[0]!.fromPrior.get("A")).toBeCloseTo((0.5 + 0.5 * 1) * 0.75, 12);
    expect(flows[0]!.fromPrior.get("C")).toBeCloseTo((0.5 + 0.5 * 1) * 0.25, 12);
  });

  it("rejects a damping outside (0, 1), a prior with no mass or a negative share, and fewer than two steps", () => {
    expect(() => stepFlows({ ...ab, damping: 1, steps })).toThrow(/^iterationFrames: input\.damping must be in \(0, 1\)/);
    expect(() => stepFlows({ ...ab, damping: 0, steps })).toThrow(/input\.damping must be in \(0, 1\)/);
    expect(() => stepFlows({ ...ab, prior: { A: 0 }, steps })).toThrow(/^iterationFrames: input\.prior must be ≥ 0 with a positive total/);
    expect(() => stepFlows({ ...ab, prior: { A: 2, B: -1 }, steps })).toThrow(/input\.prior must be ≥ 0 with a positive total/);
    expect(() => stepFlows({ ...ab, steps: [steps[0]!] })).toThrow(/^iterationFrames: input\.steps must hold r_0 and at least one step/);
    expect(() => stepFlows({ ...ab, steps: [{ A: 1 }, { A: "x" } as never] })).toThrow(/^iterationFrames: input\.steps\[1\]\["A"\]/);
  });
});

describe("iterationFrames", () => {
  it("one frame per step, the flow back to the prior drawn only when a dangling file holds mass", () => {
    const frames = iterationFrames({ ...ab, steps });
    expect(frames).toHaveLength(6);
    expect(frames[0]).not.toContain('class="dangling-flow"'); // r_0 = p: nothing on B yet
    expect(frames[1]!.match(/class="dangling-flow"/g)).toHaveLength(1);
    for (const f of frames) expect(f.match(/class="prior-flow"/g)).toHaveLength(1);
    expect(iterationFrames({ ...ab, steps })).toEqual(frames);
    // one area scale for all frames: B grows from 0 to its share
    const rB = frames.map((f) => svgNodes(f).find((n) => n.name === "B")!);
    expect(rB[0]!.zero).toBe(true);
    expect(rB[1]!.r).toBeGreaterThan(0);
  });

  it("every url(#id) names an id of the same picture, and two frames share no id (a hidden frame's marker is not found)", () => {
    const frames = iterationFrames({ ...ab, steps });
    for (const f of frames) for (const ref of svgRefs(f)) expect(svgIds(f)).toContain(ref);
    expect(svgIds(frames[0]!).filter((id) => svgIds(frames[1]!).includes(id))).toEqual([]);
  });

  it("titles each frame by its step and says the dangling mass and the total", () => {
    const frames = iterationFrames({ ...ab, steps });
    expect(svgTexts(frames[0]!)[0]).toBe("r₀ — the start");
    const third = svgTexts(frames[2]!);
    expect(third[0]).toBe("after step 2");
    expect(third.join("\n")).toContain(`dangling mass d = ${steps[2]!.get("B")!.toFixed(4)}`);
    expect(svgTexts(frames[5]!).join("\n")).not.toContain("step 6 sends"); // the last frame has no next step
  });

  it("draws only the frames asked for, in that order", () => {
    const all = iterationFrames({ ...ab, steps });
    expect(iterationFrames({ ...ab, steps }, { frames: [3, 0] })).toEqual([all[3], all[0]]);
    expect(() => iterationFrames({ ...ab, steps }, { frames: [6] })).toThrow(/^iterationFrames: options\.frames must be steps 0…5/);
    expect(() => iterationFrames({ ...ab, steps }, { frames: [-1] })).toThrow(/^iterationFrames: options\.frames\[0\]/);
    expect(() => iterationFrames({ ...ab, steps }, { width: 299 })).toThrow(/^iterationFrames: options\.width must be an integer ≥ 300/);
    expect(() => iterationFrames({ ...ab, steps }, { height: 199 })).toThrow(/^iterationFrames: options\.height/);
  });

  it("escapes < & \" in file names and stays well-formed", () => {
    const name = 'x<&"y.ts';
    const frames = iterationFrames({ nodes: [name, "B"], edges: [[name, "B", "f&g", 1]], prior: { [name]: 1 }, damping: 0.85, steps: [{ [name]: 1, B: 0 }, { [name]: 0.15, B: 0.85 }] });
    for (const f of frames) {
      expect(xmlProblems(f)).toEqual([]);
      expect(svgTexts(f)).toContain(name);
    }
  });
});
