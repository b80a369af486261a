/// <reference lib="dom" />
/**
 * The script of a static-site notebook page: every code cell becomes the live pages' editor
 * (`../../live/browser/cell-editor.ts`) and runs in a Web Worker in this browser (`worker.ts`), never on a server.
 * Running a cell first runs the cells above it this worker has not run (as the live pages do). Run all, Interrupt
 * (ends the worker; a fresh one starts), Restart, Revert; edits are kept in localStorage.
 * Prompts, labels and the state line are the live pages' (`../../live/browser/session-view.ts`): a prompt is this
 * worker's count, an output it did not produce is labelled (the build's, or an earlier worker's), the state line
 * counts what it ran. Cells the site marks as recorded at build time (they need what a browser lacks) keep their
 * recorded outputs, labelled as the build's.
 * `window.workbenchSite` lets a test drive the page (`runAll`) and read each cell's outputs.
 */
import type { EditorView } from "codemirror";
import { replaceWithEditor, setEditorText } from "../../live/browser/cell-editor.js";
import { labelEarlier, ownOutputs, setPrompt, STATE, stateLine } from "../../live/browser/session-view.js";
import type { Output } from "../../ipynb.js";
import { renderOutputsWith } from "../../output-html.js";
import type { WorkerReply } from "./protocol.js";

interface SiteCell {
  id: string;
  section: HTMLElement;
  view: EditorView;
  original: string;
  recorded: boolean;
  outputs: Output[] | null;
}

const bar = document.querySelector<HTMLElement>(".live-bar");
const notebook = bar?.dataset.notebook ?? "";
const state = document.getElementById("kernel-state");
const storageKey = (cell: SiteCell) => `aider-workbench:${location.pathname.replace(/[^/]*$/, "")}${notebook}:${cell.id}`;
const cells: SiteCell[] = [];
/** The cells this worker has run without error: a fresh worker has run none (what a cell needs runs first). */
const ran = new Set<SiteCell>();
let stopRunAll = false;

const say = stateLine(state, { en: "runtime", zh: "运行环境" });

type Pending = { resolve: (done: Extract<WorkerReply, { type: "done" }> | null) => void; cell: SiteCell };
let worker: Worker;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): void {
  worker = new Worker(new URL("assets/site/worker.js", document.baseURI), { type: "module" });
  worker.addEventListener("message", (event: MessageEvent<WorkerReply>) => {
    const msg = event.data;
    if (msg.type === "ready") return say(STATE.ready(ran.size, cells.length));
    const p = pending.get(msg.id);
    if (!p) return;
    showOutputs(p.cell, msg.outputs);
    if (msg.type === "done") {
      pending.delete(msg.id);
      p.resolve(msg);
    }
  });
  worker.addEventListener("error", (e) => say({ en: `worker failed: ${e.message}`, zh: `工作线程出错：${e.message}` }));
}

function stopWorker(why: string): void {
  worker.terminate();
  for (const p of pending.values()) p.resolve(null);
  pending.clear();
  ran.clear();
  for (const cell of cells) {
    setPrompt(cell.section, " ");
    labelEarlier(outputsOf(cell));
  }
  startWorker();
  say(STATE.stopped(why));
}

const outputsOf = (cell: SiteCell) => cell.section.querySelector<HTMLElement>(".outputs")!;

/** Outputs this worker produced for `cell`: shown in place of what was there, without a label. */
function showOutputs(cell: SiteCell, outputs: Output[]): void {
  cell.outputs = outputs;
  const box = outputsOf(cell);
  box.innerHTML = renderOutputsWith(outputs);
  ownOutputs(box);
}

function markEdited(cell: SiteCell): void {
  const edited = cell.view.state.doc.toString() !== cell.original;
  cell.section.classList.toggle("edited", edited);
  const revert = cell.section.querySelector<HTMLButtonElement>("button.revert");
  if (revert) revert.hidden = !edited;
  const label = cell.section.querySelector(".cell-state");
  if (label) label.textContent = edited ? "edited" : cell.recorded ? `recorded when the site was built (needs a real git); to run it: ${cell.section.dataset.recorded}` : "";
  try {
    if (edited) localStorage.setItem(storageKey(cell), cell.view.state.doc.toString());
    else localStorage.removeItem(storageKey(cell));
  } catch {
    // storage full or disabled: the edit stays in the page
  }
}

/** Runs one cell in the worker; resolves true when it ran without error. */
async function runCell(cell: SiteCell): Promise<boolean> {
  if (cell.recorded && cell.view.state.doc.toString() === cell.original) return true; // its recorded outputs stay
  cell.section.classList.add("running");
  cell.section.classList.remove("failed");
  setPrompt(cell.section, "*");
  say(STATE.running(cells.indexOf(cell) + 1));
  showOutputs(cell, []);
  const id = nextId++;
  const done = await new Promise<Extract<WorkerReply, { type: "done" }> | null>((resolve) => {
    pending.set(id, { resolve, cell });
    worker.postMessage({ type: "run", id, code: cell.view.state.doc.toString() });
  });
  cell.section.classList.remove("running");
  if (!done) return false;
  setPrompt(cell.section, String(done.count));
  cell.section.classList.toggle("failed", !done.ok);
  if (done.ok) ran.add(cell);
  say(STATE.idle(ran.size, cells.length));
  return done.ok;
}

/**
 * What Run and Shift-Enter do: first the code cells above that this worker has not run (each shown running in its
 * place, the state line counting them), as the live pages do; the first that fails stops the run and says so.
 */
async function runWithAbove(cell: SiteCell): Promise<boolean> {
  const at = cells.indexOf(cell);
  const missing = cells.slice(0, at).filter((c) => !ran.has(c) && !(c.recorded && c.view.state.doc.toString() === c.original));
  for (const [i, above] of missing.entries()) {
    say(STATE.above(at + 1, cells.indexOf(above) + 1, i + 1, missing.length));
    if (!(await runCell(above))) {
      say(STATE.aboveFailed(at + 1, cells.indexOf(above) + 1));
      return false;
    }
  }
  return runCell(cell);
}

function makeCell(section: HTMLElement): void {
  const id = section.dataset.cellId;
  const original = section.querySelector("pre.source")?.textContent;
  if (!id || original === undefined || original === null) return;
  const cell = { id, section, original, recorded: section.dataset.recorded !== undefined, outputs: null } as SiteCell;
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(storageKey(cell));
  } catch {
    saved = null;
  }
  const view = replaceWithEditor(section, saved ?? original, { onRun: () => void runWithAbove(cell), onChange: () => markEdited(cell) });
  if (!view) return;
  cell.view = view;
  markEdited(cell);
  section.querySelector("button.run")?.addEventListener("click", () => void runWithAbove(cell));
  section.querySelector("button.revert")?.addEventListener("click", () => {
    setEditorText(cell.view, cell.original);
    markEdited(cell);
  });
  cells.push(cell);
}

async function runAll(): Promise<boolean> {
  stopRunAll = false;
  for (const cell of cells) {
    if (stopRunAll || !(await runCell(cell))) return false;
  }
  return true;
}

document.querySelectorAll<HTMLElement>("section.cell.code[data-cell-id]").forEach(makeCell);
// offline once loaded: sw.js keeps what the site served (it sits at the site's root, beside the pages)
if (typeof navigator !== "undefined" && navigator.serviceWorker) navigator.serviceWorker.register("sw.js").catch(() => {});
startWorker();
document.getElementById("run-all")?.addEventListener("click", () => void runAll());
document.getElementById("interrupt")?.addEventListener("click", () => {
  stopRunAll = true;
  stopWorker("interrupted");
});
document.getElementById("restart")?.addEventListener("click", () => {
  stopRunAll = true;
  stopWorker("restarted");
});
document.getElementById("revert-all")?.addEventListener("click", () => {
  for (const cell of cells) {
    setEditorText(cell.view, cell.original);
    markEdited(cell);
  }
});

(window as unknown as { workbenchSite: unknown }).workbenchSite = {
  runAll,
  /** Each code cell's id, recorded flag and outputs (null when it has not run in this page). */
  cells: () => cells.map((c) => ({ id: c.id, recorded: c.recorded, outputs: c.outputs })),
  edit: (index: number, code: string) => setEditorText(cells[index]!.view, code),
};
