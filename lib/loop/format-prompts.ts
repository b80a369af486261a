/**
 * The workbench's stand-in system prompts for each edit format (seed 001 §4: the prompt asks for a format; the
 * parser then expects it) and for the architect (`aider/coders/architect_coder.py`). Short, our own words — not Aider's prompts —
 * saying only what the format's parser needs. "diff" keeps context.ts's SEARCH/REPLACE stand-in.
 */
import type { Fence } from "../editblock/fence.js";
import type { EditFormatName } from "../editformats/formats.js";

const HEAD = (name: string) => `[workbench stand-in for Aider's ${name} instructions]\nYou are a careful programmer working in the user's repository.\n`;

/** The system message for `format`, or null for "diff" (context.ts's own stand-in). */
export function formatSystemPrompt(format: EditFormatName, fence: Fence): string | null {
  switch (format) {
    case "diff":
      return null;
    case "editor-diff":
    case "diff-fenced":
    case "editor-diff-fenced":
      return (
        HEAD(format) +
        `Reply with SEARCH/REPLACE blocks: ${fence[0]}, then the file's path alone on a line, <<<<<<< SEARCH, the exact ` +
        `lines to find, =======, the new lines, >>>>>>> REPLACE, ${fence[1]}.\n`
      );
    case "udiff":
    case "udiff-simple":
      return (
        HEAD(format) +
        "Reply with unified diffs inside ```diff fences: --- path and +++ path header lines, then hunks that each start " +
        "with @@ ... @@; mark removed lines with -, added lines with +, and copy unchanged context lines with a leading space. " +
        "Rewrite a whole function or block per hunk, and never skip lines.\n"
      );
    case "patch":
      return (
        HEAD(format) +
        "Reply with one patch: *** Begin Patch, then per file *** Update File: path (or *** Add File: / *** Delete File:), " +
        "an optional @@ line naming the enclosing def or class, the changed lines with - and +, three context lines with a " +
        "leading space around them, and *** End Patch.\n"
      );
    case "whole":
    case "editor-whole":
      return HEAD(format) + `Reply with the complete new content of every file you change: its path alone on a line, then ${fence[0]}, the whole file, ${fence[1]}.\n`;
  }
}

/** The architect's stand-in: plan in prose, no edits (its coder is an AskCoder). */
export const ARCHITECT_PROMPT =
  "[workbench stand-in for Aider's architect instructions]\n" +
  "Act as an expert architect engineer. Study the request and the files, then describe clearly and completely how the " +
  "code must change. Another engineer will make the edits from your description: do not write edit blocks, just explain.\n";
