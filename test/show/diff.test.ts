/** lib/show/diff.ts: two texts' diff and a git patch as coloured HTML (seed 000 KP2, KP3). */
import { describe, expect, it } from "vitest";
import { diffRows, diffView, patchView } from "../../lib/show/diff.js";
import { byClass, byName, parseMarkup, textOf, type MarkupElement } from "../support/markup.js";

/** The code cell of each diff row: "- text", "+ text", "  text". */
const codes = (html: string) => byName(parseMarkup(html), "tr").map((tr) => textOf(byName(tr, "td")[2]!));

describe("diffRows", () => {
  it("numbers old and new lines apart: a removed line has no new number, an added one no old number", () => {
    const rows = diffRows("a\nb\nc\n", "a\nB\nc\nd\n").map((r) => [r.kind, r.oldNo, r.newNo]);
    expect(rows).toEqual([
      [" ", 1, 1],
      ["-", 2, null],
      ["+", null, 2],
      [" ", 3, 3],
      ["+", null, 4],
    ]);
  });
});

describe("diffView", () => {
  it("colours removed and added lines and marks the changed characters", () => {
    const html = diffView("def add(a, b):\n    return a - b\n", "def add(a, b):\n    return a + b\n");
    expect(html.match(/class="diff-del"/g)).toHaveLength(1);
    expect(html.match(/class="diff-add"/g)).toHaveLength(1);
    expect(html.match(/class="diff-same"/g)).toHaveLength(1);
    expect(html).toMatch(/<span style="background:#ffc1ba">-<\/span>/);
    expect(html).toMatch(/<span style="background:#aceebb">\+<\/span>/);
  });

  it("is well-formed markup whose rows read back as the diff, <, & and \" escaped", () => {
    const html = diffView('x = "<a&b>"\n', 'x = "<a&c>"\n', { title: 'f("<&>")' });
    expect(codes(html)).toEqual(['- x = "<a&b>"', '+ x = "<a&c>"']);
    const root = parseMarkup(html);
    expect(byClass(root, "wb-diff")).toHaveLength(1);
    expect(textOf(byName(root, "div")[1]!)).toBe('f("<&>")');
  });

  it("says so when nothing changed, shows whitespace when asked, and elides far context", () => {
    expect(diffView("a\n", "a\n")).toContain("byte-identical");
    expect(diffView("a\n", "b\n")).not.toContain("byte-identical");
    expect(codes(diffView("  x\n", "\tx\n", { whitespace: true }))).toEqual(["- ··x", "+ →x"]);
    const long = Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n") + "\n";
    const html = diffView(long, long.replace("line 10", "LINE 10"), { context: 1 });
    expect(html.match(/class="diff-same"/g)).toHaveLength(2);
    expect(html.match(/⋯/g)).toHaveLength(2);
  });

  it("a status beside the title, green when ok, red when not", () => {
    const status = (ok: boolean) => byName(parseMarkup(diffView("a\n", "b\n", { status: { text: "applied <1>", ok } })), "span").find((s) => textOf(s) === "applied <1>")!;
    expect(status(true).attrs.style).toContain("background:#1a7f37");
    expect(status(false).attrs.style).toContain("background:#cf222e");
  });

  it("rejects bad arguments in one line naming the parameter", () => {
    expect(() => diffView(1 as never, "")).toThrow("diffView: before must be a string");
    expect(() => diffView("", null as never)).toThrow("diffView: after must be a string");
    expect(() => diffView("a\n", "b\n", { context: -1 })).toThrow("diffView: options.context must be a non-negative integer");
    expect(() => diffView("a\n", "b\n", { status: { text: "x" } as never })).toThrow("diffView: options.status must be { text: string, ok: boolean }");
  });
});

describe("patchView", () => {
  const patch = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old <&>\n+new\n context\n";
  const lines = (html: string): MarkupElement[] => byName(parseMarkup(html), "div").slice(-7);

  it("colours a git patch line by line: headers bold, hunk headers blue, - red, + green", () => {
    const html = patchView(patch);
    expect(html.match(/class="diff-del"/g)).toHaveLength(1);
    expect(html.match(/class="diff-add"/g)).toHaveLength(1);
    const divs = lines(html);
    expect(divs.map(textOf)).toEqual(["diff --git a/x b/x", "--- a/x", "+++ b/x", "@@ -1 +1 @@", "-old <&>", "+new", " context"]);
    expect(divs.slice(0, 3).every((d) => d.attrs.style === "font-weight:bold")).toBe(true);
    expect(divs[3]!.attrs.style).toContain("background:#ddf4ff");
    expect(divs[6]!.attrs).toEqual({});
  });

  it("an escaped title above; rejects a patch that is not a string", () => {
    expect(textOf(byName(parseMarkup(patchView("+x\n", "a <b>")), "div")[1]!)).toBe("a <b>");
    expect(() => patchView(3 as never)).toThrow("patchView: patch must be a string");
  });
});
