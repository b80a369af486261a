/**
 * The Chinese catalogue kept in step with the English: every entry translated, none stale (its English changed after
 * the Chinese was written) and none without an English entry; written in the glossary's terms, keeping the numbers
 * and identifiers the English names.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MISCONCEPTIONS } from "../../lib/misconceptions/catalogue.js";
import { englishHash } from "../../lib/misconceptions/translations.js";
import { MISCONCEPTIONS_ZH } from "../../lib/misconceptions/zh.js";
import { describeViolations, parseGlossary, termViolations } from "../../lib/notebooks/glossary.js";

const GLOSSARY = parseGlossary(JSON.parse(readFileSync(join(__dirname, "..", "..", "docs", "glossary.json"), "utf8")));

describe("the Chinese misconception catalogue", () => {
  it("translates every entry, and nothing the English catalogue does not have", () => {
    expect(MISCONCEPTIONS.filter((m) => !Object.hasOwn(MISCONCEPTIONS_ZH, m.id)).map((m) => m.id)).toEqual([]);
    const ids = new Set(MISCONCEPTIONS.map((m) => m.id));
    expect(Object.keys(MISCONCEPTIONS_ZH).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("was written from the English as it is now (review the Chinese, then put in the hash shown)", () => {
    const stale = MISCONCEPTIONS.filter((m) => MISCONCEPTIONS_ZH[m.id] && MISCONCEPTIONS_ZH[m.id]!.en !== englishHash(m)).map(
      (m) => `${m.id}: the English changed; review the Chinese against it, then set en: "${englishHash(m)}"`,
    );
    expect(stale).toEqual([]);
  });

  it("is Chinese, in the glossary's terms", () => {
    for (const [id, t] of Object.entries(MISCONCEPTIONS_ZH)) {
      for (const text of [t.title, t.explanation]) {
        expect([...text].filter((c) => /\p{Script=Han}/u.test(c)).length, `${id}: ${text}`).toBeGreaterThan(1);
        expect(describeViolations(termViolations(GLOSSARY, text)), id).toBe("");
      }
    }
  });

  it("keeps the English's numbers and code identifiers", () => {
    const lost: string[] = [];
    for (const m of MISCONCEPTIONS) {
      const zh = MISCONCEPTIONS_ZH[m.id];
      if (!zh) continue;
      const tokens = `${m.title} ${m.explanation}`.match(/\d+\.\d+|\d{3,}|\b[a-z]+[A-Z][\w]*\b|\b\w+_\w+\b/g) ?? [];
      for (const tok of new Set(tokens)) if (!`${zh.title} ${zh.explanation}`.includes(tok)) lost.push(`${m.id}: ${tok}`);
    }
    expect(lost).toEqual([]);
  });
});
