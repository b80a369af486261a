/**
 * `npm run bench:similarity [-- --students N] [--seed S]`: the similarity report (issue 14, item 3) on a synthetic
 * class — a report, not a test: it prints numbers and checks no target. Each of N students (default 300) gets, per
 * exercise, one of: the untouched stub (30 %), the reference solution renamed (5 %, the copiers), their "own"
 * version (55 %: the solution with statements dropped, duplicated and swapped and names changed, so the class
 * spreads over every score), or a hostile file (10 %: megabyte-long lines, markup, a parse error). Written to a
 * temporary folder and read back with `sourcesFromFolder`, so reading is measured too. Prints wall time per phase,
 * peak RSS and heap, and how many pairs the fingerprint index scored against what all-pairs would have.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { listExercises } from "../lib/grader/catalog.js";
import { fingerprintSet, jaccard, shapeHash } from "../lib/grader/class/fingerprint.js";
import { functionBodies } from "../lib/grader/class/functions.js";
import { analyseSimilarity, SIMILARITY_DEFAULTS } from "../lib/grader/class/similarity.js";
import { similarityHtml, similarityMarkdown } from "../lib/grader/class/similarity-report.js";
import { sourcesFromFolder } from "../lib/grader/class/sources.js";
import { stubFromSolution } from "../lib/grader/stubs.js";

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const v = process.argv[at + 1] ?? "";
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new Error(`bench-similarity: --${name} must be a positive integer (got ${v})`);
  return Number(v);
}
const students = option("students", 300);
let state = option("seed", 14);
/** mulberry32: a seeded generator, so every run builds the same class. */
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

const NAMES = ["acc", "tmp", "val", "item", "res", "cur", "k", "idx"];
function renamed(text: string): string {
  const local = [...new Set(text.match(/\b(?:let|const) ([a-z]\w*)/g)?.map((m) => m.split(" ")[1]!) ?? [])];
  let out = text;
  for (const name of local) if (random() < 0.7) out = out.replace(new RegExp(`\\b${name}\\b`, "g"), `${pick(NAMES)}${Math.floor(random() * 9)}`);
  return out.replace(/\b\d+\b/g, (d) => (random() < 0.3 ? String(Number(d) + 1) : d));
}
/** A student's own take: lines inside functions dropped, repeated or swapped, then renamed. */
function ownVersion(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const inside = /^\s{2,}\S/.test(line) && !/[{}]\s*$/.test(line);
    const r = random();
    if (inside && r < 0.15) continue;
    if (inside && r < 0.25) out.push(line, line);
    else if (inside && r < 0.35 && i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1]!)) out.push(lines[++i]!, line);
    else out.push(line);
  }
  return renamed(out.join("\n"));
}
function hostile(): string {
  return pick([
    `export function f() { return "${"<script>alert(1)</script>".repeat(20_000)}"; }\n`,
    "export function pageRankStep( {{{{ ((( not typescript ]]]\n".repeat(2000),
    `// ${"\u202e".repeat(1000)}\nexport const x = ${"[".repeat(5000)}${"]".repeat(5000)};\n`,
  ]);
}

const root = join(import.meta.dirname, "..");
const exercises = listExercises(root);
const dir = mkdtempSync(join(tmpdir(), "wb-bench-similarity-"));
const kinds = { stub: 0, copy: 0, own: 0, hostile: 0 };
try {
  let t = performance.now();
  for (let s = 0; s < students; s++) {
    for (const e of exercises) {
      for (const file of e.files) {
        const solution = readFileSync(join(e.solutionDir!, file), "utf8");
        const r = random();
        const kind = r < 0.3 ? "stub" : r < 0.35 ? "copy" : r < 0.9 ? "own" : "hostile";
        kinds[kind]++;
        const text = kind === "stub" ? stubFromSolution(solution, e.number) : kind === "copy" ? renamed(solution) : kind === "own" ? ownVersion(solution) : hostile();
        mkdirSync(join(dir, `student-${String(s).padStart(3, "0")}`, "exercises", e.id), { recursive: true });
        writeFileSync(join(dir, `student-${String(s).padStart(3, "0")}`, "exercises", e.id, file), text);
      }
    }
  }
  const generated = performance.now() - t;
  t = performance.now();
  let skipped = 0;
  const sources = sourcesFromFolder(root, dir, { onSkip: () => skipped++ });
  const read = performance.now() - t;
  const heapBefore = process.memoryUsage().heapUsed;
  t = performance.now();
  const cpu0 = process.cpuUsage();
  const analysis = analyseSimilarity(sources);
  const analysed = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  t = performance.now();
  const html = similarityHtml(analysis.pairs, { analysis });
  const md = similarityMarkdown(analysis.pairs, { analysis });
  const rendered = performance.now() - t;
  // The baseline the index replaces: Jaccard on every pair of the same students' functions (student–student only).
  const o = SIMILARITY_DEFAULTS;
  t = performance.now();
  const groups = new Map<string, number[][]>();
  for (const s of sources) {
    if (s.kind !== "student") continue;
    for (const b of functionBodies(s.text, "exported")) {
      if (b.stub || b.answer || b.tokens.length < o.minTokens) continue;
      const key = `${s.exercise}/${b.name}`;
      const prints = fingerprintSet(b.tokens.map((x) => shapeHash(x.shape)), o.k, o.window);
      groups.set(key, [...(groups.get(key) ?? []), prints]);
    }
  }
  let allPairs = 0;
  let allAbove = 0;
  for (const list of groups.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        allPairs++;
        if (jaccard(list[i]!, list[j]!) >= o.threshold) allAbove++;
      }
    }
  }
  const allPairsMs = performance.now() - t;
  const files = sources.filter((s) => s.kind === "student").length;
  const mem = process.memoryUsage();
  console.log(`similarity bench: ${students} students × ${exercises.length} exercises (${kinds.stub} stubs, ${kinds.copy} renamed copies, ${kinds.own} own versions, ${kinds.hostile} hostile files), load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  console.log(`  generate ${(generated / 1000).toFixed(2)} s · read ${files} student files (+${sources.length - files} solution/lib, ${skipped} skipped) ${(read / 1000).toFixed(2)} s · analyse ${(analysed / 1000).toFixed(2)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s) · render HTML ${(html.length / 1e6).toFixed(1)} MB + Markdown ${(md.length / 1e6).toFixed(1)} MB ${(rendered / 1000).toFixed(2)} s`);
  console.log(`  ${analysis.compared} student functions compared (${analysis.stubs} stubs, ${analysis.answers} hand answers, ${analysis.short} short left out); ${analysis.common} common fingerprints ignored`);
  console.log(`  pairs scored via the index: ${analysis.candidates}, listed at ≥ ${o.threshold}: ${analysis.pairs.length} · all-pairs baseline (student–student, no common-code filter): ${allPairs} pairs scored, ${allAbove} at ≥ ${o.threshold}, ${(allPairsMs / 1000).toFixed(2)} s including tokenising`);
  console.log(`  memory: rss ${(mem.rss / 1e6).toFixed(0)} MB, heap used ${(mem.heapUsed / 1e6).toFixed(0)} MB (${((mem.heapUsed - heapBefore) / 1e6).toFixed(0)} MB more than before analysing)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
