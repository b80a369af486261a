/**
 * The glossary between the seed pages' Chinese terms and lib (docs/glossary.json): parsing it with checks that
 * name the broken field, the Markdown page written from it, and the check that holds Chinese prose to the seed's
 * own term (悬空质量, not 悬挂质量) rather than a synonym.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireArray, requireRecord, requireString, requireStringArray } from "../core/validate.js";

/** One term: the seed's word, its English name, lib's identifiers (`path#name`) and where it is taught. */
export interface GlossaryTerm {
  readonly zh: string;
  readonly en: string;
  /** Other spellings the seed itself uses (二分式搜索 beside 二分搜索); prose may use them too. */
  readonly also: readonly string[];
  /** `lib/<file>.ts#<exported name>`. */
  readonly ids: readonly string[];
  /** Repository paths (a notebook, an exercise README) where the term is taught. */
  readonly taught: readonly string[];
  /** Words a translator might reach for instead; prose must not use them. */
  readonly forbidden: readonly string[];
}

export interface Glossary {
  readonly about: string;
  readonly terms: readonly GlossaryTerm[];
}

/** A synonym found where the glossary's term belongs: which term, which word, at which character. */
export interface TermViolation {
  readonly term: string;
  readonly synonym: string;
  readonly index: number;
}

const ID_FORM = /^lib\/[\w./-]+\.ts#[A-Za-z_$][\w$]*$/;

/** docs/glossary.json, checked: every field present and typed, ids as `lib/…ts#name`, no term twice. */
export function parseGlossary(value: unknown): Glossary {
  const where = "parseGlossary";
  const root = requireRecord(where, "glossary", value);
  rejectUnknownKeys(where, "glossary", root, ["about", "terms"]);
  const about = requireString(where, "glossary.about", root.about);
  const seen = new Set<string>();
  const terms = requireArray(where, "glossary.terms", root.terms).map((raw, i): GlossaryTerm => {
    const p = `glossary.terms[${i}]`;
    const t = requireRecord(where, p, raw);
    rejectUnknownKeys(where, p, t, ["zh", "en", "also", "ids", "taught", "forbidden"]);
    const zh = requireString(where, `${p}.zh`, t.zh);
    if (zh.trim() === "" || seen.has(zh)) throw new WorkbenchInputError(where, `${p}.zh`, "must be a non-empty term listed once", zh);
    seen.add(zh);
    const ids = requireStringArray(where, `${p}.ids`, t.ids);
    ids.forEach((id, j) => {
      if (!ID_FORM.test(id)) throw new WorkbenchInputError(where, `${p}.ids[${j}]`, "must be lib/<file>.ts#<name>", id);
    });
    if (ids.length === 0) throw new WorkbenchInputError(where, `${p}.ids`, "must name at least one identifier", ids);
    const taught = requireStringArray(where, `${p}.taught`, t.taught);
    if (taught.length === 0) throw new WorkbenchInputError(where, `${p}.taught`, "must name at least one place", taught);
    const also = t.also === undefined ? [] : requireStringArray(where, `${p}.also`, t.also);
    const forbidden = requireStringArray(where, `${p}.forbidden`, t.forbidden);
    forbidden.forEach((f, j) => {
      if (f === "" || f === zh || also.includes(f)) throw new WorkbenchInputError(where, `${p}.forbidden[${j}]`, "must be a non-empty word other than the term", f);
    });
    return Object.freeze({ zh, en: requireString(where, `${p}.en`, t.en), also, ids, taught, forbidden });
  });
  return Object.freeze({ about, terms: Object.freeze(terms) });
}

/**
 * Every forbidden synonym in `text`, in order of position. The glossary's accepted terms are masked first, so a
 * synonym that is part of an accepted term is not reported — except the terms inside the synonym itself
 * (边权值 contains 边权 and is still found).
 */
export function termViolations(glossary: Glossary, text: string): TermViolation[] {
  if (typeof text !== "string") throw new WorkbenchInputError("termViolations", "text", "must be a string", text);
  const accepted = glossary.terms.flatMap((t) => [t.zh, ...t.also]).sort((a, b) => b.length - a.length);
  const found: TermViolation[] = [];
  for (const t of glossary.terms) {
    for (const synonym of t.forbidden) {
      let masked = text;
      for (const word of accepted) if (!synonym.includes(word)) masked = masked.split(word).join("\u0000".repeat(word.length));
      for (let i = masked.indexOf(synonym); i >= 0; i = masked.indexOf(synonym, i + synonym.length)) {
        found.push({ term: t.zh, synonym, index: i });
      }
    }
  }
  return found.sort((a, b) => a.index - b.index || (a.synonym < b.synonym ? -1 : a.synonym > b.synonym ? 1 : 0));
}

/** One line per violation, for a test's failure message: `«悬挂质量» → use «悬空质量» (at 12)`. */
export function describeViolations(violations: readonly TermViolation[]): string {
  return violations.map((v) => `«${v.synonym}» → use «${v.term}» (at ${v.index})`).join("\n");
}

/** docs/glossary.md, written from the glossary (the test keeps the committed page equal to this). */
export function glossaryMarkdown(glossary: Glossary): string {
  const cell = (s: string): string => s.replace(/\|/g, "\\|");
  const code = (id: string): string => {
    const [file, name] = id.split("#");
    return `\`${name}\` (${file})`;
  };
  const rows = glossary.terms.map((t) =>
    [
      [`<a id="${glossaryAnchor(t.zh)}"></a>${t.zh}`, ...t.also.map((a) => `（亦作 ${a}）`)].join(" "),
      t.en,
      t.ids.map(code).join("<br>"),
      t.taught.map((p) => `[${p}](../${p})`).join("<br>"),
      t.forbidden.length ? t.forbidden.join("、") : "—",
    ]
      .map(cell)
      .join(" | "),
  );
  return [
    "# 术语表 · Glossary",
    "",
    "种子页面（seed 000）里的中文术语、它们的英文名、lib 中实现它们的标识符，以及讲授它们的笔记本或练习。",
    "中文文本一律使用本表的术语；最后一列是不要使用的近义词。",
    "",
    "The seed pages' Chinese terms, their English names, the lib identifiers that implement them and where they are",
    "taught. Chinese prose uses these terms; the last column lists synonyms not to use.",
    "",
    "This page is generated from `docs/glossary.json` (`npx tsx scripts/glossary.ts`); edit the JSON, not this page.",
    "",
    "| 术语 | English | lib | 讲授位置 · taught in | 不用 · avoid |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map((r) => `| ${r} |`),
    "",
  ].join("\n");
}

/** The stable anchor of a term's row in docs/glossary.md: `term-` and the term itself (terms are unique). */
export function glossaryAnchor(term: string): string {
  if (typeof term !== "string" || term.trim() === "") throw new WorkbenchInputError("glossaryAnchor", "term", "must be a non-empty term", term);
  return `term-${term}`;
}

/** Markdown that must not get a link inserted: code, math, links, HTML tags, headings. */
const PROTECTED = /```[\s\S]*?```|~~~[\s\S]*?~~~|\$\$[\s\S]*?\$\$|\$[^$\n]+\$|`[^`\n]*`|!?\[[^\]\n]*\]\([^)\n]*\)|<[^>\n]*>|^#{1,6} .*$/gm;

/**
 * `texts` (a notebook's prose cells, in order) with the first use of each glossary term — across all of them —
 * made a link to its row, `<href>#term-…`; outside code, math, links, tags and headings. Pure; for Chinese prose.
 */
export function linkGlossaryTerms(glossary: Glossary, texts: readonly string[], href: string): string[] {
  if (typeof href !== "string" || /[\s()]/.test(href)) throw new WorkbenchInputError("linkGlossaryTerms", "href", "must be a URL without spaces or parentheses", href);
  const byWord = new Map<string, GlossaryTerm>();
  for (const t of glossary.terms) for (const w of [t.zh, ...t.also]) byWord.set(w, t);
  const words = [...byWord.keys()].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (words.length === 0) return [...texts];
  // a term that is the whole of an emphasis (**回退**) is linked with it, [**回退**](…): a link inside the stars
  // would keep CommonMark from seeing the emphasis next to a Chinese character
  const any = words.join("|");
  const pattern = new RegExp(`\\*\\*(?:${any})\\*\\*|\\*(?:${any})\\*|${any}`, "g");
  const linked = new Set<string>();
  const link = (plain: string): string =>
    plain.replace(pattern, (match) => {
      const term = byWord.get(match.replace(/^\*+|\*+$/g, ""))!;
      if (linked.has(term.zh)) return match;
      linked.add(term.zh);
      return `[${match}](${href}#${glossaryAnchor(term.zh)})`;
    });
  return texts.map((text) => {
    let out = "";
    let last = 0;
    for (const m of text.matchAll(PROTECTED)) {
      out += link(text.slice(last, m.index)) + m[0];
      last = m.index + m[0].length;
    }
    return out + link(text.slice(last));
  });
}
