import { describe, expect, it } from "vitest";
import { misconceptionById } from "../../lib/misconceptions/catalogue.js";
import { catalogueTranslationProblems, englishHash, misconceptionText, translationProblems } from "../../lib/misconceptions/translations.js";

const EN = [
  { id: "a", title: "dangling mass dropped", explanation: "The step leaks." },
  { id: "b", title: "ties", explanation: "UTF-16." },
];

describe("englishHash", () => {
  it("changes with the title or the explanation, and only with them", () => {
    const h = englishHash(EN[0]!);
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(englishHash({ ...EN[0]!, title: "dangling mass dropped." })).not.toBe(h);
    expect(englishHash({ ...EN[0]!, explanation: "The step leaks" })).not.toBe(h);
    expect(englishHash({ title: EN[0]!.title, explanation: EN[0]!.explanation })).toBe(h);
    // the boundary between the two is part of what is hashed
    expect(englishHash({ title: "a\nb", explanation: "c" })).not.toBe(englishHash({ title: "a", explanation: "b\nc" }));
  });
});

describe("translationProblems", () => {
  it("finds a missing, a stale and an orphan translation", () => {
    const zh = {
      a: { en: englishHash({ ...EN[0]!, explanation: "The step leaked." }), title: "丢掉了悬空质量", explanation: "……" },
      z: { en: "0", title: "无", explanation: "无" },
    };
    expect(translationProblems(EN, zh)).toEqual({ missing: ["b"], stale: ["a"], orphans: ["z"] });
  });

  it("finds nothing when every translation matches the English it was written from", () => {
    const zh = Object.fromEntries(EN.map((m) => [m.id, { en: englishHash(m), title: "标题", explanation: "说明" }]));
    expect(translationProblems(EN, zh)).toEqual({ missing: [], stale: [], orphans: [] });
  });

  it("the real catalogue has none", () => {
    expect(catalogueTranslationProblems()).toEqual({ zh: { missing: [], stale: [], orphans: [] } });
  });
});

describe("misconceptionText", () => {
  it("gives the English catalogue's text in English and the Chinese in Chinese", () => {
    const m = misconceptionById("01-dangling-dropped")!;
    expect(misconceptionText(m.id, "en")).toEqual({ title: m.title, explanation: m.explanation });
    const zh = misconceptionText(m.id, "zh")!;
    expect(zh.title).toBe("丢掉了悬空质量");
    expect(zh.explanation).toContain("0.5405");
  });

  it("is null for an unknown id and refuses an unknown language", () => {
    expect(misconceptionText("99-nothing", "zh")).toBeNull();
    expect(() => misconceptionText("01-dangling-dropped", "fr" as never)).toThrow(/^misconceptionText: lang must be en or zh/);
  });
});
