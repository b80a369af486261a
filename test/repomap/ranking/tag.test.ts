/**
 * lib/repomap/ranking/tag.ts: Aider's `Tag` tuples and filename-only 1-tuples (`aider/repomap.py` `get_tags_raw`, `get_ranked_tags`, `to_tree/render_tree`) — Python's
 * tuple order over a mix of both, tuple equality, the checks, and the golden vectors' compact form.
 */
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import {
  checkRankedEntry,
  checkTag,
  compareRankedEntries,
  entryFile,
  isFileOnly,
  isRankedEntry,
  isTag,
  sameTag,
  tagsFromTriples,
  type RankedEntry,
  type Tag,
} from "../../../lib/repomap/ranking/tag.js";

const tag = (relFname: string, line: number, name: string, kind: "def" | "ref" = "def", fname = `/r/${relFname}`): Tag => ({ relFname, fname, line, name, kind });

describe("entries", () => {
  it("a filename-only entry is a 1-array; entryFile reads the file of either kind", () => {
    expect(isFileOnly(["a.py"])).toBe(true);
    expect(isFileOnly(tag("a.py", 0, "f"))).toBe(false);
    expect(entryFile(["b.py"])).toBe("b.py");
    expect(entryFile(tag("c.py", 3, "g"))).toBe("c.py");
  });
});

describe("compareRankedEntries: Python's tuple order", () => {
  it("files first (code points: 'B' < 'a' < 'é'); in a file, (f,) before any Tag of f", () => {
    const entries: RankedEntry[] = [tag("a.py", 0, "f"), ["é.py"], ["a.py"], tag("B.py", 9, "z")];
    expect([...entries].sort(compareRankedEntries).map((e) => (isFileOnly(e) ? `(${e[0]},)` : `${e.relFname}:${e.name}`))).toEqual([
      "B.py:z",
      "(a.py,)",
      "a.py:f",
      "(é.py,)",
    ]);
  });

  it("Tags of one file by fname, then line (numerically: 10 after 9), then name, then kind", () => {
    const sorted = [tag("a", 10, "x"), tag("a", 9, "y"), tag("a", 9, "x", "ref"), tag("a", 9, "x", "def"), tag("a", 0, "q", "def", "/s/a")].sort(compareRankedEntries);
    expect(sorted.map((t) => [(t as Tag).fname, (t as Tag).line, (t as Tag).name, (t as Tag).kind])).toEqual([
      ["/r/a", 9, "x", "def"],
      ["/r/a", 9, "x", "ref"],
      ["/r/a", 9, "y", "def"],
      ["/r/a", 10, "x", "def"],
      ["/s/a", 0, "q", "def"],
    ]);
  });

  it("equal entries compare 0; two filename-only entries of one file too", () => {
    expect(compareRankedEntries(tag("a", 1, "f"), tag("a", 1, "f"))).toBe(0);
    expect(compareRankedEntries(["a"], ["a"])).toBe(0);
  });
});

describe("sameTag", () => {
  it("is tuple equality over all five fields", () => {
    const t = tag("a", 1, "f");
    expect(sameTag(t, { ...t })).toBe(true);
    for (const change of [{ relFname: "b" }, { fname: "/x" }, { line: 2 }, { name: "g" }, { kind: "ref" as const }]) {
      expect(sameTag(t, { ...t, ...change }), JSON.stringify(change)).toBe(false);
    }
  });
});

describe("isTag, isRankedEntry and the checks", () => {
  it("accept exactly the well-formed shapes (line ≥ -1: pygments refs have -1)", () => {
    expect(isTag(tag("a", -1, "f", "ref"))).toBe(true);
    for (const bad of [null, [], "a", { ...tag("a", -2, "f") }, { ...tag("a", 1.5, "f") }, { ...tag("a", 0, "f"), kind: "class" }, { relFname: "a" }]) {
      expect(isTag(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(isRankedEntry(["a"])).toBe(true);
    expect(isRankedEntry(["a", "b"])).toBe(false);
    expect(isRankedEntry([1])).toBe(false);
    expect(isRankedEntry(tag("a", 0, "f"))).toBe(true);
  });

  it("checkTag names the field and the rule", () => {
    expect(checkTag("w", "t", tag("a", 0, "f"))).toEqual(tag("a", 0, "f"));
    expect(() => checkTag("w", "t", { ...tag("a", 0, "f"), kind: "class" })).toThrow(/^w: t\.kind must be "def" or "ref"/);
    expect(() => checkTag("w", "t", { ...tag("a", 0, "f"), line: -2 })).toThrow(WorkbenchInputError);
    expect(() => checkTag("w", "t", { ...tag("a", 0, "f"), name: 3 })).toThrow(/t\.name/);
    expect(() => checkTag("w", "t", "a.py")).toThrow(/^w: t /);
  });

  it("checkRankedEntry takes a Tag or a 1-element [relFname] array", () => {
    expect(checkRankedEntry("w", "e", ["a"])).toEqual(["a"]);
    expect(() => checkRankedEntry("w", "e", ["a", "b"])).toThrow(/^w: e must be a Tag or a 1-element \[relFname\] array/);
    expect(() => checkRankedEntry("w", "e", [7])).toThrow(/e\[0\]/);
    expect(() => checkRankedEntry("w", "e", { relFname: "a" })).toThrow(/e\.fname/);
  });
});

describe("tagsFromTriples", () => {
  it("builds each file's Tags from [kind, name, line], fname = root/relFname (relFname alone without a root)", () => {
    const tags = tagsFromTriples({ "a.py": [["def", "f", 0], ["ref", "g", 3]], "b.py": [] }, "/repo");
    expect([...tags.keys()]).toEqual(["a.py", "b.py"]);
    expect(tags.get("a.py")).toEqual([tag("a.py", 0, "f", "def", "/repo/a.py"), tag("a.py", 3, "g", "ref", "/repo/a.py")]);
    expect(tagsFromTriples({ "a.py": [["def", "f", 0]] }).get("a.py")![0]!.fname).toBe("a.py");
  });

  it("says which triple is wrong", () => {
    const bad = (files: unknown) => () => tagsFromTriples(files as Record<string, [string, string, number][]>);
    expect(bad({ "a.py": [["def", "f"]] })).toThrow(/^tagsFromTriples: files\["a\.py"\]\[0\] must be \[kind, name, line\]/);
    expect(bad({ "a.py": [["method", "f", 0]] })).toThrow(/files\["a\.py"\]\[0\]\.kind must be "def" or "ref"/);
    expect(bad({ "a.py": "f" })).toThrow(/files\["a\.py"\]/);
    expect(bad(null)).toThrow(/^tagsFromTriples: files /);
    expect(() => tagsFromTriples({}, 3 as unknown as string)).toThrow(/^tagsFromTriples: root /);
  });
});
