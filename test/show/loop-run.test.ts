/**
 * A loop run's panel and folded text, read back from their HTML: the caption's counts (what is said and what is
 * left out), the trace folded under it, the timeline after it, escaping, and the arguments' checks. The timeline
 * picture itself is test/show/timeline.test.ts.
 */
import { describe, expect, it } from "vitest";
import { foldedText, loopRunPanel, runSummary } from "../../lib/show/loop-run.js";

const events = [
  { seq: 1, round: 0, kind: "request", owner: "user", ok: null, summary: "user", errorClass: null, detail: null },
  { seq: 2, round: 0, kind: "apply", owner: "editblock", ok: false, summary: "no match", errorClass: "block-mismatch", detail: null },
  { seq: 3, round: 1, kind: "apply", owner: "editblock", ok: true, summary: "applied", errorClass: null, detail: null },
  { seq: 4, round: 1, kind: "stop", owner: "loop", ok: true, summary: "done", errorClass: null, detail: null },
];
const counts = { requests: 2, providerAttempts: 2, providerRetries: 0, reflections: 1, malformedResponses: 1 };
const run = { events, counts, stopReason: "done", usage: { promptTokens: null, completionTokens: null, cost: null } } as unknown as Parameters<typeof loopRunPanel>[0];

describe("runSummary", () => {
  it("always says requests and reflections; retries, malformed replies and tokens only when there are some", () => {
    expect(runSummary({ ...counts, providerRetries: 2, malformedResponses: 0 }, run.usage)).toBe("2 requests · 1 reflection · 2 provider retries");
    expect(runSummary({ ...counts, reflections: 0, malformedResponses: 0 }, run.usage)).toBe("2 requests · 0 reflections");
    expect(runSummary({ ...counts, requests: 1, providerRetries: 1, malformedResponses: 2 }, run.usage)).toBe("1 request · 1 reflection · 1 provider retry · 2 malformed replies");
    expect(runSummary(counts, { promptTokens: 613, completionTokens: 121, cost: null })).toContain("tokens 613 + 121, no cost reported");
    expect(runSummary(counts, { promptTokens: 10, completionTokens: 2, cost: 0.25 })).toMatch(/ · tokens 10 \+ 2, \$0\.25$/);
  });

  it("checks the counts, naming the one that is wrong", () => {
    expect(() => runSummary({ ...counts, requests: -1 }, run.usage)).toThrow(/^runSummary: counts\.requests must be a non-negative integer/);
    expect(() => runSummary({ ...counts, reflections: 1.5 }, run.usage)).toThrow(/^runSummary: counts\.reflections/);
    expect(() => runSummary(null as never, run.usage)).toThrow(/^runSummary: counts /);
    expect(() => runSummary(counts, null as never)).toThrow(/^runSummary: usage /);
  });
});

describe("loopRunPanel", () => {
  it("a caption with the counts that folds out the full trace, then the timeline; no legend when asked", () => {
    const html = loopRunPanel(run, { title: "one reflection", legend: false });
    expect(html).toMatch(/^<div class="wb-loop-run"><details><summary><b>one reflection<\/b>/);
    expect(html).toContain("2 requests · 1 reflection · 1 malformed reply · trace: 4 steps"); // no retries: not said
    expect(html.match(/<tr>/g)).toHaveLength(5); // a header and one row per event, inside the <details>
    expect(html.indexOf("</details>")).toBeLessThan(html.indexOf("<svg"));
    expect(html).not.toContain("green passed");
    expect(loopRunPanel(run)).toContain("green passed");
    expect(loopRunPanel(run, { title: "one reflection", legend: false })).toBe(html);
    expect(() => loopRunPanel(run, { titel: "x" } as never)).toThrow(/loopRunPanel: options/);
    expect(() => loopRunPanel(run, { legend: "no" } as never)).toThrow(/loopRunPanel: options.legend/);
  });

  it("without a title the caption is the counts alone; a one-step trace says step", () => {
    const one = { ...run, events: [events[3]!] } as typeof run;
    expect(loopRunPanel(one)).toMatch(/^<div class="wb-loop-run"><details><summary>2 requests · 1 reflection · 1 malformed reply · trace: 1 step<\/summary>/);
  });

  it("escapes < & \" in the title", () => {
    const html = loopRunPanel(run, { title: 'a <b> & "c"', legend: false });
    expect(html).toContain("<b>a &lt;b&gt; &amp; &quot;c&quot;</b>");
    expect(html).not.toContain("<b>a <b>");
  });

  it("checks the run, naming what is wrong", () => {
    expect(() => loopRunPanel(null as never)).toThrow(/^loopRunPanel: run /);
    expect(() => loopRunPanel({ ...run, events: "x" } as never)).toThrow(/^loopRunPanel: run\.events/);
    expect(() => loopRunPanel({ ...run, stopReason: 3 } as never)).toThrow(/^loopRunPanel: run\.stopReason/);
    expect(() => loopRunPanel(run, { title: 3 } as never)).toThrow(/^loopRunPanel: options\.title/);
  });
});

describe("foldedText", () => {
  it("foldedText escapes what it folds", () => {
    expect(foldedText("a <b>", "x < y & z")).toBe("<details><summary>a &lt;b&gt;</summary><pre>x &lt; y &amp; z</pre></details>");
  });

  it("checks both arguments are text", () => {
    expect(() => foldedText(1 as never, "x")).toThrow(/^foldedText: summary /);
    expect(() => foldedText("s", undefined as never)).toThrow(/^foldedText: text /);
  });
});
