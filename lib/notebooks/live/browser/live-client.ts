/// <reference lib="dom" />
/**
 * The script of a live notebook page (bundled by `client-bundle.ts`): every code cell becomes a CodeMirror 6
 * editor with TypeScript highlighting; Run (or Shift-Enter) sends the cell to the server's session and shows its
 * outputs as they stream in; the toolbar runs all cells, interrupts, restarts and reverts. Edits are saved to the
 * learner's copy a moment after typing stops, and on every run.
 */
import type { EditorView } from "codemirror";
import { replaceWithEditor } from "./cell-editor.js";

type Done = { type: "done"; ok: boolean; count: number | null; stopped: string | null; html: string };
type Line = { type: "started"; edited: boolean } | { type: "outputs"; html: string } | Done;

interface LiveCell {
  id: string;
  section: HTMLElement;
  view: EditorView;
  saveTimer: number | undefined;
}

const bar = document.querySelector<HTMLElement>(".live-bar");
const notebook = bar?.dataset.notebook ?? "";
const state = document.getElementById("kernel-state");
const cells: LiveCell[] = [];
let stopRunAll = false;

const say = (text: string) => {
  if (state) state.textContent = `session: ${text}`;
};

async function post(action: string, body: Record<string, unknown>): Promise<Response> {
  const res = await fetch(`api/${action}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ notebook, ...body }),
  });
  if (!res.ok) throw new Error(`${action}: ${res.status} ${await res.text()}`);
  return res;
}

function markEdited(cell: LiveCell, edited: boolean): void {
  cell.section.classList.toggle("edited", edited);
  const revert = cell.section.querySelector<HTMLButtonElement>("button.revert");
  if (revert) revert.hidden = !edited;
  const label = cell.section.querySelector(".cell-state");
  if (label) label.textContent = edited ? "edited" : "";
}

function setPrompt(cell: LiveCell, text: string): void {
  const prompt = cell.section.querySelector(".prompt");
  if (prompt) prompt.textContent = `In [${text}]:`;
}

function scheduleSave(cell: LiveCell): void {
  window.clearTimeout(cell.saveTimer);
  cell.saveTimer = window.setTimeout(() => {
    post("save", { cellId: cell.id, code: cell.view.state.doc.toString() })
      .then(async (r) => markEdited(cell, ((await r.json()) as { edited: boolean }).edited))
      .catch((e: unknown) => say(String(e)));
  }, 800);
}

/** Runs one cell; resolves true when it ran without error. */
async function runCell(cell: LiveCell): Promise<boolean> {
  window.clearTimeout(cell.saveTimer);
  const outputs = cell.section.querySelector<HTMLElement>(".outputs")!;
  cell.section.classList.add("running");
  cell.section.classList.remove("failed");
  setPrompt(cell, "*");
  say(`running cell ${cells.indexOf(cell) + 1}`);
  outputs.innerHTML = "";
  let done: Done | undefined;
  try {
    const res = await post("run", { cellId: cell.id, code: cell.view.state.doc.toString() });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buffer += value;
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffer.slice(0, nl)) as Line;
        buffer = buffer.slice(nl + 1);
        if (line.type === "started") markEdited(cell, line.edited);
        else if (line.type === "outputs") outputs.innerHTML = line.html;
        else done = line;
      }
    }
  } catch (e) {
    outputs.innerHTML = `<pre class="stream stderr"></pre>`;
    outputs.firstElementChild!.textContent = String(e);
  }
  cell.section.classList.remove("running");
  if (done) outputs.innerHTML = done.html;
  setPrompt(cell, done?.count === null || done?.count === undefined ? " " : String(done.count));
  const ok = done?.ok === true;
  cell.section.classList.toggle("failed", !ok);
  say(done?.stopped ? `${done.stopped} — starts afresh at the next run` : "idle");
  return ok;
}

function makeEditor(section: HTMLElement): void {
  const id = section.dataset.cellId;
  if (!id) return;
  const cell: LiveCell = { id, section, view: undefined as unknown as EditorView, saveTimer: undefined };
  const view = replaceWithEditor(section, null, { onRun: () => void runCell(cell), onChange: () => scheduleSave(cell) });
  if (!view) return;
  cell.view = view;
  section.querySelector("button.run")?.addEventListener("click", () => void runCell(cell));
  section.querySelector("button.revert")?.addEventListener("click", () => {
    window.clearTimeout(cell.saveTimer);
    post("revert", { cellId: id })
      .then(async (r) => {
        const { source } = (await r.json()) as { source: string };
        cell.view.dispatch({ changes: { from: 0, to: cell.view.state.doc.length, insert: source } });
        window.clearTimeout(cell.saveTimer);
        markEdited(cell, false);
      })
      .catch((e: unknown) => say(String(e)));
  });
  cells.push(cell);
}

document.querySelectorAll<HTMLElement>("section.cell.code[data-cell-id]").forEach(makeEditor);

document.getElementById("run-all")?.addEventListener("click", async () => {
  stopRunAll = false;
  for (const cell of cells) {
    if (stopRunAll || !(await runCell(cell))) break;
  }
});
document.getElementById("interrupt")?.addEventListener("click", () => {
  stopRunAll = true;
  post("interrupt", {}).catch((e: unknown) => say(String(e)));
});
document.getElementById("restart")?.addEventListener("click", () => {
  stopRunAll = true;
  post("restart", {})
    .then(() => {
      for (const cell of cells) setPrompt(cell, " ");
      say("restarted — every variable is gone");
    })
    .catch((e: unknown) => say(String(e)));
});
document.getElementById("revert-all")?.addEventListener("click", () => {
  post("revert", {})
    .then(async (r) => {
      const { sources } = (await r.json()) as { sources: Record<string, string> };
      for (const cell of cells) {
        window.clearTimeout(cell.saveTimer);
        const source = sources[cell.id];
        if (source !== undefined) cell.view.dispatch({ changes: { from: 0, to: cell.view.state.doc.length, insert: source } });
        window.clearTimeout(cell.saveTimer);
        markEdited(cell, false);
      }
    })
    .catch((e: unknown) => say(String(e)));
});
say("ready (it runs on this machine)");
