/**
 * `workbench similarity SUBMISSIONS [--out FILE.html] [--markdown FILE.md] [--threshold X]`: the class's similarity
 * report (lib/grader/class/similarity.ts) on its own, without grading. Reads each student
 * folder's exercise files (nothing is run), compares them by token shape with each other, the reference solutions
 * and the lib, and prints the pairs at or above the threshold; `--out` writes the HTML page with the passages
 * side by side, `--markdown` the same as Markdown. Exit 0 (pairs found or not: similarity is a lead, not a
 * failure), 2 for a usage mistake.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { analyseSimilarity, SIMILARITY_DEFAULTS } from "../grader/class/similarity.js";
import { LEAD_NOT_VERDICT, similarityHtml, similarityMarkdown } from "../grader/class/similarity-report.js";
import { sourcesFromFolder } from "../grader/class/sources.js";
import { outputFile, parseCommandArgs, UsageError, userCwd, writeOutput, type Command } from "./command.js";
import { EXERCISE_PATH_USAGE, exercisePaths } from "./exercise-options.js";

const USAGE = `Usage: workbench similarity SUBMISSIONS [--out FILE.html] [--markdown FILE.md] [--threshold X]

Compares the graded functions of every student folder in SUBMISSIONS (SUBMISSIONS/<id>/exercises/NN-name/…
or SUBMISSIONS/<id>/NN-name/…) with each other, the reference solutions and the lib, by token shape (names and
literals ignored), and lists the pairs scoring at least the threshold. Nothing in a submission is run.
${LEAD_NOT_VERDICT}
  --out FILE        write the report as an HTML page, the shared lines side by side
  --markdown FILE   write the report as Markdown (each a regular file or a new name; a device, FIFO,
                    folder or symbolic link is refused)
  --threshold X     list pairs scoring at least X, from 0 to 1 (default ${SIMILARITY_DEFAULTS.threshold})
${EXERCISE_PATH_USAGE.split("\n")[0]}
Exit status: 0 (with or without pairs), 2 on a usage error.`;

/** A decimal from 0 to 1 ("0.8", "1", ".75"), nothing coerced; `flag` names the option in the message ("similarity: --threshold"). */
export function thresholdOption(value: string | undefined, flag = "similarity: --threshold"): number {
  if (value === undefined) return SIMILARITY_DEFAULTS.threshold;
  const n = Number(value);
  if (!/^(?:0|1|0?\.\d+|1\.0+)$/.test(value) || n < 0 || n > 1) {
    throw new UsageError(`${flag} must be a decimal from 0 to 1 (got ${JSON.stringify(value)})`);
  }
  return n;
}

/** A whole page around the fragment; its CSP forbids every script, so nothing a submission holds can run. */
function page(fragment: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Similarity report</title></head>
<body style="font-family:system-ui,sans-serif;margin:1.5em">
${fragment}
</body></html>
`;
}

export const similarityCommand: Command = {
  name: "similarity",
  summary: "compare a class's submissions by token shape (a lead for the instructor, never a penalty)",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("similarity", args, {
      out: { type: "string" },
      markdown: { type: "string" },
      threshold: { type: "string" },
      root: { type: "string" },
    });
    if (positionals.length !== 1) throw new UsageError("similarity: name one SUBMISSIONS folder (see: workbench similarity --help)");
    const threshold = thresholdOption(values.threshold);
    const out = values.out === undefined ? undefined : outputFile("similarity", "--out", values.out);
    const markdown = values.markdown === undefined ? undefined : outputFile("similarity", "--markdown", values.markdown);
    const { root } = exercisePaths("similarity", values);
    const dir = resolve(userCwd(), positionals[0]!);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`similarity: SUBMISSIONS ${positionals[0]} is not a folder`);
    const started = performance.now();
    let skipped = 0;
    let sources;
    try {
      sources = sourcesFromFolder(root, dir, { onSkip: (s) => (skipped++, io.stderr(`similarity: skipped ${s.path}: ${s.why}\n`)) });
    } catch (err) {
      if (err instanceof WorkbenchInputError) throw new UsageError(`similarity: ${err.message.replace(/^\w+: /, "")}`);
      throw err;
    }
    const students = new Set(sources.filter((s) => s.kind === "student").map((s) => s.id)).size;
    io.stderr(`similarity: comparing ${students} student folders (${sources.length} files)…\n`);
    const analysis = analyseSimilarity(sources, { threshold });
    const { pairs, ...counts } = analysis;
    io.stdout(`${LEAD_NOT_VERDICT}\n`);
    io.stdout(
      `${pairs.length} pair${pairs.length === 1 ? "" : "s"} at ${threshold} or more; ${counts.compared} student functions compared, ` +
        `${counts.stubs} stubs, ${counts.answers} hand answers and ${counts.short} short bodies left out${skipped ? `, ${skipped} files skipped` : ""} ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
    );
    for (const p of pairs.slice(0, 50)) {
      const who = (s: typeof p.a): string => (s.kind === "student" ? s.id : s.kind);
      io.stdout(`  ${p.score.toFixed(2)}  ${p.exercise}  ${who(p.a)} ${p.a.function} (${p.a.file}:${p.a.fromLine}-${p.a.toLine})  ~  ${who(p.b)} ${p.b.function} (${p.b.file}:${p.b.fromLine}-${p.b.toLine})\n`);
    }
    if (pairs.length > 50) io.stdout(`  … ${pairs.length - 50} more${out || markdown ? " in the report" : " (--out FILE.html lists them all)"}\n`);
    const options = { threshold, analysis: counts };
    if (out) {
      writeOutput("similarity", "--out", { path: out, text: page(similarityHtml(pairs, options)) });
      io.stdout(`wrote ${out}\n`);
    }
    if (markdown) {
      writeOutput("similarity", "--markdown", { path: markdown, text: similarityMarkdown(pairs, options) });
      io.stdout(`wrote ${markdown}\n`);
    }
    return 0;
  },
};
