import { describe, expect, it } from "vitest";
import {
  budgetPicture,
  diffView,
  patchView,
  strictPrefixLength,
  timelinePicture,
  vennPicture,
} from "../../lib/show/index.js";
import { teachingCommitPlan } from "../../lib/index.js";

describe("show: budget picture", () => {
  const entries = [
    { label: "slugify", tokens: 7 },
    { label: "main", tokens: 12 },
    { label: "User", tokens: 30 },
    { label: "connect", tokens: 9 },
  ];
  it("marks the strict prefix: stops at the first entry that does not fit even if a later one would", () => {
    expect(strictPrefixLength(entries, 40)).toBe(2);
    expect(strictPrefixLength(entries, 58)).toBe(4);
    expect(strictPrefixLength(entries, 0)).toBe(0);
    const svg = budgetPicture({ entries, budget: 40 });
    expect(svg.match(/class="entry taken"/g)).toHaveLength(2);
    expect(svg.match(/class="entry/g)).toHaveLength(4);
    expect(svg).toContain("19 tokens, 21 left (stops at User, 30 tokens)");
  });

  it("draws each probe in order, the accepted one ringed, and the band around the budget", () => {
    const probes = [{ k: 40, tokens: 800, kept: true }, { k: 70, tokens: 1400, kept: false }, { k: 55, tokens: 1100, kept: true }];
    const many = Array.from({ length: 100 }, (_, i) => ({ label: `t${i}`, tokens: 20 }));
    const svg = budgetPicture({ entries: many, budget: 1024, probes, chosenK: 55 });
    expect([...svg.matchAll(/class="probe[^"]*" data-k="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([40, 70, 55]);
    expect(svg.match(/class="chosen"/g)).toHaveLength(1);
    const band = /class="band" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/.exec(svg)!;
    const budgetX = Number(/class="budget" x1="([\d.]+)"/.exec(svg)![1]);
    expect(Number(band[1]) + Number(band[2]) / 2).toBeCloseTo(budgetX, 0);
    expect(budgetPicture({ entries: many, budget: 1024, probes, chosenK: 55 })).toBe(svg);
  });

  it("rejects a negative budget and negative costs; a budget of 0 takes nothing", () => {
    expect(() => budgetPicture({ entries, budget: -1 })).toThrow(/budgetPicture: input\.budget must be ≥ 0/);
    expect(budgetPicture({ entries, budget: 0 })).not.toContain('class="entry taken"');
    expect(() => budgetPicture({ entries: [{ label: "x", tokens: -1 }], budget: 5 })).toThrow(/input\.entries\[0\]\.tokens must be ≥ 0/);
  });
});

describe("show: diffs", () => {
  it("colours removed and added lines and marks the changed characters", () => {
    const html = diffView("def add(a, b):\n    return a - b\n", "def add(a, b):\n    return a + b\n");
    expect(html.match(/class="diff-del"/g)).toHaveLength(1);
    expect(html.match(/class="diff-add"/g)).toHaveLength(1);
    expect(html.match(/class="diff-same"/g)).toHaveLength(1);
    expect(html).toMatch(/<span style="background:#ffc1ba">-<\/span>/);
    expect(html).toMatch(/<span style="background:#aceebb">\+<\/span>/);
  });

  it("says so when nothing changed, shows whitespace when asked, and elides far context", () => {
    expect(diffView("a\n", "a\n")).toContain("byte-identical");
    expect(diffView("  x\n", "\tx\n", { whitespace: true })).toContain("→");
    const long = Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n") + "\n";
    const html = diffView(long, long.replace("line 10", "LINE 10"), { context: 1 });
    expect(html.match(/class="diff-same"/g)).toHaveLength(2);
    expect(html.match(/⋯/g)).toHaveLength(2);
  });

  it("colours a git patch line by line", () => {
    const html = patchView("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n");
    expect(html.match(/class="diff-del"/g)).toHaveLength(1);
    expect(html.match(/class="diff-add"/g)).toHaveLength(1);
  });
});

describe("show: D and E", () => {
  it("writes each file in its region and marks the plan's commits; git's commits compared", () => {
    const input = { dirtyFiles: ["app.py", "notes.md"], editedFiles: ["app.py", "new.py"] };
    const plan = teachingCommitPlan(input);
    const svg = vennPicture({ dirty: input.dirtyFiles, edited: input.editedFiles, others: ["README.md"], plan, git: { beforeEdit: ["app.py"], afterEdit: ["app.py", "new.py"] } });
    expect(svg.match(/class="file"/g)).toHaveLength(3);
    expect(svg).toContain("app.py ①");
    expect(svg).toContain("new.py ②");
    expect(svg).toMatch(/>notes\.md</);
    expect(svg).toContain("outside both (untouched): README.md");
    expect(svg).toContain('class="git-agrees"');
    const off = teachingCommitPlan({ ...input, dirtyCommits: false });
    const svg2 = vennPicture({ dirty: input.dirtyFiles, edited: input.editedFiles, plan: off, git: { beforeEdit: ["app.py"], afterEdit: [] } });
    expect(svg2).toContain("app.py ⚠");
    expect(svg2).toContain('class="git-differs"');
    expect(() => vennPicture({ dirty: [], edited: ["a"], plan: { beforeEdit: ["a"], afterEdit: [], overlapWithoutCheckpoint: [] } })).toThrow(/vennPicture: input\.plan\.beforeEdit must lie in D ∩ E/);
  });
});

describe("show: loop timeline", () => {
  it("one row per round, one cell per event coloured by outcome, one loop per reflection", () => {
    const events = [
      { round: 0, kind: "request", ok: null, summary: "user" },
      { round: 0, kind: "apply", ok: false, summary: "no match", errorClass: "edit-mismatch" },
      { round: 0, kind: "reflect", ok: null, summary: "reflect" },
      { round: 1, kind: "request", ok: null, summary: "again" },
      { round: 1, kind: "apply", ok: true, summary: "applied" },
      { round: 1, kind: "stop", ok: true, summary: "done" },
    ];
    const svg = timelinePicture(events, { stopReason: "done" });
    expect(svg.match(/class="step /g)).toHaveLength(6);
    expect(svg.match(/class="step failed"/g)).toHaveLength(1);
    expect(svg.match(/class="step ok"/g)).toHaveLength(2);
    expect(svg.match(/class="reflection"/g)).toHaveLength(1);
    expect(svg).toContain("reflected: apply failed (edit-mismatch)");
    expect(timelinePicture(events, { stopReason: "done" })).toBe(svg);
    expect(() => timelinePicture([])).toThrow(/timelinePicture: events must hold an event/);
  });
});

describe("show: the loop timeline's stop reason", () => {
  const events = [
    { seq: 1, round: 0, kind: "request", owner: "user", ok: null, summary: "user", errorClass: null, detail: null },
    { seq: 2, round: 0, kind: "apply", owner: "editblock", ok: false, summary: "no match", errorClass: "block-mismatch", detail: null },
    { seq: 3, round: 1, kind: "apply", owner: "editblock", ok: true, summary: "applied", errorClass: null, detail: null },
    { seq: 4, round: 1, kind: "stop", owner: "loop", ok: true, summary: "done", errorClass: null, detail: null },
  ];

  it("the stop reason sits after the last step when it fits, else under it", () => {
    const short = timelinePicture(events, { stopReason: "done", legend: false });
    const stopAt = (svg: string) => Number(/<text x="([\d.]+)" y="[\d.]+"[^>]*>stop: /.exec(svg)![1]);
    expect(stopAt(short)).toBeGreaterThan(118 + 2 * 58);
    const many = Array.from({ length: 11 }, (_, i) => ({ round: 0, kind: "apply", ok: true, summary: String(i) }));
    expect(stopAt(timelinePicture(many, { stopReason: "max-reflections" }))).toBe(118);
  });
});
