/** lib/show/chart.ts: bar and line charts as SVG. */
import { describe, expect, it } from "vitest";
import { barChart, lineChart } from "../../lib/show/index.js";

describe("show: charts", () => {
  it("draws one bar per entry, longest for the largest value", () => {
    const svg = barChart([["a", 2], ["b", 1]]);
    const widths = [...svg.matchAll(/<rect [^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths).toHaveLength(2);
    expect(widths[0]).toBeCloseTo(2 * widths[1]!, 5);
    expect(() => barChart([["a", -1]])).toThrow("barChart: entries[0][1] must be ≥ 0 (got -1)");
  });

  it("draws a polyline per series with a legend entry, on a log scale when asked", () => {
    const svg = lineChart([{ name: "r<1>", values: [1, 0.1, 0.01] }, { name: "b", values: [0.5, 0.05, 0] }], { logY: true });
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg).toContain("r&lt;1&gt;");
    expect(svg).toContain("10⁻²");
    const second = /<polyline[^>]*points="([^"]*)"[^>]*\/><rect[^>]*\/><text[^>]*>b</.exec(svg)![1]!;
    expect(second.split(" ")).toHaveLength(2); // the 0 is left out on a log scale
    expect(() => lineChart([{ name: "z", values: [0] }], { logY: true })).toThrow(/positive value/);
  });
});
