/**
 * Renderer tests whose expected skeletons are worked out by hand from grep-ast's rules (`aider/repomap.py` `to_tree/render_tree`), not taken
 * from the code under test: first on hand-made node spans (each rule alone), then on real parses.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GrammarSet, type Grammar } from "../../../lib/repomap/scan/grammars.js";
import { languageById } from "../../../lib/repomap/scan/languages.js";
import {
  AiderTreeContext,
  buildTreeContext,
  HEADER_MAX,
  renderTreeContext,
  treeContextFor,
  type NodeSpans,
} from "../../../lib/repomap/render/render-tree.js";
import { WorkbenchInputError } from "../../../lib/core/errors.js";

const spans = (...pairs: [number, number][]): NodeSpans => ({
  starts: Int32Array.from(pairs.map((p) => p[0])),
  ends: Int32Array.from(pairs.map((p) => p[1])),
});
const numbered = (n: number): string => Array.from({ length: n }, (_, i) => `line${i}\n`).join("");

describe("TreeContext rules on hand-made spans", () => {
  it("a line of interest alone: │ before it, one ⋮ for each hidden run before and after", () => {
    const index = buildTreeContext(numbered(6), spans([0, 5]));
    expect(renderTreeContext(index, [3])).toBe("⋮\n│line3\n⋮\n");
  });

  it("a scope starting on line 0 is never shown; a scope starting later shows its header line", () => {
    // line 0: nodes 0..5 and 0..4 (header [0, 4), never shown); a node 1..4 alone on line 1 (header = line 1)
    const index = buildTreeContext(numbered(6), spans([0, 5], [0, 4], [1, 4]));
    expect(renderTreeContext(index, [4])).toBe("⋮\n│line1\n⋮\n│line4\n⋮\n");
  });

  it("two or more multi-line nodes starting on a line: the smallest is the header, without its last line", () => {
    // on line 1: nodes 1..6 and 1..3 → header = 1..3 shown as lines 1, 2
    const index = buildTreeContext(numbered(8), spans([0, 7], [1, 6], [1, 3], [5, 5]));
    expect(renderTreeContext(index, [5])).toBe("⋮\n│line1\n│line2\n⋮\n│line5\n⋮\n");
  });

  it(`a header longer than ${HEADER_MAX} lines is cut to ${HEADER_MAX}`, () => {
    const index = buildTreeContext(numbered(30), spans([0, 29], [2, 25], [2, 20]));
    const expected = ["⋮", ...Array.from({ length: 10 }, (_, i) => `│line${i + 2}`), "⋮", "│line15", "⋮", ""].join("\n");
    expect(renderTreeContext(index, [15])).toBe(expected);
  });

  it("one hidden line between two shown lines is shown (a gap of two closes)", () => {
    const index = buildTreeContext(numbered(8), spans([0, 7]));
    expect(renderTreeContext(index, [2, 4])).toBe("⋮\n│line2\n│line3\n│line4\n⋮\n");
    expect(renderTreeContext(index, [2, 5])).toBe("⋮\n│line2\n⋮\n│line5\n⋮\n");
  });

  it("a blank line right after a shown non-blank line is shown (the last line has no follower)", () => {
    const code = "a\nb\n\nc\n\nd\n\n";
    // lines: a, b, "", c, "", d, "" → numLines 8; the test is i < numLines - 2, true for 1 and 5
    const index = buildTreeContext(code, spans([0, 7]));
    expect(renderTreeContext(index, [1])).toBe("⋮\n│b\n│\n⋮\n");
    expect(renderTreeContext(index, [5])).toBe("⋮\n│d\n│\n");
    // "p\nx\n\n" has lines p, x, "" (numLines 4): 1 < 2, the blank shows; "p\nx\n": x is the last line
    expect(renderTreeContext(buildTreeContext("p\nx\n\n", spans([0, 2])), [1])).toBe("⋮\n│x\n│\n");
    expect(renderTreeContext(buildTreeContext("p\nx\n", spans([0, 2])), [1])).toBe("⋮\n│x\n");
  });

  it("nothing of interest renders as empty; lines past the end show nothing but a ⋮", () => {
    const index = buildTreeContext(numbered(3), spans([0, 2]));
    expect(renderTreeContext(index, [])).toBe("");
    expect(renderTreeContext(index, [7])).toBe("⋮\n");
  });

  it("lines are Python's splitlines: a form feed ends a line", () => {
    const index = buildTreeContext("a\fb\nc\n", spans([0, 1]));
    expect(index.lines).toEqual(["a", "b", "c"]);
  });

  it("rejects a negative or fractional line of interest", () => {
    const index = buildTreeContext(numbered(3), spans([0, 2]));
    expect(() => renderTreeContext(index, [-1])).toThrow(WorkbenchInputError);
    expect(() => renderTreeContext(index, [1.5])).toThrow(/lois\[0\] must be a non-negative integer/);
  });

  it("a reused context (Aider keeps one per file) re-shows the previous lines when called with none", () => {
    const ctx = new AiderTreeContext(buildTreeContext(numbered(4), spans([0, 3])));
    expect(ctx.render([])).toBe("");
    expect(ctx.render([1])).toBe("⋮\n│line1\n⋮\n");
    expect(ctx.render([])).toBe("⋮\n│line1\n⋮\n");
  });
});

describe("TreeContext on real parses (skeletons worked out by hand)", () => {
  const grammars = new GrammarSet();
  let py: Grammar;
  let js: Grammar;
  beforeAll(async () => {
    py = (await grammars.get(languageById("python")!))!;
    js = (await grammars.get(languageById("javascript")!))!;
  });

  const pyCode = [
    "import os", //           0
    "", //                    1
    "", //                    2
    "class A:", //            3  class_definition 3..8 (alone: header = line 3)
    "    x = 1", //           4  the class body (block 4..8) starts here: header = line 4
    "", //                    5
    "    def f(self,", //     6  function_definition 6..8 and parameters 6..7: header = [6, 7)
    "          y):", //       7
    "        return y", //    8
    "", //                    9
    "", //                   10
    "def g():", //           11
    "    pass", //           12
  ].join("\n");

  it("python: the parents' headers, the gaps closed, the blank line after", () => {
    const skeleton = ["⋮", "│class A:", "│    x = 1", "│", "│    def f(self,", "│          y):", "│        return y", "│", "⋮", ""].join("\n");
    expect(renderTreeContext(treeContextFor(py, pyCode), [8])).toBe(skeleton);
  });

  it("python: a def line alone shows just that line and its class header", () => {
    // line 11: function_definition 11..12 is the only multi-line node starting there → header = line 11 only
    expect(renderTreeContext(treeContextFor(py, pyCode), [11])).toBe("⋮\n│def g():\n⋮\n");
    // a loi's own line is its only scope besides the root: the class body's first line is not shown
    expect(renderTreeContext(treeContextFor(py, pyCode), [3])).toBe("⋮\n│class A:\n⋮\n");
  });

  it("javascript: a `{` block starting on the function's line makes the whole short function its header", () => {
    const code = ["// util", "function outer(a) {", "  const k = 1;", "  function inner(b) {", "    return b + k;", "  }", "  return inner(a);", "}"].join("\n");
    // line 1: function_declaration 1..7 and statement_block 1..7 → header [1, 7); line 3: likewise [3, 5)
    const skeleton = ["⋮", "│function outer(a) {", "│  const k = 1;", "│  function inner(b) {", "│    return b + k;", "│  }", "│  return inner(a);", "⋮", ""].join("\n");
    expect(renderTreeContext(treeContextFor(js, code), [4])).toBe(skeleton);
  });
});
