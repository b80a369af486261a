import { formatEditBlock, MemoryWorkspace, ScriptedModel, type EditBlock, type ScriptStep } from "../../lib/index.js";

/** A reply holding the given edits as SEARCH/REPLACE blocks (``` fence), after a line of prose. */
export function reply(...edits: EditBlock[]): string {
  return "Here are the changes.\n\n" + edits.map((e) => formatEditBlock(e, ["```", "```"])).join("\n");
}

export const edit = (path: string, search: string, replace: string): EditBlock => ({ path, search, replace });

/** A workspace over `files` with every file in the chat (or the given chat), and a scripted model. */
export function setup(files: Record<string, string>, steps: ScriptStep[], chat: string[] = Object.keys(files)) {
  return { ws: new MemoryWorkspace(files, { chat }), model: new ScriptedModel(steps) };
}
