/**
 * Benchmark 4: the wall time of the whole study-notebook suite as a user runs it — `npm run -s workbench --
 * notebooks` (in-process: tslab's converter and executor, one process per notebook) and the same with `--jupyter`
 * (the real tslab kernel through Jupyter's nbclient) — each a child process, timed from start to exit.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { RUN_DEFAULTS } from "../../lib/notebooks/runner.js";
import { load1, series, spread, loadText, type Sample, type Series } from "./measure.js";
import { table, type Section } from "./report.js";

interface ModeResult {
  mode: string;
  command: string;
  series: Series | null;
  outcome: string;
}

/** The runner's last "N passed, M failed" line, or the last line of output. */
function summaryLine(out: string): string {
  const lines = out.trim().split("\n");
  return [...lines].reverse().find((l) => /\d+ passed, \d+ failed/.test(l)) ?? lines[lines.length - 1] ?? "";
}

function runMode(root: string, mode: string, extra: readonly string[], runs: number, log: (l: string) => void): ModeResult {
  const tsx = join(root, "node_modules", ".bin", "tsx");
  const argv = [join(root, "lib", "cli.ts"), "notebooks", ...extra];
  const command = `npm run -s workbench -- notebooks${extra.length ? ` ${extra.join(" ")}` : ""}`;
  const samples: Sample[] = [];
  const before = load1();
  let outcome = "";
  for (let i = 0; i < runs; i++) {
    log(`notebooks ${mode}: run ${i + 1} of ${runs}`);
    const t0 = performance.now();
    const r = spawnSync(tsx, argv, { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 });
    const wallMs = performance.now() - t0;
    outcome = summaryLine(`${r.stdout}\n${r.stderr}`);
    if (r.status !== 0) return { mode, command, series: null, outcome: `exit ${r.status}: ${outcome}` };
    samples.push({ wallMs, cpuMs: NaN });
  }
  return { mode, command, series: series(samples, [before, load1()]), outcome };
}

/** Runs the suite `runs` times in each mode; a mode that fails is reported with its exit line, not timed. */
export function notebooksSection(root: string, runs: number, log: (l: string) => void): Section {
  const title = "4. Notebooks: the whole suite";
  if (!existsSync(join(root, "lib", "cli", "notebooks.ts"))) {
    return { title, blocks: ["Not measured: this checkout has no `workbench notebooks` command."], data: null };
  }
  const modes = [runMode(root, "in-process", [], runs, log), runMode(root, "through Jupyter", ["--jupyter"], runs, log)];
  const blocks = [
    `Each run is a child process started the way a user starts it (tsx included), timed from start to exit; ` +
      `median of ${runs} runs [min–max]. The runner's defaults apply: ${RUN_DEFAULTS.jobs} notebook(s) at once, each in ` +
      "its own process, stopping at its first failing cell.",
    table(
      ["mode", "command", "wall time", "result", "load"],
      modes.map((m) => [m.mode, `\`${m.command}\``, m.series ? spread(m.series) : "—", m.outcome, m.series ? loadText(m.series) : "—"]),
    ),
  ];
  return { title, blocks, data: modes };
}
