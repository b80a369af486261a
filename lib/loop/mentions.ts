/**
 * File mentions (`aider/coders/base_coder.py` `send_message/max_reflections`, source 1 of a reflected message): when a reply names repository files that are
 * not in the chat and the user agrees to add them, Aider adds them, applies no edit in that turn, and sends
 * "I added these files to the chat: …" back as the next message, so the model can see the files before editing.
 *
 * Simplified here: a file is mentioned when its repository-relative path appears as a word of the reply (quotes,
 * backticks and trailing punctuation stripped). Aider's own matcher also accepts bare file names in some cases.
 */
import { requireString, requireStringArray } from "../core/validate.js";

/** The text Aider sends after adding mentioned files (prompts.py:31-33). */
export const filesAddedMessage = (paths: readonly string[]): string =>
  `I added these files to the chat: ${paths.join(", ")}\nLet me know if there are others we should add.`;

const EDGE = /^[`'"(\[{<*]+|[`'")\]}>*,.;:!?]+$/g;

/** The candidates (in their order) whose path is a word of `reply`. */
export function findFileMentions(reply: string, candidates: readonly string[]): string[] {
  requireString("findFileMentions", "reply", reply);
  requireStringArray("findFileMentions", "candidates", candidates);
  const words = new Set(reply.split(/\s+/).map((w) => w.replace(EDGE, "")));
  return candidates.filter((c) => words.has(c));
}
