/**
 * The benchmark report as Markdown: a header describing the machine, then one section per benchmark, each with
 * its tables and notes. Sections are built by the benchmark modules and assembled by `run.ts`.
 */
import type { Machine } from "./machine.js";

/** One report section: a title, paragraphs and tables in order, and the raw numbers for report.json. */
export interface Section {
  readonly title: string;
  readonly blocks: readonly string[];
  readonly data: unknown;
}

/** A Markdown table; cells are escaped for `|`. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const esc = (c: string): string => c.replace(/\|/g, "\\|");
  const line = (cells: readonly string[]): string => `| ${cells.map(esc).join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

/** The machine block at the top of the report. */
export function machineBlock(m: Machine, command: string): string {
  const pkgs = Object.entries(m.packages)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  return [
    `Run ${m.date} with \`${command}\` at commit ${m.commit}.`,
    "",
    table(
      ["machine", ""],
      [
        ["CPU", `${m.cpu}, ${m.cores} cores available`],
        ["memory", `${m.memoryGb.toFixed(1)} GiB`],
        ["OS", m.os],
        ["Node / V8", `${m.node} / ${m.v8}`],
        ["packages", pkgs],
        ["load average at start (1, 5, 15 min)", m.loadAtStart.map((l) => l.toFixed(2)).join(", ")],
      ],
    ),
  ].join("\n");
}

/** The whole report. */
export function renderReport(m: Machine, command: string, intro: readonly string[], sections: readonly Section[]): string {
  const parts = ["# aider-workbench benchmarks", "", machineBlock(m, command), "", ...intro];
  for (const s of sections) parts.push("", `## ${s.title}`, "", s.blocks.join("\n\n"));
  return parts.join("\n") + "\n";
}
