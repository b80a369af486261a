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

/** A stand-in element: classes, dataset, text, HTML, appended children, listeners, and children found by the exact selector. */
class El {
  readonly dataset: Record<string, string> = {};
  readonly classes = new Set<string>();
  readonly classList = {
    add: (c: string) => this.classes.add(c),
    remove: (c: string) => this.classes.delete(c),
    toggle: (c: string, on: boolean) => (on ? this.classes.add(c) : this.classes.delete(c)),
    contains: (c: string) => this.classes.has(c),
  };
  textContent: string | null = "";
  title = "";
  private html = "";
  /** What was appended since the HTML was last set: elements, or text. */
  appended: (El | string)[] = [];
  parent: El | undefined;
  hidden = true;
  errorText: string | undefined;
  replacedBy: El | undefined;
  view: View | undefined;
  readonly children: Record<string, El> = {};
  private readonly listeners: (() => unknown)[] = [];
  get className(): string {
    return [...this.classes].join(" ");
  }
  set className(v: string) {
    this.classes.clear();
    v.split(" ").filter(Boolean).forEach((c) => this.classes.add(c));
  }
  get innerHTML(): string {
    return this.html;
  }
  set innerHTML(v: string) {
    this.html = v;
    this.appended = [];
  }
  append(x: El | string): void {
    if (typeof x !== "string") x.parent = this;
    this.appended.push(x);
  }
  /** The text and HTML shown: set HTML, then what was appended. */
  get shown(): string {
    return this.html + this.appended.map((x) => (typeof x === "string" ? x : `<${x.className}>${x.shown}${x.textContent ?? ""}`)).join("");
  }
  removeAttribute(name: string): void {
    if (name === "title") this.title = "";
  }
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
    if (this.parent) this.parent.appended = this.parent.appended.map((x) => (x === this ? el : x));
    el.parent = this.parent;
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
const asked: string[] = [];
let confirmAnswer = true;

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
  vi.stubGlobal("window", {
    setTimeout: (f: () => void, ms: number) => setTimeout(f, ms),
    clearTimeout: (t: ReturnType<typeof setTimeout>) => clearTimeout(t),
    confirm: (question: string) => (asked.push(question), confirmAnswer),
  });
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
const done = (over: Record<string, unknown> = {}) => ({ type: "done", ok: true, count: 1, stopped: null, ran: 1, of: 2, ...over });
const runSent = () => sent.filter((x) => x.url === "api/run");
const runAnswer = (lines: unknown[]): Answer => () => new Response(ndjson(...lines));
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((d) => setImmediate(d));
};
const prompt = (cell: El) => cell.children[".prompt"]!.textContent;
const view = (cell: El) => cell.children["pre.source"]!.replacedBy!.view!;

beforeEach(() => {
  sent.length = 0;
  asked.length = 0;
  confirmAnswer = true;
  answers = {};
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("live-client: the page", () => {
  it("turns each code cell with an id into an editor holding its source, and says what the session ran", async () => {
    const cells = [cellSection("c1", "const a = 1;"), cellSection("c2", "a + 1"), cellSection(undefined, "no id"), cellSection("c4", null)];
    answers.state = () => new Response(JSON.stringify({ cells: {}, ran: 0, of: 2, busy: false }));
    await load(cells);
    await settle();
    expect(view(cells[0]!).text).toBe("const a = 1;");
    expect(cells[0]!.children["pre.source"]!.replacedBy!.className).toBe("live-source");
    expect(view(cells[1]!).text).toBe("a + 1");
    expect(cells[2]!.children["pre.source"]!.replacedBy).toBeUndefined();
    expect(sent.map((x) => [x.url, x.body])).toEqual([["api/state", { notebook: "01-x" }]]);
    expect(page.state.textContent).toBe("session: nothing run yet — running a cell runs the cells above it first (it runs on this machine)");
  });

  it("after a reload, shows the counts of the cells the session ran, none for the others, and labels their stored outputs", async () => {
    const cells = [cellSection("c1", "1"), cellSection("c2", "2")];
    cells[1]!.children[".outputs"]!.innerHTML = "<pre>stored</pre>";
    answers.state = () => new Response(JSON.stringify({ cells: { c1: { count: 4, ok: true } }, ran: 1, of: 2, busy: false }));
    await load(cells);
    await settle();
    expect(cells.map(prompt)).toEqual(["In [4]:", "In [ ]:"]);
    expect(cells[1]!.children[".outputs"]!.dataset.from).toBe("output from an earlier session");
    expect(cells[1]!.children[".outputs"]!.title).toMatch(/has not run the cell since it restarted/);
    expect(page.state.textContent).toBe("session: 1 of 2 code cells run (it runs on this machine)");
  });
});

describe("live-client: running a cell", () => {
  it("sends the cell's code, runs the cells above first as the server says, appends increments (lines split across chunks)", async () => {
    const cells = [cellSection("c1", "const a = 1;"), cellSection("c2", "console.log(a + 1)")];
    cells.forEach((c) => Object.assign(c.children[".outputs"]!, { innerHTML: "<pre>stored</pre>" }));
    cells.forEach((c) => (c.children[".outputs"]!.dataset.from = "stored output from the build"));
    await load(cells);
    await settle();
    sent.length = 0;
    const s = stream();
    answers.run = () => s.response;
    const running = cells[1]!.children["button.run"]!.click();
    await settle();
    expect(runSent()).toEqual([{ url: "api/run", method: "POST", type: "application/json", body: { notebook: "01-x", cellId: "c2", code: "console.log(a + 1)" } }]);
    expect([prompt(cells[1]!), page.state.textContent, cells[1]!.classes.has("running")]).toEqual(["In [*]:", "session: running cell 2", true]);
    expect(cells[1]!.children[".outputs"]!.shown).toBe(""); // its old output went, and its label
    expect(cells[1]!.children[".outputs"]!.dataset.from).toBeUndefined();
    s.push('{"type":"started","edited":true}\n{"type":"first","cellIds":["c1"]}\n{"type":"begin","cellId":"c1"}\n{"type":"outp');
    s.push('uts","cellId":"c1","deltas":[{"index":0,"name":"stdout","text":"<one>"}]}\n');
    await settle();
    expect(page.state.textContent).toBe("session: running the cells above cell 2 first: cell 1 (1 of 1)");
    expect([prompt(cells[0]!), cells[0]!.children[".outputs"]!.shown, cells[0]!.children[".outputs"]!.dataset.from]).toEqual(["In [*]:", "<stream stdout><one>", undefined]);
    expect(cells[1]!.classes.has("edited")).toBe(true);
    s.push(ndjson({ type: "outputs", cellId: "c1", deltas: [{ index: 0, name: "stdout", text: " more" }, { index: 1, html: "<b>shown</b>" }] }));
    s.push(ndjson({ type: "end", cellId: "c1", ok: true, count: 1, stopped: null }, { type: "begin", cellId: "c2" }));
    s.push(ndjson({ type: "outputs", cellId: "c2", deltas: [{ index: 0, name: "stdout", text: "2" }] }, { type: "end", cellId: "c2", ok: true, count: 2, stopped: null }));
    s.push(`${JSON.stringify(done({ count: 2, ran: 2, of: 2 }))}\n`);
    s.end();
    await running;
    await settle();
    expect(cells[0]!.children[".outputs"]!.shown).toBe("<stream stdout><one> more<output><b>shown</b>");
    expect(cells[1]!.children[".outputs"]!.shown).toBe("<stream stdout>2");
    expect([prompt(cells[0]!), prompt(cells[1]!), page.state.textContent]).toEqual(["In [1]:", "In [2]:", "session: idle — 2 of 2 code cells run"]);
    expect([...cells[1]!.classes]).toEqual(["edited"]);
  });

  it("a display updated in place replaces its output; a new stream after a display gets its own block", async () => {
    const cells = [cellSection("c1", "x")];
    await load(cells);
    answers.run = runAnswer([
      { type: "begin", cellId: "c1" },
      { type: "outputs", cellId: "c1", deltas: [{ index: 0, html: "<i>1</i>" }] },
      { type: "outputs", cellId: "c1", deltas: [{ index: 0, html: "<i>2</i>" }, { index: 1, name: "stderr", text: "warn" }] },
      { type: "end", cellId: "c1", ok: true, count: 1, stopped: null },
      done(),
    ]);
    await cells[0]!.children["button.run"]!.click();
    await settle();
    expect(cells[0]!.children[".outputs"]!.shown).toBe("<output><i>2</i><stream stderr>warn");
  });

  it("marks a failed or stopped cell, with no count when it was cancelled, and asks for the state after a stop", async () => {
    const cells = [cellSection("c1", "while (true) {}")];
    await load(cells);
    answers.run = runAnswer([{ type: "started", edited: false }, { type: "begin", cellId: "c1" }, done({ ok: false, count: null, stopped: "interrupted" })]);
    sent.length = 0;
    await cells[0]!.children["button.run"]!.click();
    await settle();
    expect(cells[0]!.classes.has("failed")).toBe(true);
    expect(prompt(cells[0]!)).toBe("In [ ]:");
    expect(page.state.textContent).toBe("session: interrupted — every variable is gone; running a cell runs the cells above it first");
    expect(sent.map((x) => x.url)).toEqual(["api/run", "api/state"]);
  });

  it("shows the server's refusal in the cell's outputs, and says so when the answer stops before it ended", async () => {
    const cells = [cellSection("c1", "x")];
    await load(cells);
    answers.run = () => new Response("no notebook", { status: 404 });
    await cells[0]!.children["button.run"]!.click();
    await settle();
    expect(cells[0]!.children[".outputs"]!.shown).toBe("<stream stderr>Error: run: 404 no notebook");
    expect(cells[0]!.classes.has("failed")).toBe(true);
    expect(prompt(cells[0]!)).toBe("In [ ]:");
    answers.run = runAnswer([{ type: "started", edited: false }, { type: "begin", cellId: "c1" }]);
    await cells[0]!.children["button.run"]!.click();
    await settle();
    expect(page.state.textContent).toBe("session: the run's output stopped before it ended (the connection closed)");
  });

  it("runs the cell on Shift-Enter", async () => {
    const cells = [cellSection("c1", "1")];
    await load(cells);
    answers.run = runAnswer([done()]);
    const bindings = view(cells[0]!).extensions.flatMap((e) => (e && typeof e === "object" && "keymap" in e ? (e as { keymap: { key: string; run: () => boolean }[] }).keymap : []));
    expect(bindings.map((b) => b.key)).toEqual(["Shift-Enter"]);
    expect(bindings[0]!.run()).toBe(true);
    await settle();
    expect(runSent()).toHaveLength(1);
  });
});

describe("live-client: saving and reverting edits", () => {
  it("saves 800 ms after typing stops, marking the cell by the server's answer", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const cells = [cellSection("c1", "a")];
    await load(cells);
    await settle();
    sent.length = 0;
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
    expect(sent.filter((s) => s.url !== "api/state").map((s) => [s.url, s.body.code])).toEqual([["api/run", "z"]]);
  });

  it("revert puts the server's original source in the editor, unmarked, and saves nothing", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const cells = [cellSection("c1", "mine")];
    await load(cells);
    await settle();
    sent.length = 0;
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

  it("Revert notebook asks first, naming how many cells; declined, nothing is sent", async () => {
    const cells = [cellSection("c1", "one"), cellSection("c2", "mine"), cellSection("c3", "also mine")];
    await load(cells);
    await settle();
    sent.length = 0;
    cells[1]!.classes.add("edited");
    cells[2]!.classes.add("edited");
    confirmAnswer = false;
    await page.buttons["revert-all"]!.click();
    await settle();
    expect(asked).toEqual(["Revert notebook: discard your edits in 2 cells and put the notebook's own code back? This cannot be undone."]);
    expect(sent).toEqual([]);
    expect(cells.map((c) => view(c).text)).toEqual(["one", "mine", "also mine"]);
  });

  it("Revert notebook, confirmed, replaces the cells the server names and unmarks every cell; with no edit it asks nothing", async () => {
    const cells = [cellSection("c1", "one"), cellSection("c2", "mine")];
    await load(cells);
    await settle();
    sent.length = 0;
    await page.buttons["revert-all"]!.click();
    expect([asked, sent, page.state.textContent]).toEqual([[], [], "session: nothing to revert — no cell is edited"]);
    cells.forEach((c) => c.classes.add("edited"));
    answers.revert = () => new Response(JSON.stringify({ sources: { c2: "two" } }));
    await page.buttons["revert-all"]!.click();
    await settle();
    expect(asked).toEqual(["Revert notebook: discard your edits in 2 cells and put the notebook's own code back? This cannot be undone."]);
    expect(sent.map((s) => s.body)).toEqual([{ notebook: "01-x" }]);
    expect(cells.map((c) => view(c).text)).toEqual(["one", "two"]);
    expect(cells.map((c) => c.classes.has("edited"))).toEqual([false, false]);
  });

  it("Revert notebook counts an edit still waiting for its save, and saves it first so that it is reverted too", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const cells = [cellSection("c1", "one")];
    await load(cells);
    await settle();
    sent.length = 0;
    view(cells[0]!).dispatch({ changes: { from: 0, to: 3, insert: "typed" } });
    answers.save = () => new Response(JSON.stringify({ edited: true }));
    answers.revert = () => new Response(JSON.stringify({ sources: { c1: "one" } }));
    await page.buttons["revert-all"]!.click();
    await settle();
    expect(asked).toHaveLength(1);
    expect(sent.map((s) => s.url)).toEqual(["api/save", "api/revert"]);
    expect(view(cells[0]!).text).toBe("one");
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(2);
  });
});

describe("live-client: the toolbar", () => {
  it("run-all runs the cells in order and stops at the first that fails", async () => {
    const cells = [cellSection("c1", "1"), cellSection("c2", "2"), cellSection("c3", "3")];
    await load(cells);
    answers.run = (body) => new Response(ndjson(done({ ok: body.cellId !== "c2" })));
    await page.buttons["run-all"]!.click();
    expect(runSent().map((s) => s.body.cellId)).toEqual(["c1", "c2"]);
  });

  it("interrupt stops run-all after the running cell and asks the server to interrupt", async () => {
    const cells = [cellSection("c1", "1"), cellSection("c2", "2")];
    await load(cells);
    await settle();
    sent.length = 0;
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

  it("restart clears the prompts to what the session has (nothing) and says the variables are gone; a refused action shows on the state line", async () => {
    const cells = [cellSection("c1", "1"), cellSection("c2", "2")];
    await load(cells);
    await settle();
    cells.forEach((c) => (c.children[".prompt"]!.textContent = "In [4]:"));
    answers.state = () => new Response(JSON.stringify({ cells: {}, ran: 0, of: 2 }));
    await page.buttons.restart!.click();
    await settle();
    expect(cells.map(prompt)).toEqual(["In [ ]:", "In [ ]:"]);
    expect(page.state.textContent).toBe("session: restarted — every variable is gone; running a cell runs the cells above it first");
    answers.interrupt = () => new Response("the API takes POST", { status: 405 });
    await page.buttons.interrupt!.click();
    await settle();
    expect(page.state.textContent).toBe("session: Error: interrupt: 405 the API takes POST");
  });
});
