/**
 * The similarity report as HTML (a fragment for the class summary page or a page of its own) and as Markdown.
 * Every pair: the score, the two functions, and each shared passage side by side with its
 * line numbers in both files. Student code and student ids are hostile input: everything from a submission is
 * escaped (HTML: `& < > " '`; Markdown: inline text escaped, code in fences longer than any backtick run in it),
 * no id from a submission becomes an HTML id or URL, and the fragment carries no script. Both say, before any
 * pair, that similarity is a lead for the instructor to read, never a penalty.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { rejectUnknownKeys, requireArray, requireFinite, requireInteger, requireRecord } from "../../core/validate.js";
import { escapeHtml } from "../../show/table.js";
import { clustersOf, type MatchedSide, type SimilarityAnalysis, type SimilarPair, type SimilarSide } from "./similarity.js";

export interface SimilarityReportOptions {
  /** The threshold the pairs were found with, stated in the report (null: not stated). */
  threshold: number | null;
  /** What was compared and left out, stated in the report (null: not stated). */
  analysis: Omit<SimilarityAnalysis, "pairs"> | null;
  /** At most this many pairs are shown in full (the table lists them all). */
  maxShown: number;
}

export const SIMILARITY_REPORT_DEFAULTS: Readonly<SimilarityReportOptions> = Object.freeze({ threshold: null, analysis: null, maxShown: 100 });

/** The sentence both formats open with. */
export const LEAD_NOT_VERDICT =
  "Similar token shape is a lead for the instructor to read, never proof of copying and never an automatic penalty: " +
  "short functions, a shared algorithm from the notebook, or the lib's own code can look alike by honest work.";

function reportOptions(where: string, pairs: readonly SimilarPair[], options: Partial<SimilarityReportOptions>): SimilarityReportOptions {
  requireArray(where, "pairs", pairs);
  rejectUnknownKeys(where, "options", requireRecord(where, "options", options), Object.keys(SIMILARITY_REPORT_DEFAULTS));
  const o = { ...SIMILARITY_REPORT_DEFAULTS, ...options };
  if (o.threshold !== null) requireFinite(where, "options.threshold", o.threshold);
  if (o.analysis !== null) requireRecord(where, "options.analysis", o.analysis);
  requireInteger(where, "options.maxShown", o.maxShown, 0);
  pairs.forEach((p, i) => {
    if (typeof p !== "object" || p === null || typeof p.score !== "number" || !Array.isArray(p.matches)) {
      throw new WorkbenchInputError(where, `pairs[${i}]`, "must be a SimilarPair (from findSimilarPairs)", p);
    }
  });
  return o;
}

function counts(o: SimilarityReportOptions, pairs: number): string {
  const a = o.analysis;
  const head = `${pairs} pair${pairs === 1 ? "" : "s"}${o.threshold === null ? "" : ` scoring ${o.threshold} or more`}`;
  if (a === null) return `${head}.`;
  return (
    `${head}, among ${a.compared} student functions compared; left out: ${a.stubs} still the stub, ${a.answers} hand answers, ` +
    `${a.short} too short to judge; ` +
    `${a.common} passages shared by more than ${a.commonLimit} students ignored as common code between students ` +
    `(never against the reference solution or the lib).`
  );
}

/** Two submissions (or a submission and the solution or the lib) and how many of their functions look alike. */
export interface SubmissionPair {
  a: string;
  b: string;
  functions: number;
  best: number;
  mean: number;
}

/**
 * The pairs grouped by who is compared with whom, most functions alike first: two students alike in five
 * functions are a stronger lead than two alike in one.
 */
export function submissionPairs(pairs: readonly SimilarPair[]): SubmissionPair[] {
  const groups = new Map<string, { a: string; b: string; scores: number[] }>();
  for (const p of pairs) {
    const a = sideName(p.a);
    const b = sideName(p.b);
    const key = JSON.stringify([a, b]);
    const g = groups.get(key) ?? { a, b, scores: [] };
    g.scores.push(p.score);
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => ({ a: g.a, b: g.b, functions: g.scores.length, best: Math.max(...g.scores), mean: g.scores.reduce((x, y) => x + y, 0) / g.scores.length }))
    .sort((x, y) => y.functions - x.functions || y.mean - x.mean || (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : x.b > y.b ? 1 : 0));
}

/** How many submission pairs the summary table lists. */
const TOP_SUBMISSION_PAIRS = 20;

const sideName = (s: SimilarSide): string => (s.kind === "student" ? s.id : s.kind === "solution" ? "reference solution" : "the lib's implementation of the exercise");

const CLUSTER_HEAD = ["students", "matches", "exercises", "pairs", "best"];
/** The clusters as table rows: who belongs together, and whether they match the reference solution or the lib. */
function clusterRows(pairs: readonly SimilarPair[]): string[][] {
  const refName = { solution: "the reference solution", lib: "the lib's implementation" } as const;
  return clustersOf(pairs).map((c) => [c.students.join(", "), c.references.map((r) => refName[r]).join(", ") || "each other", c.exercises.join(", "), String(c.pairs), c.bestScore.toFixed(2)]);
}

// ─── HTML ────────────────────────────────────────────────────────────────────────────────────────────────────

const STYLE = `.wb-similarity table{border-collapse:collapse}.wb-similarity td,.wb-similarity th{border:1px solid #ccc;padding:2px 6px;vertical-align:top;text-align:left}
.wb-similarity .wb-sim-note{background:#fff8e1;border-left:4px solid #f0b400;padding:6px 10px}
.wb-similarity pre{margin:0;font-size:12px;white-space:pre;overflow-x:auto;max-width:48vw}.wb-similarity .wb-sim-ln{color:#888;user-select:none}`;

/** The report as an HTML fragment (a `<section>` with its own scoped style; no script). */
export function similarityHtml(pairs: readonly SimilarPair[], options: Partial<SimilarityReportOptions> = {}): string {
  const o = reportOptions("similarityHtml", pairs, options);
  const out: string[] = [
    `<section class="wb-similarity">`,
    `<style>${STYLE}</style>`,
    `<h2>Similar code</h2>`,
    `<p class="wb-sim-note"><strong>A lead, not a verdict.</strong> ${escapeHtml(LEAD_NOT_VERDICT)}</p>`,
    `<p>${escapeHtml(counts(o, pairs.length))} Scores are Jaccard's measure on winnowed token-shape fingerprints (names and literals ignored): 1 means the same shape.</p>`,
  ];
  if (pairs.length > 0) {
    const groups = submissionPairs(pairs);
    out.push(`<h3>Clusters</h3>`, `<table class="wb-sim-clusters"><thead><tr>${CLUSTER_HEAD.map((c) => `<th>${c}</th>`).join("")}</tr></thead><tbody>`);
    for (const r of clusterRows(pairs)) out.push(`<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`);
    out.push(`</tbody></table>`);
    out.push(`<h3>Who looks like whom</h3>`, `<table class="wb-sim-who"><thead><tr><th>student</th><th>looks like</th><th>functions alike</th><th>best</th><th>mean</th></tr></thead><tbody>`);
    for (const g of groups.slice(0, TOP_SUBMISSION_PAIRS)) {
      out.push(`<tr><td>${escapeHtml(g.a)}</td><td>${escapeHtml(g.b)}</td><td>${g.functions}</td><td>${g.best.toFixed(2)}</td><td>${g.mean.toFixed(2)}</td></tr>`);
    }
    out.push(`</tbody></table>`);
    if (groups.length > TOP_SUBMISSION_PAIRS) out.push(`<p>${groups.length - TOP_SUBMISSION_PAIRS} more, with fewer functions alike, in the list below.</p>`);
    out.push(`<h3>Functions alike</h3>`);
    out.push(`<table class="wb-sim-pairs"><thead><tr><th>#</th><th>score</th><th>exercise</th><th>student</th><th>function</th><th>looks like</th><th>function</th></tr></thead><tbody>`);
    pairs.forEach((p, i) => {
      const n = i < o.maxShown ? `<a href="#wb-sim-${i + 1}">${i + 1}</a>` : String(i + 1);
      out.push(
        `<tr><td>${n}</td><td>${p.score.toFixed(2)}</td><td>${escapeHtml(p.exercise)}</td><td>${escapeHtml(sideName(p.a))}</td>` +
          `<td><code>${escapeHtml(p.a.function)}</code></td><td>${escapeHtml(sideName(p.b))}</td><td><code>${escapeHtml(p.b.function)}</code></td></tr>`,
      );
    });
    out.push(`</tbody></table>`);
  }
  pairs.slice(0, o.maxShown).forEach((p, i) => out.push(pairHtml(p, i + 1)));
  if (pairs.length > o.maxShown) out.push(`<p>${pairs.length - o.maxShown} more pairs are listed above without their passages.</p>`);
  out.push(`</section>`);
  return out.join("\n");
}

function pairHtml(p: SimilarPair, n: number): string {
  const head = (s: SimilarSide): string => `${escapeHtml(sideName(s))}: <code>${escapeHtml(s.file)}</code>, <code>${escapeHtml(s.function)}</code> (lines ${s.fromLine}–${s.toLine})`;
  const rows = p.matches.map(
    (m) => `<tr><td>${codeHtml(m.a)}</td><td>${codeHtml(m.b)}</td></tr>\n<tr><td colspan="2">${m.tokens} tokens alike</td></tr>`,
  );
  return [
    `<details id="wb-sim-${n}"><summary>${n}. ${p.score.toFixed(2)} — ${escapeHtml(p.exercise)}: ${escapeHtml(sideName(p.a))} <code>${escapeHtml(p.a.function)}</code> ~ ${escapeHtml(sideName(p.b))} <code>${escapeHtml(p.b.function)}</code> (${p.shared} of ${p.union} fingerprints shared)</summary>`,
    `<table class="wb-sim-side"><thead><tr><th>${head(p.a)}</th><th>${head(p.b)}</th></tr></thead><tbody>`,
    ...(rows.length > 0 ? rows : [`<tr><td colspan="2">no single passage is long enough to show; the likeness is spread out</td></tr>`]),
    `</tbody></table></details>`,
  ].join("\n");
}

function codeHtml(side: MatchedSide): string {
  const lines = side.text.split("\n");
  const width = String(side.toLine).length;
  const body = lines.map((l, i) => `<span class="wb-sim-ln">${String(side.fromLine + i).padStart(width)} </span>${escapeHtml(l)}`).join("\n");
  return `<div>lines ${side.fromLine}–${side.toLine}</div><pre>${body}</pre>`;
}

// ─── Markdown ────────────────────────────────────────────────────────────────────────────────────────────────

/** Text safe inline in Markdown: no HTML, no emphasis, links, tables or headings from it; one line. */
export function markdownText(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[\\`*_{}[\]()#+!|~-]/g, (c) => `\\${c}`);
}

/** `text` in a fenced code block whose fence no line of the text can close. */
export function markdownFence(text: string, language = ""): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** The report as Markdown. */
export function similarityMarkdown(pairs: readonly SimilarPair[], options: Partial<SimilarityReportOptions> = {}): string {
  const o = reportOptions("similarityMarkdown", pairs, options);
  const out = ["## Similar code", "", `> **A lead, not a verdict.** ${markdownText(LEAD_NOT_VERDICT)}`, "", markdownText(counts(o, pairs.length)), ""];
  if (pairs.length > 0) {
    const groups = submissionPairs(pairs);
    out.push("### Clusters", "", `| ${CLUSTER_HEAD.join(" | ")} |`, `|${CLUSTER_HEAD.map(() => "---").join("|")}|`);
    for (const r of clusterRows(pairs)) out.push(`| ${r.map(markdownText).join(" | ")} |`);
    out.push("");
    out.push("### Who looks like whom", "", "| student | looks like | functions alike | best | mean |", "|---|---|---:|---:|---:|");
    for (const g of groups.slice(0, TOP_SUBMISSION_PAIRS)) {
      out.push(`| ${markdownText(g.a)} | ${markdownText(g.b)} | ${g.functions} | ${g.best.toFixed(2)} | ${g.mean.toFixed(2)} |`);
    }
    out.push("", "### Functions alike", "");
    out.push("| # | score | exercise | student | function | looks like | function |", "|---:|---:|---|---|---|---|---|");
    pairs.forEach((p, i) => {
      out.push(`| ${i + 1} | ${p.score.toFixed(2)} | ${markdownText(p.exercise)} | ${markdownText(sideName(p.a))} | ${markdownText(p.a.function)} | ${markdownText(sideName(p.b))} | ${markdownText(p.b.function)} |`);
    });
    out.push("");
  }
  pairs.slice(0, o.maxShown).forEach((p, i) => {
    out.push(`#### ${i + 1}. ${p.score.toFixed(2)}: ${markdownText(sideName(p.a))} ${markdownText(p.a.function)} ~ ${markdownText(sideName(p.b))} ${markdownText(p.b.function)}`, "");
    for (const m of p.matches) {
      for (const [who, side] of [[p.a, m.a], [p.b, m.b]] as const) {
        out.push(`${markdownText(sideName(who))}, ${markdownText(who.file)} lines ${side.fromLine}–${side.toLine}:`, "", markdownFence(side.text, "ts"), "");
      }
    }
  });
  if (pairs.length > o.maxShown) out.push(`${pairs.length - o.maxShown} more pairs are in the table without their passages.`, "");
  return out.join("\n");
}
