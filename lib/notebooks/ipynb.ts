/**
 * Jupyter notebooks (nbformat 4.5) as the workbench stores them: parsing with checks that name the broken field,
 * the normal form committed sources must be in (outputs cleared, execution counts reset, every cell an `id`, the
 * tslab kernelspec), and the canonical serialisation, which is the one Jupyter itself writes (keys sorted,
 * one-space indent, sources as lists of lines), so saving from Jupyter does not churn the diff.
 */
import { createHash } from "node:crypto";
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray, requireRecord } from "../core/validate.js";

export type MultilineString = string | string[];
export type JsonObject = Record<string, unknown>;

export interface StreamOutput {
  output_type: "stream";
  name: "stdout" | "stderr";
  text: MultilineString;
}
export interface DisplayDataOutput {
  output_type: "display_data";
  data: Record<string, MultilineString>;
  metadata: JsonObject;
  transient?: JsonObject;
}
export interface ExecuteResultOutput {
  output_type: "execute_result";
  execution_count: number | null;
  data: Record<string, MultilineString>;
  metadata: JsonObject;
}
export interface ErrorOutput {
  output_type: "error";
  ename: string;
  evalue: string;
  traceback: string[];
}
export type Output = StreamOutput | DisplayDataOutput | ExecuteResultOutput | ErrorOutput;

export interface CodeCell {
  cell_type: "code";
  id?: string;
  source: MultilineString;
  metadata: JsonObject;
  outputs: Output[];
  execution_count: number | null;
}
export interface TextCell {
  cell_type: "markdown" | "raw";
  id?: string;
  source: MultilineString;
  metadata: JsonObject;
  attachments?: JsonObject;
}
export type Cell = CodeCell | TextCell;

export interface Notebook {
  nbformat: 4;
  nbformat_minor: number;
  metadata: JsonObject;
  cells: Cell[];
}

/** The kernelspec every workbench notebook names (registered by `npm start` / `notebooks --jupyter`). */
export const TSLAB_KERNELSPEC = Object.freeze({ name: "tslab", display_name: "TypeScript", language: "typescript" });
/** language_info without the TypeScript version Jupyter adds on save (it changes with tslab, not with the notebook). */
export const TSLAB_LANGUAGE_INFO = Object.freeze({ name: "typescript", file_extension: ".ts", mimetype: "text/typescript" });

/** Cell metadata keys that record a session (timings, scroll state), not content; the normal form drops them. */
const VOLATILE_CELL_METADATA = ["execution", "ExecuteTime", "collapsed", "scrolled", "trusted"];
const ID_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const WHERE = "parseNotebook";

/** A cell's source as one string. */
export function sourceText(source: MultilineString): string {
  return Array.isArray(source) ? source.join("") : source;
}

/** Splits text the way Jupyter stores it on disk: lines keeping their "\n", the last without one. */
export function toLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines.length === 1 && lines[0] === "" ? [] : lines;
}

/** Parses notebook JSON, checking the fields the workbench relies on; `file` names the notebook in errors. */
export function parseNotebook(json: string, file = "notebook"): Notebook {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (err) {
    throw new WorkbenchInputError(WHERE, file, `must be valid JSON (${(err as Error).message})`);
  }
  const nb = requireRecord(WHERE, file, raw);
  if (nb.nbformat !== 4) throw new WorkbenchInputError(WHERE, `${file}.nbformat`, "must be 4", nb.nbformat);
  const minor = nb.nbformat_minor;
  if (typeof minor !== "number" || !Number.isInteger(minor)) {
    throw new WorkbenchInputError(WHERE, `${file}.nbformat_minor`, "must be an integer", minor);
  }
  requireRecord(WHERE, `${file}.metadata`, nb.metadata);
  requireArray(WHERE, `${file}.cells`, nb.cells).forEach((c, i) => checkCell(c, `${file}.cells[${i}]`));
  return nb as unknown as Notebook;
}

function checkCell(value: unknown, param: string): void {
  const cell = requireRecord(WHERE, param, value);
  if (cell.cell_type !== "code" && cell.cell_type !== "markdown" && cell.cell_type !== "raw") {
    throw new WorkbenchInputError(WHERE, `${param}.cell_type`, 'must be "code", "markdown" or "raw"', cell.cell_type);
  }
  const src = cell.source;
  if (typeof src !== "string" && !(Array.isArray(src) && src.every((s) => typeof s === "string"))) {
    throw new WorkbenchInputError(WHERE, `${param}.source`, "must be a string or a list of strings", src);
  }
  if (cell.id !== undefined && typeof cell.id !== "string") {
    throw new WorkbenchInputError(WHERE, `${param}.id`, "must be a string", cell.id);
  }
  if (cell.metadata !== undefined) requireRecord(WHERE, `${param}.metadata`, cell.metadata);
  if (cell.cell_type === "code" && cell.outputs !== undefined) requireArray(WHERE, `${param}.outputs`, cell.outputs);
}

const TRANSLATION_HASH = /^[0-9a-f]{16}$/;

/** Why `value` is not a well-formed `metadata.zh`, or null when it is. */
export function cellTranslationProblem(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "metadata.zh must be an object {en, source}";
  const keys = Object.keys(value).sort();
  if (keys.join(",") !== "en,source") return `metadata.zh must have exactly the keys en and source (has ${keys.join(", ") || "none"})`;
  const { en, source } = value as Record<string, unknown>;
  if (typeof en !== "string" || !TRANSLATION_HASH.test(en)) return "metadata.zh.en must be 16 lowercase hex digits (the hash of the English source)";
  if (!Array.isArray(source) || !source.every((s) => typeof s === "string")) return "metadata.zh.source must be a list of strings";
  const bad = source.findIndex((s, i) => (i < source.length - 1 ? !s.endsWith("\n") || s.slice(0, -1).includes("\n") : s.includes("\n")));
  if (bad >= 0) return `metadata.zh.source must be lines, each ending in "\\n" but the last (line ${bad + 1} is not)`;
  if (source.join("").trim() === "") return "metadata.zh.source must not be empty";
  return null;
}

/** A stable id for a cell that has none: from the notebook's name, the cell's position and its source. */
function derivedId(notebookName: string, index: number, source: string, taken: ReadonlySet<string>): string {
  for (let salt = 0; ; salt++) {
    const id = createHash("sha256").update(`${notebookName}\0${index}\0${salt}\0${source}`).digest("hex").slice(0, 12);
    if (!taken.has(id)) return id;
  }
}

/**
 * The committed form: outputs and execution counts cleared, session-only metadata dropped, every cell a unique
 * valid `id` (kept when it already has one), sources as lists of lines, the tslab kernelspec. Pure.
 */
export function normaliseNotebook(nb: Notebook, notebookName: string): Notebook {
  const taken = new Set<string>();
  const kept = nb.cells.map((c) => (c.id !== undefined && ID_PATTERN.test(c.id) && !taken.has(c.id) ? (taken.add(c.id), c.id) : null));
  const cells = nb.cells.map((cell, i): Cell => {
    let id = kept[i] ?? null;
    if (id === null) {
      id = derivedId(notebookName, i, sourceText(cell.source), taken);
      taken.add(id);
    }
    const metadata = Object.fromEntries(Object.entries(cell.metadata ?? {}).filter(([k]) => !VOLATILE_CELL_METADATA.includes(k)));
    const source = toLines(sourceText(cell.source));
    if (cell.cell_type === "code") return { cell_type: "code", id, metadata, source, outputs: [], execution_count: null };
    return { ...cell, id, metadata, source };
  });
  const metadata = { ...nb.metadata, kernelspec: { ...TSLAB_KERNELSPEC }, language_info: { ...TSLAB_LANGUAGE_INFO } };
  return { nbformat: 4, nbformat_minor: Math.max(5, nb.nbformat_minor), metadata, cells };
}

/** JSON as Jupyter writes notebooks: keys sorted, indent 1, non-ASCII kept, a final newline. */
export function serialiseNotebook(nb: Notebook): string {
  return JSON.stringify(sortKeys(nb), null, 1) + "\n";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === "object" && value !== null) {
    const obj = value as JsonObject;
    return Object.fromEntries(
      Object.keys(obj)
        .sort()
        .map((k) => [k, sortKeys(obj[k])]),
    );
  }
  return value;
}

/**
 * What keeps a committed notebook from being in normal form, one line per problem (empty when it is).
 * `text` is the file's content; `notebookName` seeds ids for cells without one.
 */
export function normalFormProblems(text: string, notebookName: string): string[] {
  const nb = parseNotebook(text, notebookName);
  const problems: string[] = [];
  const seen = new Set<string>();
  nb.cells.forEach((cell, i) => {
    const where = `cell ${i + 1}`;
    if (cell.id === undefined) problems.push(`${where} has no id`);
    else if (!ID_PATTERN.test(cell.id)) problems.push(`${where} has an invalid id ${JSON.stringify(cell.id)}`);
    else if (seen.has(cell.id)) problems.push(`${where} repeats the id ${JSON.stringify(cell.id)}`);
    if (cell.id !== undefined) seen.add(cell.id);
    if (cell.cell_type === "code" && cell.outputs.length > 0) problems.push(`${where} has outputs`);
    if (cell.cell_type === "code" && cell.execution_count !== null) problems.push(`${where} has an execution count`);
    const zh = cell.metadata?.zh;
    if (zh !== undefined && cell.cell_type !== "markdown") problems.push(`${where} has metadata.zh, but only markdown cells carry a Chinese text`);
    else if (zh !== undefined) {
      const bad = cellTranslationProblem(zh);
      if (bad !== null) problems.push(`${where}: ${bad}`);
    }
  });
  const kernel = (nb.metadata.kernelspec as JsonObject | undefined)?.name;
  if (kernel !== TSLAB_KERNELSPEC.name) problems.push(`the kernelspec is ${JSON.stringify(kernel)}, not "tslab"`);
  if (problems.length === 0 && serialiseNotebook(normaliseNotebook(nb, notebookName)) !== text) {
    problems.push("the file is not in the canonical layout (sorted keys, indent 1, sources as lines, session metadata dropped)");
  }
  return problems;
}
