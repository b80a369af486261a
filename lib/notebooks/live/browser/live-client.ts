/// <reference lib="dom" />
/**
 * The script of a live notebook page (bundled by `client-bundle.ts`): every code cell becomes a CodeMirror 6
 * editor with TypeScript highlighting; Run (or Shift-Enter) sends the cell to the server's session, which first
 * runs the cells above it that the session has not run (each shown running in its own place, the state line
 * counting them); outputs arrive as increments and are appended as they come. Prompts and the state line show what
 * the session has run; outputs it has not produced are labelled as stored ones. The toolbar runs all cells,
 * interrupts, restarts and reverts (after asking). Edits are saved a moment after typing stops, and on every run.
 */
import type { EditorView } from "codemirror";
import { replaceWithEditor } from "./cell-editor.js";
import { labelEarlier, ownOutputs, setPrompt as setSectionPrompt, STATE, stateLine } from "./session-view.js";

type Delta = { index: number; name: string; text: string } | { index: number; html: string };
type Line =
  | { type: "started"; edited: boolean }
  | { type: "first"; cellIds: string[] }
  | { type: "begin"; cellId: string | null }
  | { type: "outputs"; cellId: string | null; deltas: Delta[] }
  | { type: "end"; cellId: string | null; ok: boolean; count: number | null; stopped: string | null }
  | { type: "done"; ok: boolean; count: number | null; stopped: string | null; ran: number; of: number };
type State = { cells?: Record<string, { count: number; ok: boolean }>; ran?: number; of?: number };

interface LiveCell {
  id: string;
  section: HTMLElement;
  view: EditorView;
  saveTimer: number | undefined;
  /** Typed and not saved yet. */
  unsaved: boolean;
  /** The output elements by output index, while the session's run of the cell fills them. */
  shown: HTMLElement[];
}

const bar = document.querySelector<HTMLElement>(".live-bar");
const notebook = bar?.dataset.notebook ?? "";
const state = document.getElementById("kernel-state");
const cells: LiveCell[] = [];
let stopRunAll = false;

const say = stateLine(state, { en: "session", zh: "会话" });

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

const setPrompt = (cell: LiveCell, text: string) => setSectionPrompt(cell.section, text);

const outputsOf = (cell: LiveCell) => cell.section.querySelector<HTMLElement>(".outputs")!;

/** Prompts as the session has them: a count for each cell it ran, none (and its outputs labelled) for the rest. */
function showState(s: State): void {
  const ran = s.cells ?? {};
  for (const cell of cells) {
    const r = ran[cell.id];
    setPrompt(cell, r ? String(r.count) : " ");
    if (!r) labelEarlier(outputsOf(cell));
  }
}

async function refreshState(): Promise<State | undefined> {
  try {
    const s = (await (await post("state", {})).json()) as State;
    showState(s);
    return s;
  } catch (e) {
    say(STATE.verbatim(String(e)));
    return undefined;
  }
}

function scheduleSave(cell: LiveCell): void {
  window.clearTimeout(cell.saveTimer);
  cell.unsaved = true;
  cell.saveTimer = window.setTimeout(() => {
    post("save", { cellId: cell.id, code: cell.view.state.doc.toString() })
      .then(async (r) => {
        cell.unsaved = false;
        markEdited(cell, ((await r.json()) as { edited: boolean }).edited);
      })
      .catch((e: unknown) => say(STATE.verbatim(String(e))));
  }, 800);
}

/** A cell starts running in the session: its old outputs go. */
function begin(cell: LiveCell): void {
  const outputs = outputsOf(cell);
  outputs.innerHTML = "";
  ownOutputs(outputs);
  cell.shown = [];
  cell.section.classList.add("running");
  cell.section.classList.remove("failed");
  setPrompt(cell, "*");
}

/** Appends new stream text, or puts a rendered display in its place. */
function apply(cell: LiveCell, delta: Delta): void {
  const outputs = outputsOf(cell);
  let el = cell.shown[delta.index];
  if ("text" in delta) {
    if (!el || !el.classList.contains(delta.name)) {
      const pre = document.createElement("pre");
      pre.className = `stream ${delta.name}`;
      if (el) el.replaceWith(pre);
      else outputs.append(pre);
      el = cell.shown[delta.index] = pre;
    }
    el.append(delta.text);
    return;
  }
  const box = document.createElement("div");
  box.className = "output";
  box.innerHTML = delta.html;
  if (el) el.replaceWith(box);
  else outputs.append(box);
  cell.shown[delta.index] = box;
}

function end(cell: LiveCell, line: Extract<Line, { type: "end" }>): void {
  cell.section.classList.remove("running");
  cell.section.classList.toggle("failed", !line.ok);
  setPrompt(cell, line.count === null ? " " : String(line.count));
}

/** Runs one cell (the session runs what it needs above it first); resolves true when it ran without error. */
async function runCell(cell: LiveCell): Promise<boolean> {
  window.clearTimeout(cell.saveTimer);
  cell.unsaved = false;
  const byId = (id: string | null) => (id === null ? cell : (cells.find((c) => c.id === id) ?? cell));
  const number = (c: LiveCell) => cells.indexOf(c) + 1;
  begin(cell);
  say(STATE.running(number(cell)));
  let first: string[] = [];
  let done: Extract<Line, { type: "done" }> | undefined;
  try {
    const res = await post("run", { cellId: cell.id, code: cell.view.state.doc.toString() });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    const take = (line: Line) => {
      if (line.type === "started") markEdited(cell, line.edited);
      else if (line.type === "first") {
        first = line.cellIds;
        for (const id of first) setPrompt(byId(id), "*"); // queued, as Jupyter shows it
      } else if (line.type === "begin") {
        const c = byId(line.cellId);
        if (c !== cell) begin(c);
        const step = first.indexOf(c.id);
        say(step < 0 ? STATE.running(number(c)) : STATE.above(number(cell), number(c), step + 1, first.length));
      } else if (line.type === "outputs") line.deltas.forEach((d) => apply(byId(line.cellId), d));
      else if (line.type === "end") end(byId(line.cellId), line);
      else done = line;
    };
    for (;;) {
      const { value, done: over } = await reader.read();
      if (over) break;
      buffer += value;
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffer.slice(0, nl)) as Line;
        buffer = buffer.slice(nl + 1);
        take(line);
      }
    }
  } catch (e) {
    const pre = document.createElement("pre");
    pre.className = "stream stderr";
    pre.textContent = String(e);
    outputsOf(cell).append(pre);
  }
  for (const c of cells) c.section.classList.remove("running");
  if (!done) {
    setPrompt(cell, " ");
    cell.section.classList.add("failed");
    say(STATE.cutOff());
    return false;
  }
  end(cell, { type: "end", cellId: cell.id, ok: done.ok, count: done.count, stopped: done.stopped });
  if (done.stopped) {
    await refreshState();
    say(STATE.stopped(done.stopped));
  } else say(STATE.idle(done.ran, done.of));
  return done.ok;
}

function makeEditor(section: HTMLElement): void {
  const id = section.dataset.cellId;
  if (!id) return;
  const cell: LiveCell = { id, section, view: undefined as unknown as EditorView, saveTimer: undefined, unsaved: false, shown: [] };
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
        cell.unsaved = false;
        markEdited(cell, false);
      })
      .catch((e: unknown) => say(STATE.verbatim(String(e))));
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
  post("interrupt", {}).catch((e: unknown) => say(STATE.verbatim(String(e))));
});
document.getElementById("restart")?.addEventListener("click", () => {
  stopRunAll = true;
  post("restart", {})
    .then(async () => {
      await refreshState();
      say(STATE.stopped("restarted"));
    })
    .catch((e: unknown) => say(STATE.verbatim(String(e))));
});
document.getElementById("revert-all")?.addEventListener("click", async () => {
  const edited = cells.filter((c) => c.unsaved || c.section.classList.contains("edited")).length;
  if (edited === 0) {
    say(STATE.nothingToRevert());
    return;
  }
  const what = edited === 1 ? "your edits in 1 cell" : `your edits in ${edited} cells`;
  if (!window.confirm(`Revert notebook: discard ${what} and put the notebook's own code back? This cannot be undone.`)) return;
  try {
    // an edit still waiting for its save is saved first, so that the server hands its original back too
    await Promise.all(cells.filter((c) => c.unsaved).map((c) => (window.clearTimeout(c.saveTimer), post("save", { cellId: c.id, code: c.view.state.doc.toString() }))));
    const r = await post("revert", {});
    const { sources } = (await r.json()) as { sources: Record<string, string> };
    for (const cell of cells) {
      window.clearTimeout(cell.saveTimer);
      const source = sources[cell.id];
      if (source !== undefined) cell.view.dispatch({ changes: { from: 0, to: cell.view.state.doc.length, insert: source } });
      window.clearTimeout(cell.saveTimer);
      cell.unsaved = false;
      markEdited(cell, false);
    }
  } catch (e) {
    say(STATE.verbatim(String(e)));
  }
});
void refreshState().then((s) => {
  if (s) say(STATE.ran(s.ran ?? 0, s.of ?? cells.length, "machine"));
});
