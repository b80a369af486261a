/**
 * The reference graph picture, read back from its SVG text: one circle per file with area ∝ rank, one arrow per
 * (referencer, definer) pair with width growing with weight, chat rings, mention colours, labels, escaping of
 * names, ids unique to the picture and stable for the same input, and the options' checks. The input checks and
 * the layout are test/show/graph-input.test.ts.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTeachingGraph, teachingPageRank } from "../../lib/index.js";
import { arrowMarkers, graphLegend, graphPicture, nodeRadii, type GraphPictureInput } from "../../lib/show/graph.js";
import { COLORS } from "../../lib/show/svg.js";
import { svgEdges, svgIds, svgNodes, svgRefs, svgTexts, xmlProblems } from "../support/svg.js";

const toy: GraphPictureInput = {
  nodes: ["app.py", "cli.py", "db.py", "models.py", "tests.py", "utils.py"],
  edges: [
    ["app.py", "models.py", "User", 2],
    ["app.py", "utils.py", "slugify", 1],
    ["cli.py", "app.py", "main", 1],
    ["cli.py", "utils.py", "slugify", 1],
    ["models.py", "db.py", "connect", 3],
    ["tests.py", "app.py", "main", 1],
    ["tests.py", "models.py", "User", 1],
  ],
};
const toyRank = (() => {
  const g = buildTeachingGraph(toy.nodes, toy.edges as never, { "cli.py": 1 });
  return teachingPageRank(g, 0.85, 50).rank;
})();

describe("graphPicture", () => {
  it("draws one circle per file and one arrow per (referencer, definer) pair, parallel edges merged", () => {
    const svg = graphPicture({ ...toy, rank: toyRank, chat: ["cli.py"] });
    expect(svgNodes(svg)).toHaveLength(6);
    const edges = svgEdges(svg);
    expect(edges).toHaveLength(7);
    expect(edges.every((e) => e.arrow)).toBe(true);
    const merged = graphPicture({ nodes: ["A", "B"], edges: [["A", "B", "f", 1], ["A", "B", "g", 2]] });
    expect(svgEdges(merged).map((e) => e.w)).toEqual([3]);
    expect(merged).toContain("f, g ×3");
    expect(svg.match(/class="chat-ring"/g)).toHaveLength(1);
    const loop = graphPicture({ nodes: ["A", "B"], edges: [["A", "A", "f", 1], ["A", "B", "g", 1]] });
    const d = /data-src="A" data-dst="A"[^>]* d="([^"]+)"/.exec(loop)![1]!;
    expect(d).toMatch(/^M[\d.]+,[\d.]+ C/); // a loop over the node, not a zero-length line
  });

  it("node area is proportional to rank (a rank of 0 is a dashed ring), edge width grows with weight", () => {
    const svg = graphPicture({ ...toy, rank: toyRank });
    const nodes = svgNodes(svg);
    const tests = nodes.find((n) => n.name === "tests.py")!;
    expect(toyRank.get("tests.py")).toBe(0);
    expect(tests.zero).toBe(true);
    const ratios = nodes.filter((n) => !n.zero).map((n) => (Math.PI * n.r * n.r) / toyRank.get(n.name)!);
    for (const q of ratios) expect(q / ratios[0]!).toBeCloseTo(1, 3);
    const byWeight = svgEdges(svg).sort((a, b) => a.w - b.w);
    for (let i = 1; i < byWeight.length; i++) expect(byWeight[i]!.width).toBeGreaterThanOrEqual(byWeight[i - 1]!.width);
    expect(byWeight[byWeight.length - 1]!.width).toBeGreaterThan(byWeight[0]!.width);
  });

  it("area is monotone in rank for any ranks (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 6 }), (ranks) => {
        const nodes = ranks.map((_, i) => `f${i}`);
        const svg = graphPicture({ nodes, edges: [["f0", "f1", "x", 1]], rank: Object.fromEntries(nodes.map((n, i) => [n, ranks[i]!])) }, { iterations: 20 });
        const drawn = svgNodes(svg);
        for (const a of drawn) for (const b of drawn) {
          const ra = ranks[Number(a.name.slice(1))]!, rb = ranks[Number(b.name.slice(1))]!;
          if (ra < rb && !b.zero) expect(a.zero ? 0 : a.r).toBeLessThanOrEqual(b.r + 1e-9);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("is deterministic: the same graph gives the same SVG, and input order does not move the nodes", () => {
    const a = graphPicture({ ...toy, rank: toyRank, mentioned: ["User"] });
    expect(graphPicture({ ...toy, rank: toyRank, mentioned: ["User"] })).toBe(a);
    const shuffled = graphPicture({ ...toy, nodes: [...toy.nodes].reverse(), edges: [...toy.edges].reverse(), rank: toyRank, mentioned: ["User"] });
    const pos = (svg: string) => Object.fromEntries(svgNodes(svg).map((n) => [n.name, `${n.x},${n.y}`]));
    expect(pos(shuffled)).toEqual(pos(a));
    expect(a).toContain(COLORS.mention); // the mentioned identifier's colour
  });

  it("is deterministic across runs: another process draws the same SVG, byte for byte", () => {
    const script = [
      `import { graphPicture } from ${JSON.stringify(join(__dirname, "..", "..", "lib", "show", "index.ts"))};`,
      `import { createHash } from "node:crypto";`,
      `const input = ${JSON.stringify({ ...toy, rank: Object.fromEntries(toyRank), chat: ["cli.py"] })};`,
      `process.stdout.write(createHash("sha256").update(graphPicture(input)).digest("hex"));`,
    ].join("\n");
    const tsx = join(__dirname, "..", "..", "node_modules", "tsx", "dist", "cli.mjs");
    const other = execFileSync(process.execPath, [tsx, "--input-type=module", "-e", script], { encoding: "utf8" });
    const here = createHash("sha256").update(graphPicture({ ...toy, rank: Object.fromEntries(toyRank), chat: ["cli.py"] })).digest("hex");
    expect(other).toBe(here);
  }, 30_000);

  it("lays the nodes out apart and inside the picture", () => {
    const svg = graphPicture({ ...toy, rank: toyRank }, { width: 640, height: 420 });
    const pts = svgNodes(svg).map((n) => [n.x, n.y] as const);
    for (const [x, y] of pts) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(640);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(420);
    }
    for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) expect(Math.hypot(pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1])).toBeGreaterThan(30);
  });

  it("labels every file, every arrow with its identifiers and weight, and every rank; each label off the others", () => {
    const svg = graphPicture({ ...toy, rank: toyRank }, { title: "toy repo" });
    const texts = svgTexts(svg);
    for (const n of toy.nodes) expect(texts).toContain(n);
    expect(texts).toContain("User ×2");
    expect(texts).toContain("connect ×3");
    expect(texts).toContain(toyRank.get("db.py")!.toFixed(3));
    expect(texts[0]).toBe("toy repo");
    const bare = svgTexts(graphPicture({ ...toy, rank: toyRank }, { edgeLabels: false, rankLabels: false }));
    expect(bare.some((t) => t.includes("×"))).toBe(false);
    expect(bare).not.toContain(toyRank.get("db.py")!.toFixed(3));
    expect(bare.filter((t) => toy.nodes.includes(t))).toHaveLength(6);
  });

  it("escapes < & \" in file names, identifiers and the title, and stays well-formed", () => {
    const name = 'a<b&"c".ts';
    const svg = graphPicture({ nodes: [name, "plain.ts"], edges: [[name, "plain.ts", "x<y&z", 1]], chat: [name], mentioned: ["x<y&z"] }, { title: 'T <&> "t"' });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svgNodes(svg).map((n) => n.name).sort()).toEqual([name, "plain.ts"].sort());
    expect(svgEdges(svg)[0]).toMatchObject({ src: name, dst: "plain.ts" });
    expect(svgTexts(svg)).toEqual(expect.arrayContaining([name, "x<y&z ×1", 'T <&> "t"']));
    expect(svg).toContain('aria-label="T &lt;&amp;&gt; &quot;t&quot;"');
  });

  it("ids belong to this picture: every url(#…) resolves in it, and another picture has other ids", () => {
    const a = graphPicture({ ...toy, mentioned: ["User"] });
    const b = graphPicture({ ...toy, mentioned: ["main"] });
    for (const ref of svgRefs(a)) expect(svgIds(a)).toContain(ref);
    expect(svgIds(a).filter((id) => svgIds(b).includes(id))).toEqual([]);
    expect(svgIds(graphPicture({ ...toy, mentioned: ["User"] }))).toEqual(svgIds(a));
  });

  it("checks its options and input, naming them as graphPicture's", () => {
    expect(() => graphPicture({ nodes: ["A"], edges: [["A", "B", "x", 1]] })).toThrow(/^graphPicture: input\.edges\[0\] must join two of input\.nodes/);
    expect(() => graphPicture(toy, { width: 199 })).toThrow(/^graphPicture: options\.width must be an integer ≥ 200/);
    expect(() => graphPicture(toy, { height: 100.5 })).toThrow(/^graphPicture: options\.height/);
    expect(() => graphPicture(toy, { iterations: -1 })).toThrow(/^graphPicture: options\.iterations must be a non-negative integer/);
    const svg = graphPicture(toy, { width: 333, height: 222 });
    expect(svg).toMatch(/^<svg [^>]*width="333" height="222" viewBox="0 0 333 222"/);
  });
});

describe("the graph picture's parts", () => {
  it("nodeRadii: area ∝ rank on the largest rank (or the scale given); equal sizes without ranks", () => {
    const rank = new Map([["a", 1], ["b", 0.25], ["c", 0]]);
    expect(nodeRadii(["a", "b", "c"], rank, { maxRadius: 20 })).toEqual(new Map([["a", 20], ["b", 10], ["c", 0]]));
    expect(nodeRadii(["a", "b"], rank, { maxRadius: 20, scaleMax: 4 })).toEqual(new Map([["a", 10], ["b", 5]]));
    expect(nodeRadii(["a", "b"], null, { maxRadius: 20 })).toEqual(new Map([["a", 12], ["b", 12]]));
    expect(nodeRadii(["c"], new Map([["c", 0]]), { maxRadius: 20 }).get("c")).toBe(0); // all zero: no division by 0
  });

  it("arrowMarkers: the three arrowheads, ids prefixed as asked", () => {
    const defs = arrowMarkers("pic1");
    expect(svgIds(defs)).toEqual(["pic1-arrow", "pic1-arrow-m", "pic1-arrow-p"]);
    expect(xmlProblems(defs)).toEqual([]);
  });

  it("graphLegend: says only what the picture shows, over two lines", () => {
    const all = svgTexts(graphLegend(0, 100, { hasRank: true, hasChat: true, hasMention: true })).join(" · ");
    expect(all).toContain("circle area ∝ rank");
    expect(all).toContain("ring: chat file");
    expect(all).toContain("orange: mentioned identifier");
    const plain = svgTexts(graphLegend(0, 100, { hasRank: false, hasChat: false, hasMention: false }));
    expect(plain.join("")).toBe("arrow: referencer → definer, width ∝ weight");
  });
});
