import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AIDER_MAP_BUDGET_DEFAULTS,
  aiderDefaultMapTokens,
  aiderMapSearch,
  aiderRankedTagsMap,
  aiderRepoMapBudget,
  aiderRepoMapText,
  aiderToTree,
  compareRankedEntries,
  formatRepoContentPrefix,
  loadTiktokenCounter,
  sampledTokenCount,
  WorkbenchInputError,
  type RankedEntry,
  type Tag,
} from "../../../lib/index.js";

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

describe("aiderMapSearch", () => {
  const linear = (perTag: number) => (k: number) => ({ text: `${k}`, tokens: k * perTag });

  it("20 tokens a tag, budget 1024: probes 40, 70, 55 and accepts 55 tags = 1100 tokens (over budget, within 15 %)", () => {
    const r = aiderMapSearch(100, 1024, linear(20));
    expect(r.probes.map((p) => p.k)).toEqual([40, 70, 55]);
    expect(r.probes.map((p) => p.kept)).toEqual([true, false, true]);
    expect(r).toMatchObject({ chosenK: 55, tokens: 1100, map: "55" });
  });

  it("exactly 15 % over is rejected; a prefix of 0 tags is never accepted; nothing fitting gives null", () => {
    expect(aiderMapSearch(1, 1000, () => ({ text: "t", tokens: 1150 }))).toMatchObject({ chosenK: null, map: null });
    expect(aiderMapSearch(1, 1000, () => ({ text: "t", tokens: 1149 }))).toMatchObject({ chosenK: 1 });
    expect(aiderMapSearch(0, 1024, linear(20))).toMatchObject({ chosenK: null, probes: [{ k: 0, tokens: 0, pctErr: 1, kept: false }] });
  });

  it("keeps the largest map within budget seen when no probe lands within 15 %", () => {
    // 300 tokens a tag, budget 1000: k=3 (900, 10 % under) is within tolerance at once
    expect(aiderMapSearch(10, 1000, linear(300)).chosenK).toBe(3);
    // 400 a tag: probes 10 → 4000, 4 → 1600, 1 → 400 (kept), 2 → 800 (kept, better), 3 → 1200 (20 % over), stop
    const r = aiderMapSearch(10, 1000, linear(400));
    expect(r.probes.map((p) => p.k)).toEqual([10, 4, 1, 2, 3]);
    expect(r).toMatchObject({ chosenK: 2, tokens: 800 });
  });

  it("checks its arguments", () => {
    expect(() => aiderMapSearch(-1, 1000, linear(1))).toThrow(/numTags must be a non-negative integer/);
    expect(() => aiderMapSearch(3, 0, linear(1))).toThrow(/maxMapTokens must be positive/);
    expect(() => aiderMapSearch(3, 100, () => ({ text: "", tokens: Number.NaN }))).toThrow(/probe\(3\).tokens must be a finite/);
  });

  it("property: a returned map is at most 15 % over budget, comes from a probe, and is within budget unless within 15 %", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 5000, noNaN: true }), { minLength: 1, maxLength: 120 }), fc.double({ min: 1, max: 4000, noNaN: true }), (tokens, budget) => {
        const r = aiderMapSearch(tokens.length - 1, budget, (k) => ({ text: `${k}`, tokens: tokens[k]! }));
        for (const p of r.probes) expect(p.k >= 0 && p.k <= tokens.length - 1).toBe(true);
        if (r.chosenK === null) return;
        expect(r.tokens).toBe(tokens[r.chosenK]);
        expect(r.tokens!).toBeLessThanOrEqual(1.15 * budget);
        expect(r.probes.some((p) => p.k === r.chosenK && p.kept)).toBe(true);
        if (Math.abs(r.tokens! - budget) / budget >= 0.15) expect(r.tokens!).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 200 },
    );
  });
});

describe("aiderRankedTagsMap", () => {
  it("searches prefixes of the ranking rendered with to_tree and counted with token_count", () => {
    const ranked: RankedEntry[] = [tag("a.py", 1), tag("b.py", 2), ["chat.py"], ["c.md"], ["d.md"]];
    const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
    const r = aiderRankedTagsMap(ranked, ["chat.py"], ["a.py", "b.py", "c.md", "d.md"], 6, stub, words);
    // every probe is to_tree of a prefix; the chat file is counted in the prefix but never shown
    expect(r.map).not.toContain("chat.py");
    expect(r.probes.length).toBeGreaterThan(0);
    expect(r.map).toBe(aiderToTree(ranked.slice(0, r.chosenK!), ["chat.py"], stub));
  });

  it("the important-files prefix only adds files that are not ranked yet", () => {
    const ranked: RankedEntry[] = [tag("a.py", 1), ["README.md"]];
    const r = aiderRankedTagsMap(ranked, [], ["a.py", "README.md", "LICENSE"], 1000, stub, () => 1, {
      importantFiles: (files) => files.filter((f) => /^(README|LICENSE)/.test(f)),
    });
    expect(r.entries).toEqual([["LICENSE"], ...ranked]);
  });
});

describe("sampledTokenCount", () => {
  const runs = (t: string) => t.split(/\s+/).filter(Boolean).length;

  it("counts exactly below 200 code points (an emoji is one code point, two UTF-16 units)", () => {
    const emoji = "\u{1F600} ".repeat(99); // 198 code points
    expect(sampledTokenCount(emoji, runs)).toBe(99);
  });

  it("from 200 code points on, samples every (lines // 100)-th line and scales by length", () => {
    const lines = Array.from({ length: 250 }, (_, i) => (i % 2 === 0 ? "a b c\n" : "d\n"));
    const text = lines.join("");
    // step = 250 // 100 = 2: lines 0, 2, 4, … are all "a b c\n": 3 tokens per 6 code points
    expect(sampledTokenCount(text, runs)).toBe(((125 * 3) / (125 * 6)) * text.length);
    expect(sampledTokenCount("x".repeat(200), runs)).toBe(1);
  });

  it("checks its arguments and the counter's result", () => {
    expect(() => sampledTokenCount(3 as never, runs)).toThrow(WorkbenchInputError);
    expect(() => sampledTokenCount("abc", () => -1)).toThrow(/count must return a finite, non-negative number/);
  });

  it("loadTiktokenCounter loads o200k_base once and counts real tokens (special tokens as text)", async () => {
    const count = await loadTiktokenCounter();
    expect(await loadTiktokenCounter("o200k_base")).toBe(count);
    expect(count("hello world")).toBe(2);
    expect(count("<|endoftext|>")).toBeGreaterThan(1);
    expect(() => loadTiktokenCounter("gpt2" as never)).toThrow(/encoding must be "o200k_base" or "cl100k_base"/);
  });
});

describe("the get_repo_map budget", () => {
  it("map_tokens default: clamp(max_input_tokens / 8, 1024, 4096), 1024 when unknown", () => {
    expect(aiderDefaultMapTokens(null)).toBe(1024);
    expect(aiderDefaultMapTokens(200_000)).toBe(4096);
    expect(aiderDefaultMapTokens(16_000)).toBe(2000);
    expect(aiderDefaultMapTokens(4_000)).toBe(1024);
    expect(aiderDefaultMapTokens(10_001)).toBe(1250.125);
  });

  it("no chat files: min(⌊tokens·mul⌋, window − 4096) when positive — possibly below map_tokens; ≤ 0 disables", () => {
    const b = (mapTokens: number, maxContextWindow: number | null, hasChatFiles = false, mapMulNoFiles?: number) =>
      aiderRepoMapBudget({ mapTokens, maxContextWindow, hasChatFiles, mapMulNoFiles });
    expect(b(1024, 128_000)).toBe(2048); // the CLI's multiplier 2
    expect(b(1024, 128_000, false, 8)).toBe(8192);
    expect(b(1024, 5000, false, 8)).toBe(904);
    expect(b(1024, 4096)).toBe(1024); // target 0 → unchanged
    expect(b(1024, 128_000, true)).toBe(1024);
    expect(b(1024, null)).toBe(1024);
    expect(b(0, 128_000)).toBeNull();
    expect(AIDER_MAP_BUDGET_DEFAULTS.mapMulNoFiles).toBe(2);
  });

  it("prefix formatting: {other} becomes 'other ' with chat files, braces escape, other fields are errors", () => {
    expect(formatRepoContentPrefix("Here are {other}files{{x}}:\n", true)).toBe("Here are other files{x}:\n");
    expect(aiderRepoMapText("MAP\n", false, "P[{other}]")).toBe("P[]MAP\n");
    expect(aiderRepoMapText("", false, "P")).toBeNull();
    expect(aiderRepoMapText(null, true, "P")).toBeNull();
    expect(() => formatRepoContentPrefix("{files}", true)).toThrow(/may only use the placeholder "\{other\}"/);
  });
});
