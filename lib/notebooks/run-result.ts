/**
 * The outcome of executing one notebook, the same shape for both ways of running it (in-process through tslab's
 * executor, or through the Jupyter kernel), and how it is reported. tslab leaves the error value empty and puts
 * the real message on the failing cell's stderr, so the message is taken from there, minus Node's code frame and
 * stack lines.
 */
import { relative } from "node:path";
import { sourceText, type Cell, type Output } from "./ipynb.js";

export type RunMode = "inprocess" | "jupyter";

export interface CellFailure {
  /** 1-based position among all cells (markdown included), as a reader counts them in the file. */
  cell: number;
  /** 1-based position among code cells. */
  codeCell: number;
  cellId: string | null;
  /** The error as the cell printed it (type errors or the exception's first lines), or why the cell never ended. */
  message: string;
}

export interface NotebookRun {
  notebook: string;
  mode: RunMode;
  ok: boolean;
  failure: CellFailure | null;
  /** Where the executed copy was written (null when the run died before writing one). */
  executed: string | null;
  seconds: number;
}

const FRAME_HEADER = /^(evalmachine\.<anonymous>|\S+\.[cm]?[jt]s):\d+$/;
const STACK_LINE = /^\s+at\s/;

/**
 * The readable part of a failing cell's stderr: Node's "file:line / source / ^" frame dropped, and the stack from
 * the first "    at …" line on. Type errors ("1:7 - Type 'string' is not assignable…") pass through whole.
 */
export function cellErrorMessage(stderr: string): string {
  let lines = stderr.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const header = lines.findIndex((l) => FRAME_HEADER.test(l.trim()));
  if (header !== -1) {
    const blank = lines.findIndex((l, i) => i > header && l.trim() === "");
    if (blank !== -1) lines = [...lines.slice(0, header), ...lines.slice(blank + 1)];
  }
  const stack = lines.findIndex((l) => STACK_LINE.test(l));
  if (stack !== -1) lines = lines.slice(0, stack);
  const text = lines.join("\n").trim();
  return text === "" ? "(the cell failed without writing to stderr)" : text;
}

/** The stderr text a cell's outputs carry, in order. */
export function stderrOf(outputs: readonly Output[]): string {
  return outputs
    .filter((o) => o.output_type === "stream" && o.name === "stderr")
    .map((o) => sourceText((o as { text: string | string[] }).text))
    .join("");
}

/** Describes the failure of `cells[index]` from what the cell printed. */
export function failureAt(cells: readonly Cell[], index: number, message: string): CellFailure {
  const codeCell = cells.slice(0, index + 1).filter((c) => c.cell_type === "code").length;
  return { cell: index + 1, codeCell, cellId: cells[index]?.id ?? null, message };
}

/** One notebook's line(s) in the report: `✓ name (1.4 s)` or the failing cell and its message, indented. */
export function formatRun(run: NotebookRun, cwd: string = process.cwd()): string {
  const name = relative(cwd, run.notebook) || run.notebook;
  const time = `${run.seconds.toFixed(1)} s`;
  if (run.ok) return `PASS ${name} (${run.mode}, ${time})`;
  const f = run.failure;
  const where = f ? `cell ${f.cell} (code cell ${f.codeCell}${f.cellId ? `, id ${f.cellId}` : ""})` : "the run";
  const message = (f?.message ?? "no result").split("\n").map((l) => `    ${l}`).join("\n");
  const copy = run.executed ? `\n    executed copy: ${relative(cwd, run.executed) || run.executed}` : "";
  return `FAIL ${name} (${run.mode}, ${time}): ${where} failed:\n${message}${copy}`;
}

/** The closing line every run ends with. */
export function formatTotals(runs: readonly NotebookRun[]): string {
  const passed = runs.filter((r) => r.ok).length;
  return `${passed} passed, ${runs.length - passed} failed`;
}
