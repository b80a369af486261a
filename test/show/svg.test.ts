/** lib/show/svg.ts: the shared pieces of the SVG pictures — coordinates, text, the outer element, stable ids. */
import { describe, expect, it } from "vitest";
import { COLORS, ID, num, stableId, svgDocument, text } from "../../lib/show/svg.js";
import { byName, parseMarkup, svgRoot, textOf } from "../support/markup.js";

describe("num", () => {
  it("at most one decimal, no trailing .0, no -0", () => {
    expect([num(3), num(2.25), num(2.26), num(-1.04), num(-0.04), num(10.96)]).toEqual(["3", "2.3", "2.3", "-1", "0", "11"]);
  });
});

describe("text", () => {
  it("escapes <, & and \" in the body, which reads back as written", () => {
    expect(textOf(byName(parseMarkup(text(1, 2, 'a < b && "c"')), "text")[0]!)).toBe('a < b && "c"');
    expect(text(1, 2, 'a < b && "c"')).toContain(">a &lt; b &amp;&amp; &quot;c&quot;</text>");
  });

  it("the position, the size and the font; the default fill unless the attributes set one", () => {
    const el = byName(parseMarkup(text(1.26, 2, "x", 12, 'text-anchor="end"')), "text")[0]!;
    expect(el.attrs).toMatchObject({ x: "1.3", y: "2", "font-size": "12", "font-family": "DejaVu Sans, Arial, sans-serif", fill: COLORS.text, "text-anchor": "end" });
    expect(byName(parseMarkup(text(0, 0, "x", 13, 'fill="#fff"')), "text")[0]!.attrs.fill).toBe("#fff");
    // a fill inside another attribute's name does not count
    expect(byName(parseMarkup(text(0, 0, "x", 13, 'data-fill="q"')), "text")[0]!.attrs.fill).toBe(COLORS.text);
  });
});

describe("svgDocument", () => {
  const body = `<defs><marker id="${ID}-arrow"/></defs><path marker-end="url(#${ID}-arrow)"/>`;

  it("one svg of the frame's size (rounded up), a viewBox to match, the label escaped as its accessible name", () => {
    const svg = svgRoot(svgDocument(body, { width: 100.2, height: 50, label: 'D & E <"x">' }));
    expect(svg.attrs).toMatchObject({ width: "101", height: "50", viewBox: "0 0 101 50", role: "img", "aria-label": 'D & E <"x">' });
  });

  it("replaces every id placeholder by one prefix hashed from label and body: stable for the same input, apart otherwise", () => {
    const a = svgDocument(body, { width: 10, height: 10, label: "one" });
    const ids = byName(svgRoot(a), "marker").map((m) => m.attrs.id);
    expect(ids).toEqual([`wb${stableId("one", body)}-arrow`]);
    expect(a).not.toContain(ID);
    expect(byName(svgRoot(a), "path")[0]!.attrs["marker-end"]).toBe(`url(#${ids[0]})`);
    expect(svgDocument(body, { width: 10, height: 10, label: "one" })).toBe(a);
    expect(svgDocument(body, { width: 10, height: 10, label: "two" })).not.toContain(ids[0]);
    expect(svgDocument(body + "<g/>", { width: 10, height: 10, label: "one" })).not.toContain(ids[0]);
  });
});

describe("stableId", () => {
  it("8 hex digits, the same for the same parts, the separator keeping ('ab','c') and ('a','bc') apart", () => {
    expect(stableId("a", "b")).toMatch(/^[0-9a-f]{8}$/);
    expect(stableId("a", "b")).toBe(stableId("a", "b"));
    expect(stableId("ab", "c")).not.toBe(stableId("a", "bc"));
  });
});

describe("the markup reader these tests use", () => {
  it("rejects what a browser's XML parser would", () => {
    for (const bad of ["<text>a<b</text>", "<text>a & b</text>", '<g data-x="a<b"/>', '<g data-x="a&b"/>', "<g><h></g></h>", "<g>", '<g a="1" a="2"/>']) {
      expect(() => parseMarkup(bad), bad).toThrow();
    }
  });
});
