/**
 * The static page's script in Node: a stand-in page (one code cell), a stand-in Worker that answers runs, a
 * stand-in localStorage, and the shared editor replaced by one holding the text. Checks the script's own logic;
 * the real page in Chromium is test/system/static-site.test.ts.
 */
import { describe, expect, it, vi } from "vitest";

vi.mock("../../../../lib/notebooks/live/browser/cell-editor.js", () => ({
  replaceWithEditor: (_s: unknown, doc: string, hooks: { onChange(): void }) => {
    const view = { text: doc, hooks, state: { doc: { toString: () => view.text } } };
    return view;
  },
  setEditorText: (view: { text: string; hooks: { onChange(): void } }, text: string) => {
    view.text = text;
    view.hooks.onChange();
  },
}));

class El {
  dataset: Record<string, string> = {};
  textContent = "";
  innerHTML = "";
  hidden = true;
  title = "";
  removeAttribute = (name: string) => {
    if (name === "title") this.title = "";
  };
  classes = new Set<string>();
  classList = { add: (c: string) => this.classes.add(c), remove: (c: string) => this.classes.delete(c), toggle: (c: string, on: boolean) => (on ? this.classes.add(c) : this.classes.delete(c)) };
  children: Record<string, El> = {};
  listeners: (() => unknown)[] = [];
  querySelector = (s: string) => this.children[s] ?? null;
  addEventListener = (_t: string, fn: () => unknown) => this.listeners.push(fn);
}

const workers: { url: string; posted: { id: number; code: string }[]; terminated: boolean; emit(m: unknown): void }[] = [];
class FakeWorker {
  private fns: ((e: { data: unknown }) => void)[] = [];
  readonly rec;
  constructor(url: URL, options: { type: string }) {
    expect(options.type).toBe("module");
    this.rec = { url: String(url), posted: [] as { id: number; code: string }[], terminated: false, emit: (m: unknown) => this.fns.forEach((f) => f({ data: m })) };
    workers.push(this.rec);
  }
  addEventListener(type: string, fn: (e: { data: unknown }) => void) {
    if (type === "message") this.fns.push(fn);
  }
  postMessage(m: { id: number; code: string }) {
    this.rec.posted.push(m);
    queueMicrotask(() => this.rec.emit({ type: "done", id: m.id, ok: true, count: 1, outputs: [{ output_type: "stream", name: "stdout", text: `ran ${m.code}\n` }] }));
  }
  terminate() {
    this.rec.terminated = true;
  }
}

const store = new Map<string, string>();
const cell = new El();
cell.dataset.cellId = "c1";
for (const s of [".prompt", ".outputs", ".cell-state", "button.run", "button.revert"]) cell.children[s] = new El();
cell.children["pre.source"] = Object.assign(new El(), { textContent: "1 + 1" });
const second = new El();
second.dataset.cellId = "c2";
for (const s of [".prompt", ".outputs", ".cell-state", "button.run", "button.revert"]) second.children[s] = new El();
second.children["pre.source"] = Object.assign(new El(), { textContent: "3 + 3" });
// as ../../html.ts writes them: the build's outputs, labelled, under a blank prompt
for (const c of [cell, second]) Object.assign(c.children[".outputs"]!, { innerHTML: "<pre>stored</pre>", dataset: { from: "stored output from the build" }, title: "stored" });
const bar = Object.assign(new El(), { dataset: { notebook: "01-x" } });
const ids: Record<string, El> = { "kernel-state": new El(), "run-all": new El(), interrupt: new El(), restart: new El(), "revert-all": new El() };
store.set("aider-workbench:/sub/01-x:c1", "2 + 2");
vi.stubGlobal("document", {
  baseURI: "http://site.test/sub/01-x.html",
  querySelector: (s: string) => (s === ".live-bar" ? bar : null),
  querySelectorAll: () => [cell, second],
  getElementById: (id: string) => ids[id] ?? null,
});
vi.stubGlobal("location", { pathname: "/sub/01-x.html" });
vi.stubGlobal("localStorage", { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
vi.stubGlobal("Worker", FakeWorker);
vi.stubGlobal("window", {});
await import("../../../../lib/notebooks/static/browser/site-client.js");
const site = (globalThis as unknown as { window: { workbenchSite: { runAll(): Promise<boolean>; cells(): { id: string; outputs: unknown }[]; edit(i: number, c: string): void } } }).window.workbenchSite;

describe("the static page's script", () => {
  it("starts a module worker beside the page, and opens a cell with the reader's saved edit", () => {
    expect(workers[0]!.url).toBe("http://site.test/sub/assets/site/worker.js");
    expect(cell.classes.has("edited")).toBe(true);
    expect(cell.children["button.revert"]!.hidden).toBe(false);
  });
  it("says the fresh worker has run nothing until a cell runs", () => {
    workers[0]!.emit({ type: "ready" });
    expect(ids["kernel-state"]!.textContent).toBe("runtime: ready — nothing run yet — running a cell runs the cells above it first (it runs in this browser)");
  });
  it("runs cells in the worker and shows what it answers, without the build's label, under the worker's count", async () => {
    expect(await site.runAll()).toBe(true);
    expect(workers[0]!.posted.map((p) => p.code)).toEqual(["2 + 2", "3 + 3"]);
    const outputs = cell.children[".outputs"]!;
    expect(outputs.innerHTML).toBe('<pre class="stream stdout">ran 2 + 2\n</pre>');
    expect([outputs.dataset.from, outputs.title]).toEqual([undefined, ""]);
    expect(cell.children[".prompt"]!.textContent).toBe("In [1]:");
    expect(ids["kernel-state"]!.textContent).toBe("runtime: idle — 2 of 2 code cells run");
  });
  it("forgets an edit put back to the notebook's code, and Interrupt starts a fresh worker", async () => {
    site.edit(0, "1 + 1");
    expect(store.has("aider-workbench:/sub/01-x:c1")).toBe(false);
    expect(cell.classes.has("edited")).toBe(false);
    await ids.interrupt!.listeners[0]!();
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(ids["kernel-state"]!.textContent).toMatch(/interrupted — every variable is gone; running a cell runs the cells above it first/);
    // what the old worker printed stays, labelled as an earlier session's, under blank prompts
    expect(cell.children[".outputs"]!.dataset.from).toBe("output from an earlier session");
    expect(cell.children[".prompt"]!.textContent).toBe("In [ ]:");
  });
  it("runs the cells above that the fresh worker has not run before the one asked for, then only that one", async () => {
    const states: string[] = [];
    const state = ids["kernel-state"]!;
    let text = "";
    Object.defineProperty(state, "textContent", { get: () => text, set: (v: string) => void states.push((text = v)) });
    await second.children["button.run"]!.listeners[0]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(workers[1]!.posted.map((p) => p.code)).toEqual(["1 + 1", "3 + 3"]);
    expect(states).toContain("runtime: running the cells above cell 2 first: cell 1 (1 of 1)");
    await second.children["button.run"]!.listeners[0]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(workers[1]!.posted.map((p) => p.code)).toEqual(["1 + 1", "3 + 3", "3 + 3"]);
  });
});
