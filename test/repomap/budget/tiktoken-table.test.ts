import { describe, expect, it } from "vitest";
import { Tiktoken, type TiktokenBPE } from "js-tiktoken/lite";
import { buildTiktoken, decodeBase64Token } from "../../../lib/repomap/budget/tiktoken-table.js";

type Tables = { rankMap: Map<string, number>; textMap: { get(rank: number): Uint8Array | undefined } };
const tables = (enc: Tiktoken) => enc as unknown as Tables;

describe("decodeBase64Token", () => {
  it("decodes as Buffer does, padding or not, and refuses what is not base64 or too long", () => {
    const into = new Uint8Array(64);
    for (const text of ["", "a", "ab", "abc", "abcd", " the", "\u00e9\u4e2d\ud83d\ude00", "\u0000\u00ff"]) {
      const b64 = Buffer.from(text, "utf8").toString("base64");
      const n = decodeBase64Token(b64, into);
      expect([...into.subarray(0, n)]).toEqual([...Buffer.from(text, "utf8")]);
      expect(decodeBase64Token(b64.replace(/=+$/, ""), into)).toBe(n);
    }
    expect(() => decodeBase64Token("ab$c", into)).toThrow(/not base64/);
    expect(() => decodeBase64Token("QUJD".repeat(30), into)).toThrow(/longer than the 64-byte buffer/);
  });
});

// Both encodings the lib offers: the table must be js-tiktoken's own, entry for entry, and so must every count.
describe.each(["o200k_base", "cl100k_base"] as const)("buildTiktoken(%s)", (name) => {
  it("builds js-tiktoken's own tables and encodes and decodes as js-tiktoken does", async () => {
    const ranks = (name === "o200k_base" ? (await import("js-tiktoken/ranks/o200k_base")).default : (await import("js-tiktoken/ranks/cl100k_base")).default) as TiktokenBPE;
    const ours = buildTiktoken(Tiktoken, ranks);
    const theirs = new Tiktoken(ranks);
    const a = tables(ours);
    const b = tables(theirs);
    expect(a.rankMap.size).toBe(b.rankMap.size);
    let differing = 0;
    for (const [key, rank] of b.rankMap) {
      if (a.rankMap.get(key) !== rank) differing++;
      const bytes = a.textMap.get(rank);
      if (bytes === undefined || bytes.join(",") !== key) differing++;
    }
    expect(differing).toBe(0);
    expect(a.textMap.get(-1)).toBeUndefined();
    const texts = ["def foo(bar):\n    return bar + 1\n", "héllo 世界 🙂 <|endoftext|>", "  \n\n\t x = [1, 2, 3]; // comment\n", "a".repeat(300)];
    for (const text of texts) {
      const tokens = theirs.encode(text, [], []);
      expect(ours.encode(text, [], [])).toEqual(tokens);
      expect(ours.decode(tokens)).toBe(text);
    }
  }, 60_000);
});

it("falls back to js-tiktoken's own constructor when its tables are not where this version keeps them", () => {
  class Other {
    constructor(readonly ranks: TiktokenBPE) {}
  }
  const ranks = { pat_str: "x", special_tokens: {}, bpe_ranks: "! 0 YQ==" } as TiktokenBPE;
  const enc = buildTiktoken(Other as unknown as typeof Tiktoken, ranks) as unknown as Other;
  expect(enc.ranks).toBe(ranks);
});
