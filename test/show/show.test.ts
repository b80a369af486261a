import { describe, expect, it } from "vitest";
import { barChart, diagram, diagramNames, formatCell, htmlTable, lineChart, visibleWhitespace } from "../../lib/show/index.js";
import { join } from "node:path";

const root = join(__dirname, "..", "..");

describe("show: tables", () => {
  it("renders rows as a table with escaped cells and aligned decimals", () => {
    const html = htmlTable([{ file: "<a>", rank: 1 }, { file: "b", rank: 0.5 }], { digits: 3 });
    expect(html).toContain("<th>file</th>");
    expect(html).toContain("<td>&lt;a&gt;</td>");
    expect(html).toContain('<td style="text-align:right">1.000</td>');
    expect(html).toContain('<td style="text-align:right">0.500</td>');
  });

  it("formats tiny numbers in scientific notation instead of rounding them to zero", () => {
    expect(formatCell(2.5e-17, 6)).toBe("2.50e-17");
    expect(formatCell(0, 6)).toBe("0");
    expect(formatCell(["a", 1.23456], 2)).toBe("a, 1.23");
  });

  it("rejects bad arguments naming them", () => {
    expect(() => htmlTable([3] as never)).toThrow("htmlTable: rows[0] must be an object (got 3)");
    expect(() => htmlTable([], { digits: -1 })).toThrow(/options\.digits must be a non-negative integer/);
  });
});

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

describe("show: diagrams", () => {
  it("reads a committed diagram without its stamp, and names the known ones for a typo", () => {
    expect(diagramNames(root)).toContain("aider-loop");
    expect(diagram("aider-loop", root)).toMatch(/^<svg id="aider-loop"/);
    expect(() => diagram("aider-lop", root)).toThrow(/diagram: name must name a diagram in diagrams\/ \(known: .*aider-loop/);
  });
});

describe("show: whitespace and code cells", () => {
  it("makes spaces, tabs and line ends visible and keeps the breaks", () => {
    expect(visibleWhitespace("  a\tb\n")).toBe("··a→b⏎\n");
  });

  it("shows code columns in <pre> with the text escaped, and takes objects without an index signature", () => {
    interface Edit { path: string; search: string }
    const edits: Edit[] = [{ path: "a.py", search: "x < 1\n" }];
    const html = htmlTable(edits, { code: ["search"] });
    expect(html).toContain('<td><pre style="margin:0;font-size:12.5px;white-space:pre;text-align:left">x &lt; 1\n</pre></td>');
    expect(html).toContain("<td>a.py</td>");
  });
});
