/**
 * `npm run bench:parse -- <dir> [--lang ID] [--repeat N] [--list]`: where a cold scan's time goes, one thread, phase by phase
 * (a report, not a test: it prints numbers and checks no target). For every file of one language in <dir> (the
 * scan's file list, files over 1 MiB left out), in this order:
 *
 *   read       readFileSync + strict UTF-8 decode (what the scan does before parsing)
 *   parse      `parser.parse(text)`: web-tree-sitter's wasm parser, fed the string
 *   matches    `tagsQuery.matches(root)` alone (the query cursor plus web-tree-sitter's match objects)
 *   pairing    `namesOfMatches`: our pairing of `@name` with the role captures (reading each name node)
 *   assemble   `assembleTags` with the backfill (identifier query when a file has defs and no refs)
 *   spans      the skeleton spans the scan keeps for the renderer: `skeletonSpans` + `encodeSpans` (text ending in "\n")
 *   delete     `tree.delete()`
 *
 * Each phase is timed in CPU time of the process (`process.cpuUsage`), which a busy machine inflates far less than
 * wall time; the load average is printed before and after. Files are split into small (< 8 KiB), medium and large
 * (≥ 64 KiB) to show per-file overhead as ms per MB. A few one-off costs follow: loading the grammar and compiling
 * the tags query, creating a Parser, and parsing through a chunked callback instead of the string. `--list` only
 * prints the files' paths (scripts/native-baseline/run.sh measures the same files with a native build).
 */
import { readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { decodeSource, listRepoFiles } from "../lib/repomap/scan/files.js";
import { loadGrammar, packageResolverFrom } from "../lib/repomap/scan/grammars.js";
import { languageById, languageForPath } from "../lib/repomap/scan/languages.js";
import { encodeSpans, skeletonSpans } from "../lib/repomap/scan/skeleton-spans.js";
import { assembleTags, identifierTexts, namesOfMatches, TAGS_DEFAULTS } from "../lib/repomap/scan/tags-raw.js";
import { Parser } from "web-tree-sitter";

const args = process.argv.slice(2);
const dir = args.find((a, i) => !a.startsWith("--") && !(i > 0 && ["--lang", "--repeat"].includes(args[i - 1]!)));
const opt = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const langId = opt("--lang") ?? "python";
const repeat = Number(opt("--repeat") ?? 1);
const spec = languageById(langId);
if (!dir || !spec || !Number.isInteger(repeat) || repeat < 1) {
  console.error("usage: npm run bench:parse -- <dir> [--lang python|javascript|typescript|…] [--repeat N]");
  process.exit(2);
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const load = (): string => loadavg().map((l) => l.toFixed(1)).join(" ");
const PHASES = ["read", "parse", "matches", "pairing", "assemble", "spans", "delete"] as const;
type Phase = (typeof PHASES)[number];
const BUCKETS = ["small", "medium", "large", "all"] as const;
type Bucket = (typeof BUCKETS)[number];
const bucketOf = (bytes: number): Bucket => (bytes < 8192 ? "small" : bytes < 65536 ? "medium" : "large");

const loadBefore = load();
const { root, files } = await listRepoFiles(dir);
const paths = files.filter((f) => languageForPath(f)?.id === spec.id).map((f) => join(root, f)).filter((p) => statSync(p).size <= 1 << 20);
if (paths.length === 0) {
  console.error(`bench:parse: no ${spec.id} file in ${root}`);
  process.exit(2);
}
if (args.includes("--list")) {
  // the file list alone, for scripts/native-baseline/run.sh
  console.log(paths.join("\n"));
  process.exit(0);
}
const resolvePackageDir = packageResolverFrom(process.cwd());
let t = cpuMs();
const grammar = await loadGrammar(spec, resolvePackageDir);
const loadMs = cpuMs() - t;

const time: Record<Bucket, Record<Phase, number>> = Object.fromEntries(
  BUCKETS.map((b) => [b, Object.fromEntries(PHASES.map((p) => [p, 0]))]),
) as Record<Bucket, Record<Phase, number>>;
const size: Record<Bucket, { files: number; bytes: number }> = Object.fromEntries(BUCKETS.map((b) => [b, { files: 0, bytes: 0 }])) as Record<Bucket, { files: number; bytes: number }>;
let captured = 0;
const wall0 = performance.now();
for (let r = 0; r < repeat; r++) {
  for (const path of paths) {
    const t0 = cpuMs();
    const bytes = readFileSync(path);
    const read = decodeSource(bytes);
    const t1 = cpuMs();
    if (!("text" in read) || read.text === "") continue;
    const tree = grammar.parser.parse(read.text)!;
    const t2 = cpuMs();
    const matches = grammar.tagsQuery.matches(tree.rootNode);
    const t3 = cpuMs();
    const names = namesOfMatches(grammar, matches, TAGS_DEFAULTS);
    const t4 = cpuMs();
    assembleTags(names, () => identifierTexts(grammar, tree.rootNode), TAGS_DEFAULTS);
    const t5 = cpuMs();
    if (read.text.endsWith("\n")) encodeSpans(skeletonSpans(tree, grammar.aiderHiddenTypeIds));
    const t5s = cpuMs();
    tree.delete();
    const t6 = cpuMs();
    captured += names.length;
    const spent: Record<Phase, number> = { read: t1 - t0, parse: t2 - t1, matches: t3 - t2, pairing: t4 - t3, assemble: t5 - t4, spans: t5s - t5, delete: t6 - t5s };
    for (const b of [bucketOf(bytes.length), "all"] as const) {
      size[b].files++;
      size[b].bytes += bytes.length;
      for (const p of PHASES) time[b][p] += spent[p];
    }
  }
}
const wallMs = performance.now() - wall0;

// one-off costs
t = cpuMs();
const N = 200;
for (let i = 0; i < N; i++) {
  const p = new Parser();
  p.setLanguage(grammar.language);
  p.delete();
}
const parserUs = ((cpuMs() - t) / N) * 1000;
const sample = paths.slice(0, 200).map((p) => readFileSync(p, "utf8"));
t = cpuMs();
for (const text of sample) grammar.parser.parse(text)!.delete();
const stringMs = cpuMs() - t;
t = cpuMs();
for (const text of sample) grammar.parser.parse((index: number) => text.slice(index, index + 4096))!.delete();
const callbackMs = cpuMs() - t;

const all = size.all;
const mb = (b: Bucket): number => size[b].bytes / 1e6;
console.log(`bench:parse ${root}, ${spec.id}: ${all.files / repeat} files, ${(all.bytes / repeat / 1e6).toFixed(2)} MB, ×${repeat}; load average ${loadBefore} before, ${load()} after`);
console.log(`one thread: ${wallMs.toFixed(0)} ms wall; ${captured} captured names`);
console.log(`${"ms CPU per MB".padEnd(16)}${BUCKETS.map((b) => `${b} (${size[b].files}, ${mb(b).toFixed(1)} MB)`.padStart(24)).join("")}`);
for (const p of PHASES) console.log(`${p.padEnd(16)}${BUCKETS.map((b) => (size[b].bytes ? (time[b][p] / mb(b)).toFixed(1) : "-").padStart(24)).join("")}`);
const total = (b: Bucket): number => PHASES.reduce((s, p) => s + time[b][p], 0);
console.log(`${"total".padEnd(16)}${BUCKETS.map((b) => (size[b].bytes ? (total(b) / mb(b)).toFixed(1) : "-").padStart(24)).join("")}`);
console.log(`${"→ MB/s".padEnd(16)}${BUCKETS.map((b) => (size[b].bytes ? (mb(b) / (total(b) / 1000)).toFixed(2) : "-").padStart(24)).join("")}`);
console.log(`${"→ files/s".padEnd(16)}${BUCKETS.map((b) => (size[b].bytes ? (size[b].files / (total(b) / 1000)).toFixed(0) : "-").padStart(24)).join("")}`);
console.log(`share of total: ${PHASES.map((p) => `${p} ${((100 * time.all[p]) / total("all")).toFixed(1)} %`).join(", ")}`);
console.log(`one-off: grammar load + tags query compile ${loadMs.toFixed(0)} ms CPU; new Parser + setLanguage ${parserUs.toFixed(0)} µs`);
console.log(`input: ${sample.length} files parsed from the string ${stringMs.toFixed(0)} ms CPU, through a 4 KiB-chunk callback ${callbackMs.toFixed(0)} ms CPU`);
