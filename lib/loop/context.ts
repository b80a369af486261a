/**
 * What the model is sent at each call of the loop (seed 001 §3): the edit-format instructions, the repo map, the
 * chat history of earlier turns (Aider's `done_messages`), the chat files' current contents wrapped in the chosen
 * fence (`aider/coders/base_coder.py` `choose_fence`), and the messages of the current turn (`cur_messages`: the user's request, the model's
 * replies, the reflected messages). The files are read again at every call, so after a partial success the next
 * call shows the model the edited text.
 *
 * The prompt texts below are the workbench's own short stand-ins, not Aider's prompts; the parts and the roles are
 * what matters here. Seed 001 §3 lists the parts but not their order; the order used is system, repo map, history,
 * chat files, current turn.
 */
import { requireFence, type Fence } from "../editblock/fence.js";
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray, requireRecord, requireString } from "../core/validate.js";

/** A message of the chat: what `done_messages` and `cur_messages` hold. */
export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

/** Where a prompt message comes from. */
export type ContextPart = "system" | "repo-map" | "history" | "chat-files" | "current";

/** One message as the model receives it, labelled with the part of the context it belongs to. */
export interface PromptMessage {
  role: "system" | "user" | "assistant";
  content: string;
  part: ContextPart;
}

/** A chat file and its text as read for this call. */
export interface ChatFileText {
  path: string;
  content: string;
}

/** The workbench's stand-in prompt texts (short, our own words; Aider's real prompts are longer). */
export const STAND_IN_PROMPTS = Object.freeze({
  system: (fence: Fence): string =>
    "[workbench stand-in for Aider's SEARCH/REPLACE instructions]\n" +
    "You are a careful programmer working in the user's repository.\n" +
    "To change a file, reply with one SEARCH/REPLACE block per change: the file's path alone on a line, then " +
    `${fence[0]}, then <<<<<<< SEARCH, the exact lines to find, =======, the lines to put instead, ` +
    `>>>>>>> REPLACE, and ${fence[1]}.\n` +
    "SEARCH must match the file exactly, white space included. An empty SEARCH creates a new file.\n",
  repoMap: (map: string): string => `A summary of the repository (the repo map, read-only):\n\n${map}`,
  chatFiles: (files: string): string => `These files are in the chat; you may edit them:\n${files}`,
  noChatFiles: "No files have been added to the chat yet.",
  ok: "Ok.",
});

/** Everything one model call is built from. */
export interface ContextInput {
  fence: Fence;
  /** The repo map text (e.g. from lib/repomap), or null for none. */
  repoMap: string | null;
  /** Earlier turns: `done_messages`. */
  history: readonly ChatMessage[];
  chatFiles: readonly ChatFileText[];
  /** This turn so far: `cur_messages`. */
  current: readonly ChatMessage[];
  /** The system message, when not the SEARCH/REPLACE stand-in (another edit format, the architect). */
  system?: string;
}

/** One file as the prompt shows it: the path alone on a line, then its text inside the fence. */
export function renderChatFile(file: ChatFileText, fence: Fence): string {
  const body = file.content === "" || file.content.endsWith("\n") ? file.content : file.content + "\n";
  return `\n${file.path}\n${fence[0]}\n${body}${fence[1]}\n`;
}

/** Assembles the messages of one model call, in order, each labelled with its part. */
export function buildContext(input: ContextInput): PromptMessage[] {
  const where = "buildContext";
  requireRecord(where, "input", input);
  const fence = requireFence(where, "input.fence", input.fence);
  if (input.repoMap !== null) requireString(where, "input.repoMap", input.repoMap);
  const history = checkMessages(where, "input.history", input.history);
  const current = checkMessages(where, "input.current", input.current);
  const files = requireArray(where, "input.chatFiles", input.chatFiles).map((f, i) => {
    const r = requireRecord(where, `input.chatFiles[${i}]`, f);
    return { path: requireString(where, `input.chatFiles[${i}].path`, r.path), content: requireString(where, `input.chatFiles[${i}].content`, r.content) };
  });

  const system = input.system === undefined ? STAND_IN_PROMPTS.system(fence) : requireString(where, "input.system", input.system);
  const out: PromptMessage[] = [{ role: "system", content: system, part: "system" }];
  if (input.repoMap !== null && input.repoMap !== "") {
    out.push({ role: "user", content: STAND_IN_PROMPTS.repoMap(input.repoMap), part: "repo-map" });
    out.push({ role: "assistant", content: STAND_IN_PROMPTS.ok, part: "repo-map" });
  }
  for (const m of history) out.push({ ...m, part: "history" });
  const filesText = files.length === 0 ? STAND_IN_PROMPTS.noChatFiles : STAND_IN_PROMPTS.chatFiles(files.map((f) => renderChatFile(f, fence)).join(""));
  out.push({ role: "user", content: filesText, part: "chat-files" });
  out.push({ role: "assistant", content: STAND_IN_PROMPTS.ok, part: "chat-files" });
  for (const m of current) out.push({ ...m, part: "current" });
  return out;
}

/** The prompt as plain text: one header line per message (`── 3 user [chat-files] ──`), then its content. */
export function renderContext(messages: readonly PromptMessage[]): string {
  requireArray("renderContext", "messages", messages);
  return messages
    .map((m, i) => {
      const body = m.content.endsWith("\n") ? m.content : m.content + "\n";
      return `── ${i + 1} ${m.role} [${m.part}] ──\n${body}`;
    })
    .join("");
}

/** A list of chat messages (role user or assistant, string content), else an error naming the bad element. */
export function checkMessages(where: string, param: string, value: unknown): ChatMessage[] {
  return requireArray(where, param, value).map((m, i) => {
    const r = requireRecord(where, `${param}[${i}]`, m);
    if (r.role !== "user" && r.role !== "assistant") {
      throw new WorkbenchInputError(where, `${param}[${i}].role`, 'must be "user" or "assistant"', r.role);
    }
    return { role: r.role, content: requireString(where, `${param}[${i}].content`, r.content) };
  });
}
