/**
 * `npm run bench [-- options]`: the benchmark report (issue 9). A report, not a test: it measures, writes
 * build/bench/report.md (and report.json with every sample) and prints the report; it checks no target and fails
 * only when it cannot measure. `npm run bench` builds the lib first: everything is timed on lib/dist, the code a
 * notebook loads, with this script run by tsx.
 *
 *   --only pagerank,tokens   sections to run (default: all)
 *   --runs N                 timed runs per measurement (default 5; graph builds, the teaching model and the
 *                            notebook suite: at most 3)
 *   --quick                  3 runs, small graphs, no stdlib repo map, maps of 1k and 10k tokens: a try-out
 *   --python PATH            the Python with networkx + scipy (default: $BENCH_PYTHON, /usr/bin/python3, python3)
 *
 * Profiling: `node --cpu-prof --import tsx scripts/bench/run.ts --only pagerank` writes a .cpuprofile per process.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { lib } from "./lib.js";
import { describeMachine } from "./machine.js";
import { timeOnce } from "./measure.js";
import { realMapTexts } from "./map-texts.js";
import { liveSection } from "./live.js";
import { siteSection } from "./site.js";
import { notebooksSection } from "./notebooks.js";
import { findNetworkxPython, pagerankSection } from "./pagerank.js";
import { repoMapSection } from "./repo-map.js";
import { renderReport, type Section } from "./report.js";
import { tokenCountSection } from "./token-count.js";

const SECTIONS = ["pagerank", "repomap", "tokens", "notebooks", "live", "site"] as const;
type SectionName = (typeof SECTIONS)[number];

interface Args {
  only: SectionName[];
  runs: number;
  quick: boolean;
  python: string | undefined;
}

function usage(message: string): never {
  process.stderr.write(`bench: ${message}\nusage: npm run bench -- [--only ${SECTIONS.join(",")}] [--runs N] [--quick] [--python PATH]\n`);
  process.exit(2);
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { only: [...SECTIONS], runs: 5, quick: false, python: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => argv[++i] ?? usage(`${a} needs a value`);
    if (a === "--only") {
      const names = value().split(",");
      const bad = names.find((n) => !(SECTIONS as readonly string[]).includes(n));
      if (bad !== undefined) usage(`unknown section "${bad}" (sections: ${SECTIONS.join(", ")})`);
      args.only = names as SectionName[];
    } else if (a === "--runs") {
      args.runs = Number(value());
      if (!Number.isInteger(args.runs) || args.runs < 1) usage("--runs must be a positive integer");
    } else if (a === "--quick") args.quick = true;
    else if (a === "--python") args.python = value();
    else usage(`unknown argument "${a}"`);
  }
  if (args.quick && !argv.includes("--runs")) args.runs = 3;
  return args;
}

/** This machine's Python standard library folder (what issue 4's targets are measured on). */
function pythonStdlib(): string | null {
  try {
    return execFileSync("python3", ["-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

const root = resolve(import.meta.dirname, "../..");
const args = parseArgs(process.argv.slice(2));
const log = (line: string): void => {
  if (process.stderr.isTTY) process.stderr.write(`… ${line}\n`);
};
const outDir = join(root, "build", "bench");
mkdirSync(outDir, { recursive: true });
const machine = describeMachine(root);
const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
const intro: string[] = [
  "Everything is timed on the built lib (lib/dist, `npm run build`), loaded as a notebook loads it; the script " +
    "itself runs under tsx. A garbage collection runs before every timed run (both languages).",
];
const sections = new Map<SectionName, Section>();

if (args.only.includes("pagerank")) {
  const small = Math.min(args.runs, 3);
  sections.set(
    "pagerank",
    await pagerankSection({
      sizes: args.quick
        ? [
            [1_000, 10_000],
            [10_000, 100_000],
          ]
        : [
            [1_000, 10_000],
            [10_000, 100_000],
            [100_000, 1_000_000],
          ],
      runs: args.runs,
      buildRuns: small,
      teachingRuns: small,
      python: findNetworkxPython(args.python),
      workDir: outDir,
      log,
    }),
  );
}

const stdlib = pythonStdlib();
const noStdlib = (what: string): Section => ({ title: what, blocks: ["Not measured: `python3` did not name its standard library folder."], data: null });

if (args.only.includes("repomap")) {
  const targets = [...(stdlib === null || args.quick ? [] : [{ label: "Python stdlib", dir: stdlib }]), { label: "this project", dir: root }];
  sections.set("repomap", repoMapSection(root, targets, Math.min(args.runs, 3), log));
}

if (args.only.includes("tokens")) {
  const load = await timeOnce(() => lib.loadTiktokenCounter("o200k_base"));
  const count = load.value;
  if (stdlib === null) sections.set("tokens", noStdlib("3. Token counting: exact against Aider's sampled estimate"));
  else {
    log("tokens: building the stdlib maps (scan cached in build/bench/scan-cache)");
    const texts = await realMapTexts(root, stdlib, args.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000], count);
    const source = `Repo maps of this machine's Python standard library (\`aiderRepoMap\`, no chat files, no mentions; the budget in brackets).`;
    sections.set("tokens", await tokenCountSection(texts, source, count, load.sample.wallMs, args.runs, log));
  }
}

if (args.only.includes("notebooks")) sections.set("notebooks", notebooksSection(root, Math.min(args.runs, 3), log));
if (args.only.includes("live")) sections.set("live", await liveSection(root, Math.min(args.runs, 3), log));
if (args.only.includes("site")) sections.set("site", await siteSection(root, Math.min(args.runs, 3), log));

const ordered = SECTIONS.flatMap((s) => (sections.has(s) ? [sections.get(s)!] : []));
const report = renderReport(machine, command, intro, ordered);
writeFileSync(join(outDir, "report.md"), report);
writeFileSync(join(outDir, "report.json"), JSON.stringify({ machine, command, sections: ordered.map((s) => ({ title: s.title, data: s.data })) }, null, 1));
process.stdout.write(report);
process.stderr.write(`\nwritten: ${join("build", "bench", "report.md")} and report.json\n`);
