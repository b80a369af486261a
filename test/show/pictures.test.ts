import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  graphPicture,
  iterationFrames,
  stepFlows,
  stepper,
  loopRunPanel,
  runSummary,
  foldedText,
  type GraphPictureInput,
} from "../../lib/show/index.js";
import { buildTeachingGraph, teachingPageRank } from "../../lib/index.js";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { join } from "node:path";

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

const attr = (el: string, name: string) => Number(new RegExp(`\\b${name}="([-\\d.]+)"`).exec(el)![1]);
const nodesOf = (svg: string) => [...svg.matchAll(/<circle class="node[^"]*" data-node="([^"]+)"[^>]*>/g)].map((m) => ({ name: m[1]!, r: attr(m[0], "r"), zero: m[0].includes("node zero") }));
const edgesOf = (svg: string) => [...svg.matchAll(/<path class="edge"[^>]*>/g)].map((m) => ({ w: attr(m[0], "data-weight"), width: attr(m[0], "stroke-width"), arrow: m[0].includes("marker-end=") }));

describe("show: graph picture", () => {
  it("draws one circle per file and one arrow per (referencer, definer) pair, parallel edges merged", () => {
    const svg = graphPicture({ ...toy, rank: toyRank, chat: ["cli.py"] });
    expect(nodesOf(svg)).toHaveLength(6);
    const edges = edgesOf(svg);
    expect(edges).toHaveLength(7);
    expect(edges.every((e) => e.arrow)).toBe(true);
    const merged = graphPicture({ nodes: ["A", "B"], edges: [["A", "B", "f", 1], ["A", "B", "g", 2]] });
    expect(edgesOf(merged).map((e) => e.w)).toEqual([3]);
    expect(merged).toContain("f, g ×3");
    expect(svg.match(/class="chat-ring"/g)).toHaveLength(1);
    const loop = graphPicture({ nodes: ["A", "B"], edges: [["A", "A", "f", 1], ["A", "B", "g", 1]] });
    const d = /data-src="A" data-dst="A"[^>]* d="([^"]+)"/.exec(loop)![1]!;
    expect(d).toMatch(/^M[\d.]+,[\d.]+ C/); // a loop over the node, not a zero-length line
  });

  it("node area is proportional to rank (a rank of 0 is a dashed ring), edge width grows with weight", () => {
    const svg = graphPicture({ ...toy, rank: toyRank });
    const nodes = nodesOf(svg);
    const tests = nodes.find((n) => n.name === "tests.py")!;
    expect(toyRank.get("tests.py")).toBe(0);
    expect(tests.zero).toBe(true);
    const ratios = nodes.filter((n) => !n.zero).map((n) => (Math.PI * n.r * n.r) / toyRank.get(n.name)!);
    for (const q of ratios) expect(q / ratios[0]!).toBeCloseTo(1, 3);
    const byWeight = edgesOf(svg).sort((a, b) => a.w - b.w);
    for (let i = 1; i < byWeight.length; i++) expect(byWeight[i]!.width).toBeGreaterThanOrEqual(byWeight[i - 1]!.width);
    expect(byWeight[byWeight.length - 1]!.width).toBeGreaterThan(byWeight[0]!.width);
  });

  it("area is monotone in rank for any ranks (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 3, maxLength: 6 }), (ranks) => {
        const nodes = ranks.map((_, i) => `f${i}`);
        const svg = graphPicture({ nodes, edges: [["f0", "f1", "x", 1]], rank: Object.fromEntries(nodes.map((n, i) => [n, ranks[i]!])) }, { iterations: 20 });
        const drawn = nodesOf(svg);
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
    const shuffled = graphPicture({ ...toy, nodes: [...toy.nodes].reverse(), rank: toyRank, mentioned: ["User"] });
    const pos = (svg: string) => Object.fromEntries([...svg.matchAll(/data-node="([^"]+)" cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [m[1], `${m[2]},${m[3]}`]));
    expect(pos(shuffled)).toEqual(pos(a));
    expect(a).toContain("#bc4c00"); // the mentioned identifier's colour
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
    const pts = [...svg.matchAll(/class="node[^"]*" data-node="[^"]+" cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    for (const [x, y] of pts) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(640);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(420);
    }
    for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) expect(Math.hypot(pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1])).toBeGreaterThan(30);
  });

  it("rejects edges to unknown files, negative ranks and repeated nodes, naming them", () => {
    expect(() => graphPicture({ nodes: ["A"], edges: [["A", "B", "x", 1]] })).toThrow(/graphPicture: input\.edges\[0\] must join two of input\.nodes/);
    expect(() => graphPicture({ nodes: ["A", "B"], edges: [], rank: { A: -1 } })).toThrow(/graphPicture: input\.rank\["A"\] must be ≥ 0/);
    expect(() => graphPicture({ nodes: ["A", "A"], edges: [] })).toThrow(/must not repeat a node/);
    expect(() => graphPicture({ nodes: ["A"], edges: [], chat: ["Z"] })).toThrow(/input\.chat must name nodes/);
  });
});

describe("show: power-iteration frames", () => {
  const ab = { nodes: ["A", "B"], edges: [["A", "B", "helper", 1]] as const, prior: { A: 1 }, damping: 0.85 };
  const g = buildTeachingGraph(["A", "B"], [["A", "B", "helper", 1]], { A: 1 });
  const steps = Array.from({ length: 6 }, (_, t) => (t === 0 ? g.prior : teachingPageRank(g, 0.85, t).rank));

  it("the dangling mass is B's rank, and what the prior hands out keeps the total at 1", () => {
    const flows = stepFlows({ ...ab, steps });
    expect(flows).toHaveLength(6);
    flows.forEach((f, t) => {
      expect(f.dangling).toBeCloseTo(steps[t]!.get("B")!, 12);
      expect(f.total).toBeCloseTo(1, 12);
      // the next A is exactly what comes from the prior: A has no in-edge
      if (t + 1 < steps.length) expect(f.fromPrior.get("A")).toBeCloseTo(steps[t + 1]!.get("A")!, 12);
    });
  });

  it("one frame per step, the flow back to the prior drawn only when a dangling file holds mass", () => {
    const frames = iterationFrames({ ...ab, steps });
    expect(frames).toHaveLength(6);
    expect(frames[0]).not.toContain('class="dangling-flow"'); // r_0 = p: nothing on B yet
    expect(frames[1]!.match(/class="dangling-flow"/g)).toHaveLength(1);
    for (const f of frames) expect(f.match(/class="prior-flow"/g)).toHaveLength(1);
    expect(iterationFrames({ ...ab, steps })).toEqual(frames);
    // one area scale for all frames: B grows from 0 to its share
    const rB = frames.map((f) => nodesOf(f).find((n) => n.name === "B")!);
    expect(rB[0]!.zero).toBe(true);
    expect(rB[1]!.r).toBeGreaterThan(0);
  });

  it("every url(#id) names an id of the same picture, and two frames share no id (a hidden frame's marker is not found)", () => {
    const frames = iterationFrames({ ...ab, steps });
    const idsOf = (svg: string) => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
    for (const f of frames) for (const m of f.matchAll(/url\(#([^)]+)\)/g)) expect(idsOf(f)).toContain(m[1]);
    expect(idsOf(frames[0]!).filter((id) => idsOf(frames[1]!).includes(id))).toEqual([]);
  });

  it("rejects a damping outside (0, 1) and a prior with no mass", () => {
    expect(() => stepFlows({ ...ab, damping: 1, steps })).toThrow(/iterationFrames: input\.damping must be in \(0, 1\)/);
    expect(() => stepFlows({ ...ab, prior: { A: 0 }, steps })).toThrow(/input\.prior must be ≥ 0 with a positive total/);
  });
});

describe("show: stepper", () => {
  it("one radio button and one frame per frame, the start checked, ids from the content", () => {
    const html = stepper([{ label: "a", html: "<svg>1</svg>" }, { label: "b", html: "<svg>2</svg>" }], { start: 1 });
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html.match(/class="wbs-frame"/g)).toHaveLength(2);
    expect(html).toMatch(/value="1" checked/);
    expect(stepper([{ label: "a", html: "x" }])).not.toBe(stepper([{ label: "a", html: "y" }]));
    expect(() => stepper([])).toThrow(/stepper: frames must hold a frame/);
    expect(() => stepper([{ label: "a", html: "x" }], { start: 1 })).toThrow(/options\.start must be below/);
  });
});

describe("show: a loop run's panel", () => {
  const events = [
    { seq: 1, round: 0, kind: "request", owner: "user", ok: null, summary: "user", errorClass: null, detail: null },
    { seq: 2, round: 0, kind: "apply", owner: "editblock", ok: false, summary: "no match", errorClass: "block-mismatch", detail: null },
    { seq: 3, round: 1, kind: "apply", owner: "editblock", ok: true, summary: "applied", errorClass: null, detail: null },
    { seq: 4, round: 1, kind: "stop", owner: "loop", ok: true, summary: "done", errorClass: null, detail: null },
  ];
  const counts = { requests: 2, providerAttempts: 2, providerRetries: 0, reflections: 1, malformedResponses: 1 };
  const run = { events, counts, stopReason: "done", usage: { promptTokens: null, completionTokens: null, cost: null } } as unknown as Parameters<typeof loopRunPanel>[0];

  it("a caption with the counts that folds out the full trace, then the timeline; no legend when asked", () => {
    const html = loopRunPanel(run, { title: "one reflection", legend: false });
    expect(html).toMatch(/^<div class="wb-loop-run"><details><summary><b>one reflection<\/b>/);
    expect(html).toContain("2 requests · 1 reflection · 1 malformed reply · trace: 4 steps"); // no retries: not said
    expect(runSummary({ ...counts, providerRetries: 2, malformedResponses: 0 }, run.usage)).toBe("2 requests · 1 reflection · 2 provider retries");
    expect(runSummary({ ...counts, reflections: 0, malformedResponses: 0 }, run.usage)).toBe("2 requests · 0 reflections");
    expect(html.match(/<tr>/g)).toHaveLength(5); // a header and one row per event, inside the <details>
    expect(html.indexOf("</details>")).toBeLessThan(html.indexOf("<svg"));
    expect(html).not.toContain("green passed");
    expect(loopRunPanel(run)).toContain("green passed");
    expect(loopRunPanel(run, { title: "one reflection", legend: false })).toBe(html);
    expect(runSummary(counts, { promptTokens: 613, completionTokens: 121, cost: null })).toContain("tokens 613 + 121, no cost reported");
    expect(() => loopRunPanel(run, { titel: "x" } as never)).toThrow(/loopRunPanel: options/);
    expect(() => loopRunPanel(run, { legend: "no" } as never)).toThrow(/loopRunPanel: options.legend/);
  });

  it("foldedText escapes what it folds", () => {
    expect(foldedText("a <b>", "x < y & z")).toBe("<details><summary>a &lt;b&gt;</summary><pre>x &lt; y &amp; z</pre></details>");
  });
});
