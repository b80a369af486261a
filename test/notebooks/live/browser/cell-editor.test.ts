/** The shared cell editor with CodeMirror replaced by a stand-in holding the text (as live-client.test.ts does). */
import { describe, expect, it, vi } from "vitest";

vi.mock("codemirror", () => {
  class EditorView {
    static lineWrapping = { lineWrapping: true };
    static updateListener = { of: (update: (u: { docChanged: boolean }) => void) => ({ update }) };
    text: string;
    constructor(readonly config: { doc: string; extensions: unknown[] }) {
      this.text = config.doc;
    }
    get state() {
      const text = this.text;
      return { doc: { toString: () => text, length: text.length } };
    }
    dispatch(tr: { changes: { from: number; to: number; insert: string } }) {
      this.text = this.text.slice(0, tr.changes.from) + tr.changes.insert + this.text.slice(tr.changes.to);
      for (const e of this.config.extensions) if (e && typeof e === "object" && "update" in e) (e as { update: (u: { docChanged: boolean }) => void }).update({ docChanged: true });
    }
  }
  return { EditorView, basicSetup: {} };
});
vi.mock("@codemirror/view", () => ({ keymap: { of: (bindings: unknown) => ({ keymap: bindings }) } }));
vi.mock("@codemirror/state", () => ({ Prec: { highest: (x: unknown) => x } }));
vi.mock("@codemirror/lang-javascript", () => ({ javascript: () => ({}) }));

const { replaceWithEditor, setEditorText } = await import("../../../../lib/notebooks/live/browser/cell-editor.js");

function section(source: string | null) {
  let replaced: unknown;
  const pre = source === null ? null : { textContent: source, replaceWith: (el: unknown) => (replaced = el) };
  return { el: { querySelector: (s: string) => (s === "pre.source" ? pre : null) } as unknown as HTMLElement, replaced: () => replaced };
}

describe("replaceWithEditor", () => {
  vi.stubGlobal("document", { createElement: () => ({ className: "" }) });
  it("puts an editor where the source was, holding the given text or the source's, and reports changes and Shift-Enter", () => {
    const s = section("const a = 1;");
    let changes = 0;
    let runs = 0;
    const view = replaceWithEditor(s.el, null, { onRun: () => runs++, onChange: () => changes++ })!;
    expect(view.state.doc.toString()).toBe("const a = 1;");
    expect((s.replaced() as { className: string }).className).toBe("live-source");
    setEditorText(view, "const b = 2;");
    expect([view.state.doc.toString(), changes]).toEqual(["const b = 2;", 1]);
    const keys = (view as unknown as { config: { extensions: { keymap?: { key: string; run(): boolean }[] }[] } }).config.extensions.find((e) => e.keymap)!.keymap!;
    expect(keys[0]!.key).toBe("Shift-Enter");
    expect(keys[0]!.run()).toBe(true);
    expect(runs).toBe(1);
    expect(replaceWithEditor(section("x").el, "saved edit", { onRun() {}, onChange() {} })!.state.doc.toString()).toBe("saved edit");
  });
  it("gives null for a cell without a source", () => {
    expect(replaceWithEditor(section(null).el, null, { onRun() {}, onChange() {} })).toBeNull();
  });
});
