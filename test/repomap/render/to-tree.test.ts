/** `aiderToTree` (render/to-tree.ts): Aider's `to_tree` on a prefix of the ranking, with a stub renderer. */
import { describe, expect, it } from "vitest";
import { aiderToTree, type Tag } from "../../../lib/index.js";
import { compareRankedEntries, type RankedEntry } from "../../../lib/repomap/ranking/tag.js";

const tag = (relFname: string, line: number, name = "x", kind: "def" | "ref" = "def"): Tag => ({ relFname, fname: `/r/${relFname}`, line, name, kind });
const stub = (_abs: string, rel: string, lois: readonly number[]) => `│${rel} ${lois.join(",")}\n`;

describe("aiderToTree", () => {
  it("Python tuple order: (f,) before f's Tags; Tags by file, abs path, line, name, kind", () => {
    const entries: RankedEntry[] = [tag("b.py", 2), ["a.py"], tag("a.py", 1), tag("a.py", 1, "w"), tag("a.py", 1, "w", "ref")];
    const sorted = [...entries].sort(compareRankedEntries);
    expect(sorted[0]).toEqual(["a.py"]);
    expect(sorted.slice(1, 4).map((t) => (t as Tag).name + (t as Tag).kind)).toEqual(["xdef", "wdef", "wref"].sort());
  });

  it("files with Tags get a rendered skeleton; filename-only entries a bare line; chat files nothing", () => {
    const calls: unknown[] = [];
    const out = aiderToTree([tag("b.py", 9), ["c.md"], tag("b.py", 3), tag("b.py", 3, "y"), tag("chat.py", 1)], ["chat.py"], (abs, rel, lois) => {
      calls.push([abs, rel, [...lois]]);
      return stub(abs, rel, lois);
    });
    expect(out).toBe("\nb.py:\n│b.py 3,3,9\n\nc.md\n");
    expect(calls).toEqual([["/r/b.py", "b.py", [3, 3, 9]]]);
  });

  it("empty input → ''; only chat files → '\\n' (Python joins zero lines, then adds the newline)", () => {
    expect(aiderToTree([], [], stub)).toBe("");
    expect(aiderToTree([tag("a.py", 1)], new Set(["a.py"]), stub)).toBe("\n");
  });

  it("cuts every line to 100 code points (an astral character counts once) and splits lines as Python does", () => {
    const long = "\u{1F600}".repeat(150);
    const out = aiderToTree([tag("a.py", 1)], [], () => `${long}\r\nnext\x0cpage\n`);
    expect(out).toBe(`\na.py:\n${"\u{1F600}".repeat(100)}\nnext\npage\n`);
  });

  it("a file's Tags after its own (f,) entry are dropped", () => {
    expect(aiderToTree([["a.py"], tag("a.py", 5)], [], stub)).toBe("\na.py\n");
  });

  it("checks its arguments", () => {
    expect(() => aiderToTree([["a", "b"] as never], [], stub)).toThrow(/entries\[0\] must be a Tag or a 1-element/);
    expect(() => aiderToTree([tag("a.py", 1)], [], "x" as never)).toThrow(/render must be a function/);
    expect(() => aiderToTree([tag("a.py", 1)], [], () => 3 as never)).toThrow(/render must return a string/);
  });
});
