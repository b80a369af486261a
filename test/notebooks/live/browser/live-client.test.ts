/**
 * The live page's script, run in Node against a page and an API built here: a few stand-in elements with the
 * selectors the script looks for, `fetch` answering from the test (the run's NDJSON streamed in chunks that split
 * lines), and CodeMirror replaced by a stand-in editor holding the text. What is checked is the script's own
 * logic: what it sends, how it reads the stream, and what it shows. The real page in Chromium, with the real
 * editor and server, is test/system/live-notebook.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("codemirror", () => {
  /** Holds the text; `dispatch` replaces a range and tells the update listeners, as CodeMirror does. */
  class EditorView {
    static lineWrapping = { lineWrapping: true };
    static updateListener = { of: (update: (u: { docChanged: boolean }) => void) => ({ update }) };
    text: string;
    readonly extensions: unknown[];
    constructor(config: { doc: string; parent: { view?: unknown }; extensions: unknown[] }) {
      this.text = config.doc;
      this.extensions = config.extensions;
      config.parent.view = this;
    }
    get state() {
      const text = this.text;
      return { doc: { toString: () => text, length: text.length } };
    }
    dispatch(tr: { changes: { from: number; to: number; insert: string } }) {
      const { from, to, insert } = tr.changes;
      this.text = this.text.slice(0, from) + insert + this.text.slice(to);
      for (const e of this.extensions) if (e && typeof e === "object" && "update" in e) (e as { update: (u: { docChanged: boolean }) => void }).update({ docChanged: true });
    }
  }
  return { EditorView, basicSetup: { basicSetup: true } };
});
vi.mock("@codemirror/view", () => ({ keymap: { of: (bindings: unknown) => ({ keymap: bindings }) } }));
vi.mock("@codemirror/state", () => ({ Prec: { highest: (x: unknown) => x } }));
vi.mock("@codemirror/lang-javascript", () => ({ javascript: () => ({ javascript: true }) }));

interface View {
  text: string;
  extensions: unknown[];
  dispatch(tr: { changes: { from: number; to: number; insert: string } }): void;
}

/** A stand-in element: classes, dataset, text, HTML, listeners, and children found by the exact selector. */
class El {
  readonly dataset: Record<string, string> = {};
  readonly classes = new Set<string>();
  readonly classList = {
    add: (c: string) => this.classes.add(c),
    remove: (c: string) => this.classes.delete(c),
    toggle: (c: string, on: boolean) => (on ? this.classes.add(c) : this.classes.delete(c)),
  };
  textContent: string | null = "";
  innerHTML = "";
  hidden = true;
  className = "";
  errorText: string | undefined;
  replacedBy: El | undefined;
  view: View | undefined;
  readonly children: Record<string, El> = {};
  private readonly listeners: (() => unknown)[] = [];
  querySelector(selector: string): El | null {
    return this.children[selector] ?? null;
  }
  addEventListener(_type: string, fn: () => unknown): void {
    this.listeners.push(fn);
  }
  /** Runs the click listeners; their results (the async ones' promises). */
  click(): Promise<unknown[]> {
    return Promise.all(this.listeners.map((fn) => fn()));
  }
  replaceWith(el: El): void {
    this.replacedBy = el;
  }
  /** The element the script just wrote as innerHTML; only its text is set, which is kept as `errorText`. */
  get firstElementChild(): { textContent: string } {
    const setText = (v: string) => (this.errorText = v);
    return {
      get textContent() {
        return "";
      },
      set textContent(v: string) {
        setText(v);
      },
    };
  }
}

/** A code cell section as html.ts renders it on a live page. */
function cellSection(id: string | undefined, source: string | null): El {
  const s = new El();
  if (id !== undefined) s.dataset.cellId = id;
  for (const sel of ["button.run", "button.revert", ".cell-state", ".prompt", ".outputs"]) s.children[sel] = new El();
  if (source !== null) Object.assign((s.children["pre.source"] = new El()), { textContent: source });
  return s;
}

type Answer = (body: Record<string, unknown>) => Response | Promise<Response>;
const sent: { url: string; method: string; type: string; body: Record<string, unknown> }[] = [];
let answers: Record<string, Answer> = {};
let page: { bar: El; state: El; buttons: Record<string, El>; cells: El[] };

/** Sets up the page with `cells` and loads the script afresh. */
async function load(cells: El[]): Promise<void> {
  const bar = Object.assign(new El(), { dataset: { notebook: "01-x" } });
  const state = new El();
  const buttons = Object.fromEntries(["run-all", "interrupt", "restart", "revert-all"].map((id) => [id, new El()]));
  page = { bar, state, buttons, cells };
  vi.stubGlobal("document", {
    querySelector: (s: string) => (s === ".live-bar" ? bar : null),
    getElementById: (id: string) => (id === "kernel-state" ? state : (buttons[id] ?? null)),
    querySelectorAll: (s: string) => (s === "section.cell.code[data-cell-id]" ? cells.filter((c) => c.dataset.cellId !== undefined) : []),
    createElement: () => new El(),
  });
  vi.stubGlobal("window", { setTimeout: (f: () => void, ms: number) => setTimeout(f, ms), clearTimeout: (t: ReturnType<typeof setTimeout>) => clearTimeout(t) });
  vi.stubGlobal("fetch", async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
    const body = JSON.parse(init.body) as Record<string, unknown>;
    sent.push({ url, method: init.method, type: init.headers["content-type"]!, body });
    const action = url.replace(/^api\//, "");
    const answer = answers[action];
    return answer ? answer(body) : new Response(JSON.stringify({ ok: true }));
  });
  vi.resetModules();
  await import("../../../../lib/notebooks/live/browser/live-client.js");
}

/** A streamed body: `push` sends a chunk, `end` closes it. */
function stream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return { response: new Response(body), push: (s: string) => controller.enqueue(new TextEncoder().encode(s)), end: () => controller.close() };
}
const ndjson = (...lines: unknown[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join("");
const done = (over: Record<string, unknown> = {}) => ({ type: "done", ok: true, count: 1, stopped: null, html: "<p>out</p>", ...over });
const runAnswer = (lines: unknown[]): Answer => () => new Response(ndjson(...lines));
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((d) => setImmediate(d));
};
const prompt = (cell: El) => cell.children[".prompt"]!.textContent;
const view = (cell: El) => cell.children["pre.source"]!.replacedBy!.view!;

beforeEach(() => {
  sent.length = 0;
  answers = {};
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("live-client: the page", () => {
  it("turns each code cell with an id into an editor holding its source, and says it is ready", async () => {
    const cells = [cellSection("c1", "const a = 1;"), cellSection("c2", "a + 1"), cellSection(undefined, "no id"), cellSection("c4", null)];
    await load(cells);
    expect(view(cells[0]!).text).toBe("const a = 1;");
    expect(cells[0]!.children["pre.source"]!.replacedBy!.className).toBe("live-source");
    expect(view(cells[1]!).text).toBe("a + 1");
    expect(cells[2]!.children["pre.source"]!.replacedBy).toBeUndefined();
    expect(page.state.textContent).toBe("session: ready (it runs on this machine)");
  });
});

describe("live-client: running a cell", () => {
  it("sends the cell's code, shows the outputs as the stream brings them (lines split across chunks), then the result", async () => {
    const cells = [cellSection("c1", "console.log(1 + 1)")];
    await load(cells);
    const s = stream();
    answers.run = () => s.response;
    const running = cells[0]!.children["button.run"]!.click();
    await settle();
    expect(sent).toEqual([{ url: "api/run", method: "POST", type: "application/json", body: { notebook: "01-x", cellId: "c1", code: "console.log(1 + 1)" } }]);
    expect([prompt(cells[0]!), page.state.textContent, cells[0]!.classes.has("running")]).toEqual(["In [*]:", "session: running cell 1", true]);
    s.push('{"type":"started","edited":true}\n{"type":"outp');
    s.push('uts","html":"<i>half</i>"}\n{"type":"do');
    await settle();
    expect(cells[0]!.children[".outputs"]!.innerHTML).toBe("<i>half</i>");
    expect(cells[0]!.classes.has("edited")).toBe(true);
    expect(cells[0]!.children["button.revert"]!.hidden).toBe(false);
    expect(cells[0]!.children[".cell-state"]!.textContent).toBe("edited");
    s.push(`${JSON.stringify(done({ count: 3, html: "<b>all</b>" })).slice('{"type":"do'.length)}\n`);
    s.end();
    await running;
    await settle();
    expect(cells[0]!.children[".outputs"]!.errorText).toBeUndefined();
    expect(cells[0]!.children[".outputs"]!.innerHTML).toBe("<b>all</b>");
    expect([prompt(cells[0]!), page.state.textContent]).toEqual(["In [3]:", "session: idle"]);
    expect([...cells[0]!.classes]).toEqual(["edited"]);
  });

  it("marks a failed or stopped cell, with no count when it was cancelled", async () => {
    const cells = [cellSection("c1", "while (true) {}")];
    await load(cells);
    answers.run = runAnswer([{ type: "started", edited: false }, done({ ok: false, count: null, stopped: "interrupted", html: "<pre>Interrupted</pre>" })]);
    await cells[0]!.children["button.run"]!.click();
    await settle();
    expect(cells[0]!.classes.has("failed")).toBe(true);
    expect(prompt(cells[0]!)).toBe("In [ ]:");
    expect(page.state.textContent).toBe("session: interrupted — starts afresh at the next run");
    expect(cells[0]!.children[".outputs"]!.innerHTML).toBe("<pre>Interrupted</pre>");
  });

  it("shows the server's refusal in the cell's outputs", async () => {
    const cells = [cellSection("c1", "x")];
    await load(cells);
    answers.run = () => new Response("no notebook", { status: 404 });
    await cells[0]!.children["button.run"]!.click();
    await settle();
    expect(cells[0]!.children[".outputs"]!.errorText).toBe("Error: run: 404 no notebook");
    expect(cells[0]!.classes.has("failed")).toBe(true);
    expect(prompt(cells[0]!)).toBe("In [ ]:");
  });

  it("runs the cell on Shift-Enter", async () => {
    const cells = [cellSection("c1", "1")];
    await load(cells);
    answers.run = runAnswer([done()]);
    const bindings = view(cells[0]!).extensions.flatMap((e) => (e && typeof e === "object" && "keymap" in e ? (e as { keymap: { key: string; run: () => boolean }[] }).keymap : []));
    expect(bindings.map((b) => b.key)).toEqual(["Shift-Enter"]);
    expect(bindings[0]!.run()).toBe(true);
    await settle();
    expect(sent.map((s) => s.url)).toEqual(["api/run"]);
  });
});

describe("live-client: saving and reverting edits", () => {
  it("saves 800 ms after typing stops, marking the cell by the server's answer", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const cells = [cellSection("c1", "a")];
    await load(cells);
    let edited = true;
    answers.save = () => new Response(JSON.stringify({ edited }));
    const v = view(cells[0]!);
    v.dispatch({ changes: { from: 1, to: 1, insert: "b" } });
    await vi.advanceTimersByTimeAsync(500);
    v.dispatch({ changes: { from: 2, to: 2, insert: "c" } });
    await vi.advanceTimersByTimeAsync(700);
    expect(sent).toEqual([]); // still typing
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    expect(sent.map((s) => [s.url, s.body])).toEqual([["api/save", { notebook: "01-x", cellId: "c1", code: "abc" }]]);
    expect(cells[0]!.classes.has("edited")).toBe(true);
    edited = false; // typed back to the original
    v.dispatch({ changes: { from: 1, to: 3, insert: "" } });
    await vi.advanceTimersByTimeAsync(800);
    await settle();
    expect(cells[0]!.classes.has("edited")).toBe(false);
    expect(cells[0]!.children["button.revert"]!.hidden).toBe(true);
  });

  it("a run takes the place of the save that was waiting", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const cells = [cellSection("c1", "a")];
    await load(cells);
    answers.run = runAnswer([done()]);
    view(cells[0]!).dispatch({ changes: { from: 0, to: 1, insert: "z" } });
    await cells[0]!.children["button.run"]!.click();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.map((s) => [s.url, s.body.code])).toEqual([["api/run", "z"]]);
  });

  it("revert puts the server's original source in the editor, unmarked, and saves nothing", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const cells = [cellSection("c1", "mine")];
    await load(cells);
    cells[0]!.classes.add("edited");
    answers.revert = () => new Response(JSON.stringify({ source: "the original" }));
    await cells[0]!.children["button.revert"]!.click();
    await settle();
    expect(sent.map((s) => [s.url, s.body])).toEqual([["api/revert", { notebook: "01-x", cellId: "c1" }]]);
    expect(view(cells[0]!).text).toBe("the original");
    expect(cells[0]!.classes.has("edited")).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
  });

  it("revert-all replaces the cells the server names, and unmarks every cell", async () => {
    const cells = [cellSection("c1", "one"), cellSection("c2", "mine")];
    await load(cells);
    cells.forEach((c) => c.classes.add("edited"));
    answers.revert = () => new Response(JSON.stringify({ sources: { c2: "two" } }));
    await page.buttons["revert-all"]!.click();
    await settle();
    expect(sent.map((s) => s.body)).toEqual([{ notebook: "01-x" }]);
    expect(cells.map((c) => view(c).text)).toEqual(["one", "two"]);
    expect(cells.map((c) => c.classes.has("edited"))).toEqual([false, false]);
  });
});

describe("live-client: the toolbar", () => {
  it("run-all runs the cells in order and stops at the first that fails", async () => {
    const cells = [cellSection("c1", "1"), cellSection("c2", "2"), cellSection("c3", "3")];
    await load(cells);
    answers.run = (body) => new Response(ndjson(done({ ok: body.cellId !== "c2" })));
    await page.buttons["run-all"]!.click();
    expect(sent.map((s) => s.body.cellId)).toEqual(["c1", "c2"]);
  });

  it("interrupt stops run-all after the running cell and asks the server to interrupt", async () => {
    const cells = [cellSection("c1", "1"), cellSection("c2", "2")];
    await load(cells);
    const s = stream();
    answers.run = () => s.response;
    const all = page.buttons["run-all"]!.click();
    await settle();
    await page.buttons.interrupt!.click();
    s.push(ndjson(done({ ok: true })));
    s.end();
    await all;
    expect(sent.map((x) => x.url)).toEqual(["api/run", "api/interrupt"]);
  });

  it("restart clears every prompt and says the variables are gone; a refused action shows on the state line", async () => {
    const cells = [cellSection("c1", "1"), cellSection("c2", "2")];
    await load(cells);
    cells.forEach((c) => (c.children[".prompt"]!.textContent = "In [4]:"));
    await page.buttons.restart!.click();
    await settle();
    expect(cells.map(prompt)).toEqual(["In [ ]:", "In [ ]:"]);
    expect(page.state.textContent).toBe("session: restarted — every variable is gone");
    answers.interrupt = () => new Response("the API takes POST", { status: 405 });
    await page.buttons.interrupt!.click();
    await settle();
    expect(page.state.textContent).toBe("session: Error: interrupt: 405 the API takes POST");
  });
});
