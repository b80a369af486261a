/** lib/show/table.ts: HTML tables, cell formatting and visible whitespace. */
import { describe, expect, it } from "vitest";
import { formatCell, htmlTable, visibleWhitespace } from "../../lib/show/table.js";

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
