/**
 * lib/repomap/ranking/types.ts: the checks of `get_ranked_tags`' arguments (`aider/repomap.py` `get_ranked_tags`) that the readable path
 * and the prepared fast path share — what each accepts, the defaults it fills in, and the one-line errors.
 */
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import type { Tag } from "../../../lib/repomap/ranking/tag.js";
import { checkOptions, checkRankedTagsInput, checkTags, nameSet, RANKED_TAGS_DEFAULTS, type RankedTagsInput } from "../../../lib/repomap/ranking/types.js";

const def = (relFname: string, name: string, line = 0): Tag => ({ relFname, fname: relFname, line, name, kind: "def" });

describe("nameSet", () => {
  it("takes an array or a Set of strings (duplicates collapse), nothing as empty", () => {
    expect([...nameSet("w", "p", ["a", "b", "a"])]).toEqual(["a", "b"]);
    expect([...nameSet("w", "p", new Set(["x"]))]).toEqual(["x"]);
    expect(nameSet("w", "p", undefined).size).toBe(0);
  });

  it("names the parameter and the element that is wrong", () => {
    expect(() => nameSet("w", "input.mentionedIdents", ["a", 2] as never)).toThrow(/^w: input\.mentionedIdents\[1\] must be a string/);
    expect(() => nameSet("w", "input.mentionedIdents", new Set([2]) as never)).toThrow(WorkbenchInputError);
    expect(() => nameSet("w", "input.mentionedIdents", "a" as never)).toThrow(/^w: input\.mentionedIdents must be an array/);
  });
});

describe("checkTags", () => {
  it("accepts a Map from each file to its own Tags, and returns it as is", () => {
    const tags = new Map([["a.py", [def("a.py", "f")]], ["b.py", []]]);
    expect(checkTags("w", tags)).toBe(tags);
  });

  it("refuses anything but a Map, a malformed Tag, and a Tag listed under another file", () => {
    expect(() => checkTags("w", { "a.py": [] })).toThrow(/^w: input\.tags must be a Map from file to Tag\[\]/);
    expect(() => checkTags("w", new Map([["a.py", "f"]]))).toThrow(/input\.tags\["a\.py"\] must be an array/);
    expect(() => checkTags("w", new Map([["a.py", [{ ...def("a.py", "f"), line: "1" }]]]))).toThrow(/input\.tags\["a\.py"\]\[0\]\.line/);
    expect(() => checkTags("w", new Map([["a.py", [def("a.py", "f"), def("b.py", "g")]]]))).toThrow(
      /input\.tags\["a\.py"\]\[1\]\.relFname must be the file it is listed under/,
    );
  });
});

describe("checkOptions", () => {
  it("fills the frozen defaults; a definer order may be a Map or a plain object", () => {
    expect(Object.isFrozen(RANKED_TAGS_DEFAULTS)).toBe(true);
    const d = checkOptions("w", {});
    expect(d).toEqual({ compoundSqrt: RANKED_TAGS_DEFAULTS.compoundSqrt, root: RANKED_TAGS_DEFAULTS.root, definerOrder: new Map() });
    const fromObject = checkOptions("w", { definerOrder: { f: ["b.py", "a.py"] }, compoundSqrt: false, root: "/r" });
    expect(fromObject).toEqual({ compoundSqrt: false, root: "/r", definerOrder: new Map([["f", ["b.py", "a.py"]]]) });
    expect(checkOptions("w", { definerOrder: new Map([["f", ["a.py"]]]) }).definerOrder).toEqual(new Map([["f", ["a.py"]]]));
  });

  it("refuses unknown keys and wrong types, naming each", () => {
    expect(() => checkOptions("w", { sqrt: true } as never)).toThrow(/^w: options\.sqrt is not a known option \(known: definerOrder, compoundSqrt, root\)/);
    expect(() => checkOptions("w", { compoundSqrt: "yes" } as never)).toThrow(/options\.compoundSqrt must be a boolean/);
    expect(() => checkOptions("w", { root: 1 } as never)).toThrow(/options\.root must be a string/);
    expect(() => checkOptions("w", { definerOrder: { f: "a.py" } } as never)).toThrow(/options\.definerOrder\["f"\] must be an array/);
    expect(() => checkOptions("w", null as never)).toThrow(/^w: options /);
  });
});

describe("checkRankedTagsInput", () => {
  const ok: RankedTagsInput = { chatFiles: ["a.py"], otherFiles: ["b.py"], tags: new Map([["a.py", [def("a.py", "f")]]]) };

  it("returns the arguments checked, the name lists as Sets and the options' defaults filled in", () => {
    const c = checkRankedTagsInput({ ...ok, mentionedFnames: ["b.py"], mentionedIdents: new Set(["f"]), missingFiles: ["c.py"] }, { root: "/r" });
    expect(c.chatFiles).toEqual(["a.py"]);
    expect(c.otherFiles).toEqual(["b.py"]);
    expect(c.mentionedFnames).toEqual(new Set(["b.py"]));
    expect(c.mentionedIdents).toEqual(new Set(["f"]));
    expect(c.missing).toEqual(new Set(["c.py"]));
    expect(c).toMatchObject({ root: "/r", compoundSqrt: true });
    expect(checkRankedTagsInput(ok, {}).missing.size).toBe(0);
  });

  it("names getRankedTags and the parameter in each refusal", () => {
    const cases: [unknown, RegExp][] = [
      [{ ...ok, otherFiles: [3] }, /^getRankedTags: input\.otherFiles\[0\] must be a string/],
      [{ ...ok, missingFiles: "c.py" }, /^getRankedTags: input\.missingFiles must be an array/],
      [{ ...ok, chatFile: [] }, /^getRankedTags: input\.chatFile is not a known option/],
      ["a.py", /^getRankedTags: input /],
    ];
    for (const [bad, message] of cases) expect(() => checkRankedTagsInput(bad as RankedTagsInput, {})).toThrow(message);
  });
});
