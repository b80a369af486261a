import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GrammarSet, type Grammar } from "../../../lib/repomap/scan/grammars.js";
import { LANGUAGES, languageById, languageForPath } from "../../../lib/repomap/scan/languages.js";
import { assembleTags, getTagsRaw, TAGS_DEFAULTS, type CapturedName, type RawTag } from "../../../lib/repomap/scan/tags-raw.js";

const FIXTURES = join(__dirname, "..", "..", "fixtures");
const grammars = new GrammarSet();
const loaded = new Map<string, Grammar>();

beforeAll(async () => {
  for (const g of await grammars.loadAll()) loaded.set(g.spec.id, g);
});

function tagsOf(file: string, options = {}): RawTag[] {
  const spec = languageForPath(file)!;
  return getTagsRaw(loaded.get(spec.id)!, readFileSync(join(FIXTURES, "tags", file), "utf8"), options).tags;
}

const sorted = (tags: readonly RawTag[]): string[] => tags.map((t) => JSON.stringify(t)).sort();

describe("the grammars these tests use", () => {
  it("every language loads from its npm package (wasm + tags queries)", () => {
    expect([...grammars.failures]).toEqual([]);
    expect([...loaded.keys()].sort()).toEqual(LANGUAGES.map((l) => l.id).sort());
  });
});

describe("tags on small fixtures, one per language (document order, duplicate quirk off)", () => {
  const off = { duplicateLastCapture: false };
  it("python: class, method, function; calls by name and attribute; module constants not tagged (as Aider)", () => {
    expect(tagsOf("sample.py", off)).toEqual([
      ["def", "Shape", 5],
      ["def", "area", 6],
      ["def", "helper", 10],
      ["ref", "helper", 7],
      ["ref", "join", 11],
    ]);
    // without the emulation of Aider's grammar, the npm grammar's constant pattern fires
    expect(tagsOf("sample.py", { ...off, aiderGrammar: false })).toContainEqual(["def", "LIMIT", 2]);
  });

  it("javascript: class, method (not the constructor), functions, arrow functions; calls; `new`; require() is not a ref", () => {
    expect(sorted(tagsOf("sample.js", off))).toEqual(
      sorted([
        ["def", "Greeter", 2],
        ["def", "greet", 6],
        ["def", "format", 11],
        ["def", "make", 15],
        ["ref", "format", 7],
        ["ref", "inspect", 12],
        ["ref", "Greeter", 15],
      ]),
    );
  });

  it("typescript (TS patterns + JavaScript's): interface, class, method; type annotations and `new` are refs", () => {
    expect(sorted(tagsOf("sample.ts", off))).toEqual(
      sorted([
        ["def", "Named", 0],
        ["def", "Box", 4],
        ["def", "size", 6],
        ["def", "measure", 11],
        ["ref", "measure", 7],
        ["ref", "Named", 11],
        ["ref", "Box", 15],
        ["ref", "Box", 15],
      ]),
    );
  });

  it("tsx: a function component; a type annotation and a call inside JSX", () => {
    expect(sorted(tagsOf("sample.tsx", off))).toEqual(sorted([["def", "Button", 2], ["ref", "Props", 2], ["ref", "alert", 3]]));
  });

  it("go: type, method, function; calls by selector; every type identifier is a ref (the package's query)", () => {
    const tags = tagsOf("sample.go", off);
    expect(tags.filter((t) => t[0] === "def")).toEqual([["def", "Point", 4], ["def", "Show", 8], ["def", "main", 12]]);
    expect(sorted(tags.filter((t) => t[0] === "ref"))).toEqual(
      sorted([["ref", "Point", 4], ["ref", "int", 5], ["ref", "Point", 8], ["ref", "string", 8], ["ref", "Point", 13], ["ref", "Sprint", 9], ["ref", "Println", 14], ["ref", "Show", 14]]),
    );
  });

  it("rust: struct, trait; an impl's fn is both a method and a function (two roles, two tags); trait impl is a ref", () => {
    expect(sorted(tagsOf("sample.rs", off))).toEqual(
      sorted([["def", "Counter", 0], ["def", "Step", 4], ["ref", "Step", 8], ["def", "step", 9], ["def", "step", 9], ["def", "bump", 14], ["ref", "bump", 10]]),
    );
  });

  it("java: interface and its method, class, methods; `implements` and calls are refs", () => {
    expect(sorted(tagsOf("Sample.java", off))).toEqual(
      sorted([["def", "Shape", 0], ["def", "area", 1], ["def", "Circle", 4], ["def", "area", 5], ["def", "square", 9], ["ref", "Shape", 4], ["ref", "square", 6]]),
    );
  });

  it("c: defs only, so every identifier leaf is backfilled as a ref at line -1 (the pygments stand-in)", () => {
    const tags = tagsOf("sample.c", off);
    expect(tags.filter((t) => t[0] === "def")).toEqual([["def", "point", 2], ["def", "count_t", 6], ["def", "twice", 8], ["def", "main", 12]]);
    expect(tags.filter((t) => t[0] === "ref").map((t) => t[1])).toEqual(["point", "x", "count_t", "twice", "v", "v", "main", "printf", "twice"]);
    expect(tags.filter((t) => t[0] === "ref").every((t) => t[2] === -1)).toBe(true);
    expect(tagsOf("sample.c", { ...off, backfill: false }).some((t) => t[0] === "ref")).toBe(false);
  });

  it("c++: class, pure virtual method, function; backfill takes `geo::Shape` as its two leaves", () => {
    const tags = tagsOf("sample.cpp", off);
    expect(tags.filter((t) => t[0] === "def")).toEqual([["def", "Shape", 1], ["def", "area", 3], ["def", "geo_area", 7]]);
    expect(tags.filter((t) => t[0] === "ref").map((t) => t[1])).toEqual(["geo", "Shape", "area", "geo_area", "geo", "Shape", "s", "s", "area"]);
  });

  it("ruby: module, class, methods; `#is-not? local` is not evaluated, so every identifier and constant is a call ref", () => {
    const tags = tagsOf("sample.rb", off);
    expect(sorted(tags.filter((t) => t[0] === "def"))).toEqual(sorted([["def", "Geometry", 0], ["def", "Square", 1], ["def", "initialize", 2], ["def", "area", 6]]));
    expect(tags.filter((t) => t[0] === "ref").map((t) => t[1])).toEqual(["Geometry", "Square", "initialize", "side", "side", "area", "compute"]);
  });

  it("c#: namespace, interface and its method, class, methods; a base type is a ref", () => {
    expect(sorted(tagsOf("sample.cs", off))).toEqual(
      sorted([["def", "Demo", 0], ["def", "IShape", 2], ["def", "Area", 2], ["def", "Square", 4], ["def", "Area", 6], ["def", "Compute", 7], ["ref", "IShape", 4]]),
    );
  });

  it("php: namespace, interface, class, methods, function; `implements` is a ref", () => {
    expect(sorted(tagsOf("sample.php", off))).toEqual(
      sorted([["def", "App", 1], ["def", "Shape", 3], ["def", "area", 3], ["def", "Square", 5], ["def", "area", 6], ["def", "compute", 9], ["ref", "Shape", 5]]),
    );
  });

  it("the quirk (default) repeats the last tag of every role; the empty file has no tags", () => {
    const plain = tagsOf("sample.py", off);
    const quirk = tagsOf("sample.py");
    expect(TAGS_DEFAULTS.duplicateLastCapture).toBe(true);
    // roles: definition.class [Shape], definition.function [area, helper], reference.call [helper, join]
    expect(quirk).toEqual([
      ["def", "Shape", 5],
      ["def", "Shape", 5],
      ["def", "area", 6],
      ["def", "helper", 10],
      ["def", "helper", 10],
      ["ref", "helper", 7],
      ["ref", "join", 11],
      ["ref", "join", 11],
    ]);
    expect(quirk.length).toBe(plain.length + 3);
    expect(getTagsRaw(loaded.get("python")!, "").tags).toEqual([]);
  });

  it("rejects unknown or mistyped options", () => {
    const py = loaded.get("python")!;
    expect(() => getTagsRaw(py, "x", { dupe: true } as never)).toThrow(/options\.dupe is not a known option/);
    expect(() => getTagsRaw(py, "x", { backfill: "yes" } as never)).toThrow(/options\.backfill must be a boolean/);
  });
});

describe("assembleTags (pure)", () => {
  const capture = fc.record({
    role: fc.constantFrom("definition.function", "definition.class", "reference.call", "reference.type", "doc"),
    name: fc.constantFrom("a", "b", "c"),
    row: fc.nat(20),
    nodeId: fc.nat(15),
  });
  const asCaptured = (cs: { role: string; name: string; row: number; nodeId: number }[]): CapturedName[] =>
    cs.map((c) => ({ ...c, startIndex: c.nodeId * 10, endIndex: c.nodeId * 10 + 1 }));

  it("the quirk adds exactly one tag per non-empty role, and the unique tags are one per (role, node)", () => {
    fc.assert(
      fc.property(fc.array(capture, { maxLength: 30 }), (cs) => {
        const captured = asCaptured(cs);
        const opts = { ...TAGS_DEFAULTS, backfill: false };
        const plain = assembleTags(captured, () => [], { ...opts, duplicateLastCapture: false });
        const quirk = assembleTags(captured, () => [], opts);
        const roles = new Set(captured.filter((c) => c.role !== "doc").map((c) => c.role));
        const nodes = new Set(captured.filter((c) => c.role !== "doc").map((c) => `${c.role}/${c.nodeId}`));
        expect(plain.length).toBe(nodes.size);
        expect(quirk.length).toBe(plain.length + roles.size);
      }),
    );
  });

  it("backfill: only when there is a def and no ref; refs at line -1 in the order given", () => {
    const def: CapturedName = { role: "definition.function", name: "f", row: 0, startIndex: 4, endIndex: 5, nodeId: 1 };
    const ref: CapturedName = { role: "reference.call", name: "g", row: 1, startIndex: 9, endIndex: 10, nodeId: 2 };
    const idents = (): string[] => ["f", "x", "f"];
    const opts = { ...TAGS_DEFAULTS, duplicateLastCapture: false };
    expect(assembleTags([def], idents, opts)).toEqual([["def", "f", 0], ["ref", "f", -1], ["ref", "x", -1], ["ref", "f", -1]]);
    expect(assembleTags([def, ref], idents, opts)).toEqual([["def", "f", 0], ["ref", "g", 1]]);
    expect(assembleTags([], idents, opts)).toEqual([]);
  });
});

interface TagsCase {
  id: string;
  language: string;
  code: string;
  expected_tags: RawTag[];
  unique_node_tags_sorted: RawTag[];
}

describe("against Aider's own tags (aider-get-tags-raw.json)", () => {
  const file = JSON.parse(readFileSync(join(FIXTURES, "golden", "aider-get-tags-raw.json"), "utf8")) as { cases: TagsCase[] };

  it("with the defaults, every case equals Aider's document-ordered output exactly (order, duplicates, backfill)", () => {
    const failures = file.cases.filter((c) => {
      const tags = getTagsRaw(loaded.get(languageById(c.language)!.id)!, c.code).tags;
      return JSON.stringify(tags) !== JSON.stringify(c.expected_tags);
    });
    expect(failures.map((c) => c.id)).toEqual([]);
    expect(file.cases.length).toBeGreaterThan(40);
  });

  it("without the quirk or the backfill, the tags are Aider's unique node tags", () => {
    for (const c of file.cases) {
      const tags = getTagsRaw(loaded.get(c.language)!, c.code, { duplicateLastCapture: false, backfill: false }).tags;
      expect(sorted(tags), c.id).toEqual(sorted(c.unique_node_tags_sorted));
    }
  });

  it("without the grammar emulation, the only difference is Python's module-level constants (extra defs)", () => {
    let extraDefs = 0;
    for (const c of file.cases) {
      const tags = getTagsRaw(loaded.get(c.language)!, c.code, { duplicateLastCapture: false, backfill: false, aiderGrammar: false }).tags;
      const theirs = new Set(c.unique_node_tags_sorted.map((t) => JSON.stringify(t)));
      const extra = tags.filter((t) => !theirs.has(JSON.stringify(t)));
      expect(tags.length - extra.length, c.id).toBe(c.unique_node_tags_sorted.length);
      for (const [kind, name, line] of extra) {
        expect(c.language).toBe("python");
        expect(kind).toBe("def");
        // a module-level assignment: the line starts with the name, unindented
        expect(c.code.split("\n")[line]!.startsWith(name), `${c.id}: ${name} at ${line}`).toBe(true);
        extraDefs++;
      }
    }
    expect(extraDefs).toBeGreaterThan(20);
  });
});
