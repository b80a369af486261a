/**
 * The skeleton spans kept in the scan cache (scan/skeleton-spans.ts) must give the renderer exactly what the full
 * node spans give it: the same TreeContext index (so byte-identical skeletons for any lines of interest), on random
 * spans and on real parses (the golden vectors' code, the tags fixtures, this project's own sources). The
 * SkeletonCache that uses them is tested in test/repomap/render/skeletons.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GrammarSet, type Grammar } from "../../../lib/repomap/scan/grammars.js";
import { languageById, languageForPath } from "../../../lib/repomap/scan/languages.js";
import { buildTreeContext, nodeSpans, renderTreeContext, type NodeSpans } from "../../../lib/repomap/render/render-tree.js";
import { compactSpans, decodeSpans, encodeSpans, skeletonSpans } from "../../../lib/repomap/scan/skeleton-spans.js";
import { WorkbenchInputError } from "../../../lib/core/errors.js";

const fixtures = join(__dirname, "..", "..", "fixtures");
const spansOf = (pairs: readonly (readonly [number, number])[]): NodeSpans => ({
  starts: Int32Array.from(pairs.map((p) => p[0])),
  ends: Int32Array.from(pairs.map((p) => p[1])),
});

describe("compactSpans and the encoding, on random spans", () => {
  const arbCase = fc.integer({ min: 0, max: 30 }).chain((n) =>
    fc.record({
      code: fc.array(fc.constantFrom("x = 1", "", "  y", "\t"), { minLength: n, maxLength: n }).map((ls) => ls.map((l) => l + "\n").join("")),
      pairs: fc.array(
        fc.tuple(fc.integer({ min: -2, max: n + 3 }), fc.integer({ min: -3, max: 14 })).map(([s, d]) => [s, s + d] as const),
        { maxLength: 60 },
      ),
    }),
  );

  it("gives buildTreeContext the same index as the spans it compacts", () => {
    fc.assert(
      fc.property(arbCase, ({ code, pairs }) => {
        const full = spansOf(pairs);
        expect(buildTreeContext(code, compactSpans(full))).toEqual(buildTreeContext(code, full));
      }),
      { numRuns: 400 },
    );
  });

  it("keeps at most two spans per start row, sorted, and survives encoding", () => {
    fc.assert(
      fc.property(arbCase, ({ pairs }) => {
        const compact = compactSpans(spansOf(pairs));
        const perStart = new Map<number, number>();
        compact.starts.forEach((s, k) => {
          if (k > 0) expect(s).toBeGreaterThanOrEqual(compact.starts[k - 1]!);
          perStart.set(s, (perStart.get(s) ?? 0) + 1);
        });
        for (const count of perStart.values()) expect(count).toBeLessThanOrEqual(2);
        expect(decodeSpans(encodeSpans(compact))).toEqual(compact);
      }),
      { numRuns: 400 },
    );
  });

  it("two identical multi-line spans still count as two (a deduplicated pair would not)", () => {
    const code = "a\nb\nc\nd\n";
    const twice = spansOf([[1, 3], [1, 3], [0, 4]]);
    expect(compactSpans(twice)).toEqual(spansOf([[0, 4], [1, 3], [1, 3]]));
    expect(renderTreeContext(buildTreeContext(code, compactSpans(twice)), [2])).toBe(renderTreeContext(buildTreeContext(code, twice), [2]));
  });

  it("large rows and extents round-trip; damaged text decodes to null", () => {
    const big = spansOf([[0, 70_000], [300, 301], [300, 20_000], [1_000_000, 1_000_000]]);
    expect(decodeSpans(encodeSpans(big))).toEqual(big);
    expect(decodeSpans("")).toEqual(spansOf([]));
    expect(decodeSpans("not base64!")).toBeNull();
    expect(decodeSpans("gA==")).toBeNull(); // a varint cut short
    expect(decodeSpans(42 as unknown as string)).toBeNull();
  });

  it("rejects what is not compact or not spans", () => {
    expect(() => encodeSpans(spansOf([[2, 3], [1, 1]]))).toThrow(WorkbenchInputError);
    expect(() => encodeSpans(spansOf([[1, 2], [1, 3], [1, 4]]))).toThrow(/compact spans/);
    expect(() => compactSpans({ starts: new Int32Array(2), ends: new Int32Array(1) })).toThrow(/spans/);
  });
});

describe("skeletonSpans on real parses", () => {
  const grammars = new GrammarSet();
  const loaded = new Map<string, Grammar>();
  const sources: { name: string; lang: string; code: string }[] = [];
  beforeAll(async () => {
    for (const file of ["treecontext-render.json", "aider-get-tags-raw.json"]) {
      const cases = JSON.parse(readFileSync(join(fixtures, "golden", file), "utf8")).cases as { id: string; language: string; code: string }[];
      const seen = new Set<string>();
      for (const c of cases) if (!seen.has(c.code)) seen.add(c.code) && sources.push({ name: c.id, lang: c.language, code: c.code });
    }
    for (const f of readdirSync(join(fixtures, "tags"))) sources.push({ name: f, lang: languageForPath(f)!.id, code: readFileSync(join(fixtures, "tags", f), "utf8") });
    for (const f of ["render/render-tree.ts", "scan/scan.ts", "scan/skeleton-spans.ts"]) {
      sources.push({ name: f, lang: "typescript", code: readFileSync(join(__dirname, "..", "..", "..", "lib", "repomap", f), "utf8") });
    }
    for (const { lang } of sources) if (!loaded.has(lang)) loaded.set(lang, (await grammars.get(languageById(lang)!))!);
  });

  it("equals the compacted full spans and renders byte-identically, with and without Aider's hidden node types", () => {
    expect(sources.length).toBeGreaterThan(100);
    for (const { name, lang, code } of sources) {
      const grammar = loaded.get(lang)!;
      const text = code.endsWith("\n") ? code : code + "\n"; // as render_tree parses it
      const tree = grammar.parser.parse(text)!;
      try {
        for (const hidden of [grammar.aiderHiddenTypeIds, new Set<number>()]) {
          const full = nodeSpans(tree, hidden);
          const kept = decodeSpans(encodeSpans(skeletonSpans(tree, hidden)))!;
          expect(kept, name).toEqual(compactSpans(full));
          const want = buildTreeContext(text, full);
          const got = buildTreeContext(text, kept);
          expect(got, name).toEqual(want);
          const step = Math.max(1, Math.floor(want.lines.length / 60));
          for (let i = 0; i < want.lines.length; i += step) {
            const lois = [i, (i * 7) % want.lines.length];
            expect(renderTreeContext(got, lois), `${name} ${lois}`).toBe(renderTreeContext(want, lois));
          }
        }
      } finally {
        tree.delete();
      }
    }
  });
});
