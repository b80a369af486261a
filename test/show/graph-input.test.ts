/**
 * The graph a picture draws, before drawing: the input checks (one line naming the parameter), parallel edges
 * merged, ranks read from a Map or a record, and ForceAtlas2's layout — inside its box and the same for the same
 * graph whatever the order the nodes came in.
 */
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { checkGraphInput, graphLayout, LAYOUT_DEFAULTS, type MergedEdge } from "../../lib/show/graph-input.js";

const W = "somePicture";

describe("checkGraphInput", () => {
  it("takes edges as the teaching model's tuples or the ranking's objects, merging parallel ones", () => {
    const { nodes, edges, rank } = checkGraphInput(W, {
      nodes: ["a.py", "b.py", "c.py"],
      edges: [
        ["a.py", "b.py", "f", 1],
        { src: "a.py", dst: "b.py", ident: "g", weight: 2.5 },
        ["a.py", "b.py", "f", 0.5], // the same identifier again: weight summed, name kept once
        ["b.py", "a.py", "h", 1], // the reverse direction is another arrow
        ["c.py", "c.py", "self", 0],
      ],
    });
    expect(nodes).toEqual(["a.py", "b.py", "c.py"]);
    expect(rank).toBeNull();
    expect(edges).toEqual([
      { src: "a.py", dst: "b.py", weight: 4, idents: ["f", "g"] },
      { src: "b.py", dst: "a.py", weight: 1, idents: ["h"] },
      { src: "c.py", dst: "c.py", weight: 0, idents: ["self"] },
    ]);
  });

  it("reads ranks from a Map or a record, a missing node ranking 0", () => {
    const input = { nodes: ["A", "B"], edges: [] };
    expect(checkGraphInput(W, { ...input, rank: new Map([["A", 0.7]]) }).rank).toEqual(new Map([["A", 0.7], ["B", 0]]));
    expect(checkGraphInput(W, { ...input, rank: { B: 0.25 } }).rank).toEqual(new Map([["A", 0], ["B", 0.25]]));
  });

  it("rejects edges to unknown files, negative ranks and repeated nodes, naming them", () => {
    const bad: [unknown, RegExp][] = [
      [{ nodes: ["A"], edges: [["A", "B", "x", 1]] }, /^somePicture: input\.edges\[0\] must join two of input\.nodes/],
      [{ nodes: ["A", "B"], edges: [], rank: { A: -1 } }, /^somePicture: input\.rank\["A"\] must be ≥ 0/],
      [{ nodes: ["A", "A"], edges: [] }, /^somePicture: input\.nodes must not repeat a node/],
      [{ nodes: ["A"], edges: [], chat: ["Z"] }, /^somePicture: input\.chat must name nodes of the graph/],
      [{ nodes: ["A", "B"], edges: [["A", "B", "x", -2]] }, /^somePicture: input\.edges\[0\]\.weight must be ≥ 0/],
      [{ nodes: ["A", "B"], edges: [["A", "B", "x", Number.NaN]] }, /^somePicture: input\.edges\[0\]\.weight/],
      [{ nodes: ["A", "B"], edges: [{ src: "A", dst: "B", ident: 3, weight: 1 }] }, /^somePicture: input\.edges\[0\]\.ident/],
      [{ nodes: ["A", "B"], edges: [null] }, /^somePicture: input\.edges\[0\]/],
      [{ nodes: ["A", 2], edges: [] }, /^somePicture: input\.nodes\[1\]/],
      [{ nodes: "A", edges: [] }, /^somePicture: input\.nodes/],
      [{ nodes: ["A"], edges: {} }, /^somePicture: input\.edges/],
      [{ nodes: ["A"], edges: [], mentioned: [1] }, /^somePicture: input\.mentioned\[0\]/],
      [{ nodes: ["A"], edges: [], rank: { A: Infinity } }, /^somePicture: input\.rank\["A"\]/],
      [null, /^somePicture: input /],
    ];
    for (const [input, message] of bad) {
      expect(() => checkGraphInput(W, input as never), JSON.stringify(input)).toThrow(WorkbenchInputError);
      expect(() => checkGraphInput(W, input as never), JSON.stringify(input)).toThrow(message);
    }
  });
});

describe("graphLayout", () => {
  const ring = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);
  const cycle = (nodes: string[]): MergedEdge[] => nodes.map((n, i) => ({ src: n, dst: nodes[(i + 1) % nodes.length]!, weight: 1, idents: ["x"] }));
  const box = { width: 400, height: 300, pad: 30 };

  it("puts no node at all, one in the middle, two on a horizontal line", () => {
    expect(graphLayout([], [], box).size).toBe(0);
    expect([...graphLayout(["only"], [], box)]).toEqual([["only", { x: 200, y: 150 }]]);
    const two = graphLayout(["b", "a"], [{ src: "a", dst: "b", weight: 1, idents: ["f"] }], box);
    expect(two.get("a")!.y).toBeCloseTo(two.get("b")!.y, 9);
    expect(Math.abs(two.get("a")!.x - two.get("b")!.x)).toBeCloseTo(400 - 2 * 30, 6);
  });

  it("keeps every node inside the box less its padding, and them apart", () => {
    for (const n of [3, 5, 8]) {
      const nodes = ring(n);
      const layout = graphLayout(nodes, cycle(nodes), box);
      expect(layout.size).toBe(n);
      const pts = [...layout.values()];
      for (const { x, y } of pts) {
        expect(x).toBeGreaterThanOrEqual(box.pad - 1e-9);
        expect(x).toBeLessThanOrEqual(box.width - box.pad + 1e-9);
        expect(y).toBeGreaterThanOrEqual(box.pad - 1e-9);
        expect(y).toBeLessThanOrEqual(box.height - box.pad + 1e-9);
      }
      for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) expect(Math.hypot(pts[i]!.x - pts[j]!.x, pts[i]!.y - pts[j]!.y)).toBeGreaterThan(10);
    }
  });

  it("is the same for the same graph, whatever order the nodes and edges come in", () => {
    const nodes = ring(6);
    const edges = [...cycle(nodes), { src: "f0", dst: "f3", weight: 2, idents: ["y"] }];
    const a = graphLayout(nodes, edges, box);
    const b = graphLayout([...nodes].reverse(), [...edges].reverse(), box);
    expect(new Map([...b].sort())).toEqual(new Map([...a].sort()));
  });

  it("runs ForceAtlas2 for the iterations asked (default LAYOUT_DEFAULTS.iterations)", () => {
    const nodes = ring(5);
    const edges = cycle(nodes).slice(0, 3);
    const byDefault = graphLayout(nodes, edges, box);
    expect(graphLayout(nodes, edges, { ...box, iterations: LAYOUT_DEFAULTS.iterations })).toEqual(byDefault);
    expect(graphLayout(nodes, edges, { ...box, iterations: 1 })).not.toEqual(byDefault);
  });
});
