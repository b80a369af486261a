import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getRankedTags, WorkbenchInputError } from "../../../../lib/index.js";
import { prepareRankedTags, rankPreparedTags } from "../../../../lib/repomap/ranking/fast/prepared-tags.js";
import { tagsFromTriples } from "../../../../lib/repomap/ranking/tag.js";
import { type RankedTagsInput, type RankedTagsOptions, type RankedTagsResult } from "../../../../lib/repomap/ranking/types.js";

type Triple = [string, string, number];

/** The fast path on one request: prepare over every chat and other file, then rank the request. */
function fastRankedTags(input: RankedTagsInput, options: RankedTagsOptions = {}): RankedTagsResult {
  const { tags, missingFiles, ...request } = input;
  const prepared = prepareRankedTags({ files: [...new Set([...input.chatFiles, ...input.otherFiles])], tags, ...(missingFiles ? { missingFiles } : {}) }, options);
  return rankPreparedTags(prepared, request);
}

// Paths whose components can be mentioned; identifiers that trigger every weight rule (long snake/camel, "_",
// mentioned), and enough files for "defined in more than 5 files".
const FILES = ["a.py", "b.py", "pkg/c.py", "pkg/util.py", "src/app.js", "_d.py", "e.md", "Compute_Total.py", "z/y/x.go"];
const IDENTS = ["f", "g", "compute_total", "_x", "Run", "HttpClient", "util", "__init__", "pkg", "ÄrgerÜber"];

/** A file's tags; a tag may repeat (on consecutive lines), so one file references an identifier several times. */
const fileTags = (defsOnly: boolean) =>
  fc
    .array(fc.tuple(defsOnly ? fc.constant("def") : fc.constantFrom("def", "ref", "ref"), fc.constantFrom(...IDENTS), fc.nat(30), fc.integer({ min: 1, max: 6 })), {
      maxLength: 8,
    })
    .map((tags) => tags.flatMap(([kind, name, line, times]) => Array.from({ length: times }, (_, i): Triple => [kind, name, line + i])));

/**
 * A repository: files with tags (some with none), some missing on disk; one flag decides "defs only" (the
 * backfill), another may make every file define one identifier (more than 5 definers: ×0.1).
 */
const repo = fc.boolean().chain((defsOnly) =>
  fc
    .record({
      files: fc.dictionary(fc.constantFrom(...FILES), fileTags(defsOnly), { minKeys: 1 }),
      missing: fc.subarray(FILES, { maxLength: 2 }),
      compoundSqrt: fc.boolean(),
      everywhere: fc.option(fc.constantFrom(...IDENTS)),
    })
    .map(({ everywhere, ...r }) =>
      everywhere === null ? r : { ...r, files: Object.fromEntries(Object.entries(r.files).map(([f, tags]) => [f, [...tags, ["def", everywhere, 40] as Triple]])) },
    ),
);

/** A request on a repository's files: chat files, mentioned files and words (identifiers or path pieces). */
const request = (files: readonly string[]) =>
  fc.record({
    chat: fc.subarray([...files], { minLength: Math.min(1, files.length - 1), maxLength: Math.min(3, files.length) }),
    mentionedFnames: fc.subarray([...files], { maxLength: Math.min(2, files.length) }),
    mentionedIdents: fc.subarray([...IDENTS, "pkg", "util", "Compute_Total", "x", "app"], { maxLength: 4 }),
  });

function inputs(r: { files: Record<string, Triple[]>; missing: string[] }, q: { chat: string[]; mentionedFnames: string[]; mentionedIdents: string[] }) {
  const files = Object.keys(r.files);
  return {
    chatFiles: q.chat,
    otherFiles: files.filter((f) => !q.chat.includes(f)),
    tags: tagsFromTriples(r.files),
    mentionedFnames: q.mentionedFnames,
    mentionedIdents: q.mentionedIdents,
    missingFiles: r.missing.filter((f) => files.includes(f)),
  };
}

/** Every field of two results equal, floats to the bit (toEqual compares numbers with Object.is). */
function expectIdentical(fast: RankedTagsResult, direct: RankedTagsResult): void {
  expect(fast.ranked).toEqual(direct.ranked);
  expect(fast.ranked.every((e, i) => Array.isArray(e) || e === direct.ranked[i])).toBe(true); // the same Tag objects
  expect([...fast.ranks]).toEqual([...direct.ranks]);
  expect(fast.definitionRanks).toEqual(direct.definitionRanks);
  expect(fast.edges).toEqual(direct.edges);
  expect(fast.edgeCount).toBe(direct.edges.length);
  expect(fast.weightings).toEqual(direct.weightings);
  expect(fast.tail).toEqual(direct.tail);
  expect(fast.pagerankCalls).toEqual(direct.pagerankCalls);
  expect(fast.referencesBackfilled).toBe(direct.referencesBackfilled);
  expect([...fast.index.personalization]).toEqual([...direct.index.personalization]);
  expect([...fast.index.chatRelFnames]).toEqual([...direct.index.chatRelFnames]);
  expect(fast.index.messages).toEqual(direct.index.messages);
}

describe("the prepared ranking gives exactly the direct get_ranked_tags", () => {
  it("prepareRankedTags + rankPreparedTags (one request) equals the readable getRankedTags on random repositories and requests", () => {
    fc.assert(
      fc.property(
        repo.chain((r) => fc.tuple(fc.constant(r), request(Object.keys(r.files)))),
        ([r, q]) => {
          const input = inputs(r, q);
          const options = { compoundSqrt: r.compoundSqrt, root: "/repo" };
          expectIdentical(fastRankedTags(input, options), getRankedTags(input, options));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("one prepared index serves many requests, each equal to the direct path (chat files, mentions, backfill)", () => {
    let backfilled = 0;
    fc.assert(
      fc.property(
        repo.chain((r) => fc.tuple(fc.constant(r), fc.array(request(Object.keys(r.files)), { minLength: 2, maxLength: 4 }))),
        ([r, requests]) => {
          const first = inputs(r, requests[0]!);
          const prepared = prepareRankedTags({ files: Object.keys(r.files), tags: first.tags, missingFiles: first.missingFiles }, { compoundSqrt: r.compoundSqrt });
          const pairs = requests.map((q) => {
            const { chatFiles, otherFiles, mentionedFnames, mentionedIdents, missingFiles } = inputs(r, q);
            const direct = getRankedTags({ chatFiles, otherFiles, mentionedFnames, mentionedIdents, missingFiles, tags: first.tags }, { compoundSqrt: r.compoundSqrt });
            if (direct.referencesBackfilled && direct.edges.length > 0) backfilled++;
            return [rankPreparedTags(prepared, { chatFiles, otherFiles, mentionedFnames, mentionedIdents }), direct] as const;
          });
          // compared after all requests ran: a result does not depend on buffers later requests reuse
          for (const [fast, direct] of pairs) expectIdentical(fast, direct);
        },
      ),
      { numRuns: 100 },
    );
    expect(backfilled).toBeGreaterThan(0); // the generator reaches the backfill (half the repositories have no refs)
  });

  it("one prepared index across a ZeroDivisionError retry and ordinary requests; a backfilled index across chat files", () => {
    const tags = tagsFromTriples({ "a.py": [["def", "f", 1]], "b.py": [["ref", "f", 2], ["def", "g", 3]], "README.md": [] });
    const prepared = prepareRankedTags({ files: ["a.py", "b.py", "README.md"], tags });
    const requests: { chatFiles: string[]; mentionedIdents?: string[]; mentionedFnames?: string[] }[] = [{ chatFiles: ["README.md"] }, { chatFiles: [], mentionedIdents: ["f"] }, { chatFiles: ["b.py"], mentionedFnames: ["a.py"] }, { chatFiles: ["README.md"] }];
    const calls = requests.map((q) => {
      const request = { ...q, otherFiles: ["a.py", "b.py", "README.md"].filter((f) => !q.chatFiles.includes(f)) };
      const direct = getRankedTags({ ...request, tags });
      expectIdentical(rankPreparedTags(prepared, request), direct);
      return direct.pagerankCalls.map((c) => c.result);
    });
    expect(calls[0]).toEqual(["ZeroDivisionError", "ok"]);
    expect(calls[1]).toEqual(["ok"]);

    const defsOnly = tagsFromTriples({ "a.py": [["def", "f", 1], ["def", "g", 2]], "b.py": [["def", "f", 1]], "c.py": [] });
    const backfilled = prepareRankedTags({ files: ["a.py", "b.py", "c.py"], tags: defsOnly });
    for (const chatFiles of [[], ["a.py"], ["b.py", "c.py"]] as string[][]) {
      const request = { chatFiles, otherFiles: ["a.py", "b.py", "c.py"].filter((f) => !chatFiles.includes(f)), mentionedIdents: ["g"] };
      const direct = getRankedTags({ ...request, tags: defsOnly });
      expect(direct.referencesBackfilled).toBe(true);
      expectIdentical(rankPreparedTags(backfilled, request), direct);
    }
  });

  it("weights from a chat file keep Aider's operation order: (multiplier × 50) × √count, not multiplier × (50 × √count)", () => {
    // compute_total: ×10 (long name), referenced 5 times from the chat file, defined in two files: the second
    // definer's factor is √√5, and (10·50)·√√5 and 10·(50·√√5) differ in the last bit
    expect(10 * 50 * Math.sqrt(Math.sqrt(5))).not.toBe(10 * (50 * Math.sqrt(Math.sqrt(5))));
    const refs: Triple[] = [1, 2, 3, 4, 5].map((line) => ["ref", "compute_total", line]);
    const files = { "chat.py": refs, "a.py": [["def", "compute_total", 1]], "b.py": [["def", "compute_total", 1]] } as Record<string, Triple[]>;
    const input = { chatFiles: ["chat.py"], otherFiles: ["a.py", "b.py"], tags: tagsFromTriples(files) };
    const fast = fastRankedTags(input);
    expect(fast.edges.map((e) => e.weight)).toEqual([10 * 50 * Math.sqrt(5), 10 * 50 * Math.sqrt(Math.sqrt(5))]);
    expectIdentical(fast, getRankedTags(input));
  });

  it("a recorded definer order is honoured the same way by both paths", () => {
    const files = { "a.py": [["def", "f", 1]], "b.py": [["def", "f", 2]], "c.py": [["def", "f", 3], ["ref", "f", 4]], "d.py": [["ref", "f", 1], ["ref", "f", 2]] } as Record<string, Triple[]>;
    const input = { chatFiles: ["d.py"], otherFiles: ["a.py", "b.py", "c.py"], tags: tagsFromTriples(files), mentionedIdents: ["f"] };
    const options = { definerOrder: { f: ["c.py", "a.py", "b.py"] } };
    const fast = fastRankedTags(input, options);
    expectIdentical(fast, getRankedTags(input, options));
    expect(fast.weightings[0]!.definers).toEqual(["c.py", "a.py", "b.py"]);
  });

  it("toGraph() of a prepared request is the direct path's graph, attributes included", () => {
    const files = { "a.py": [["def", "f", 1], ["ref", "g", 2]], "b.py": [["def", "g", 1], ["ref", "f", 3], ["ref", "f", 4]], "c.md": [] } as Record<string, Triple[]>;
    const input = { chatFiles: ["a.py"], otherFiles: ["b.py", "c.md"], tags: tagsFromTriples(files) };
    const g1 = fastRankedTags(input).toGraph();
    const g2 = getRankedTags(input).toGraph();
    expect(g1.nodes()).toEqual(g2.nodes());
    expect(g1.mapEdges((_, a, s, t) => [s, t, a])).toEqual(g2.mapEdges((_, a, s, t) => [s, t, a]));
  });
});

describe("rankPreparedTags — argument checks", () => {
  const tags = tagsFromTriples({ "a.py": [["def", "f", 1]], "b.py": [["ref", "f", 1]] });
  const prepared = prepareRankedTags({ files: ["a.py", "b.py"], tags });

  it("takes only a prepared ranking, and exactly the prepared files split into chat and other files", () => {
    expect(() => rankPreparedTags({ ...prepared }, { chatFiles: [], otherFiles: ["a.py", "b.py"] })).toThrow(/prepared must come from prepareRankedTags/);
    expect(() => rankPreparedTags(prepared, { chatFiles: [], otherFiles: ["a.py"] })).toThrow(/must list every prepared file as a chat or other file \("b.py" is in neither\)/);
    expect(() => rankPreparedTags(prepared, { chatFiles: ["c.py"], otherFiles: ["a.py", "b.py"] })).toThrow(/request.chatFiles\[0\] must be one of the prepared files/);
    expect(() => rankPreparedTags(prepared, { chatFiles: [], otherFiles: ["a.py", "b.py"], mentionedIdents: [1] as never })).toThrow(WorkbenchInputError);
    expect(() => prepareRankedTags({ files: ["a.py"], tags: {} as never })).toThrow(/prepareRankedTags: input.tags must be a Map/);
    expect(rankPreparedTags(prepared, { chatFiles: ["b.py"], otherFiles: ["a.py", "b.py"] }).tail).toEqual([]);
  });
});
