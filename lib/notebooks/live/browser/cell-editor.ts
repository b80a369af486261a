/// <reference lib="dom" />
/**
 * A code cell's editor, shared by the live pages (`live-client.ts`) and the static site's pages
 * (`../../static/browser/site-client.ts`): CodeMirror 6 with TypeScript highlighting, Shift-Enter runs the cell,
 * and every change of the text is reported.
 */
import { javascript } from "@codemirror/lang-javascript";
import { Prec } from "@codemirror/state";
import { keymap } from "@codemirror/view";
import { basicSetup, EditorView } from "codemirror";

export interface CellEditorHooks {
  onRun(): void;
  onChange(): void;
}

/** Replaces the cell's highlighted `<pre class="source">` with an editor holding `doc`; null when there is none. */
export function replaceWithEditor(section: HTMLElement, doc: string | null, hooks: CellEditorHooks): EditorView | null {
  const pre = section.querySelector<HTMLElement>("pre.source");
  if (!pre) return null;
  const host = document.createElement("div");
  host.className = "live-source";
  pre.replaceWith(host);
  return new EditorView({
    doc: doc ?? pre.textContent ?? "",
    parent: host,
    extensions: [
      basicSetup,
      javascript({ typescript: true }),
      EditorView.lineWrapping,
      Prec.highest(keymap.of([{ key: "Shift-Enter", run: () => (hooks.onRun(), true) }])),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) hooks.onChange();
      }),
    ],
  });
}

/** Puts `text` in the editor, replacing everything. */
export function setEditorText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}
