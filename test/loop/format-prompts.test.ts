// lib/loop/format-prompts.ts: the stand-in system prompt for each edit format says what that format's parser
// needs (and names the fence where the format uses one); "diff" keeps context.ts's prompt; the architect's asks for
// prose, not edits.
import { describe, expect, it } from "vitest";
import type { Fence } from "../../lib/editblock/fence.js";
import { EDIT_FORMATS } from "../../lib/editformats/formats.js";
import { ARCHITECT_PROMPT, formatSystemPrompt } from "../../lib/loop/format-prompts.js";

const fence: Fence = ["````", "````"];

describe("formatSystemPrompt", () => {
  it('"diff" has none of its own (null): context.ts supplies it', () => {
    expect(formatSystemPrompt("diff", fence)).toBeNull();
  });

  it.each(EDIT_FORMATS.filter((f) => f !== "diff"))("%s: a stand-in naming the format, marked as the workbench's", (format) => {
    const p = formatSystemPrompt(format, fence)!;
    expect(p.startsWith(`[workbench stand-in for Aider's ${format} instructions]\n`)).toBe(true);
    expect(p.endsWith("\n")).toBe(true);
  });

  it("each family asks for what its parser reads", () => {
    for (const f of ["diff-fenced", "editor-diff", "editor-diff-fenced"] as const) {
      const p = formatSystemPrompt(f, fence)!;
      for (const marker of ["<<<<<<< SEARCH", "=======", ">>>>>>> REPLACE"]) expect(p, f).toContain(marker);
    }
    for (const f of ["udiff", "udiff-simple"] as const) expect(formatSystemPrompt(f, fence)).toMatch(/```diff.*--- path.*\+\+\+ path.*@@ \.\.\. @@/s);
    expect(formatSystemPrompt("patch", fence)).toMatch(/\*\*\* Begin Patch.*\*\*\* Update File: path.*\*\*\* End Patch/s);
    for (const f of ["whole", "editor-whole"] as const) expect(formatSystemPrompt(f, fence)).toContain("complete new content of every file");
  });

  it("the fenced formats use the fence they are given; udiff and patch do not depend on it", () => {
    const other: Fence = ["<source>", "</source>"];
    for (const f of ["editor-diff", "whole", "editor-whole"] as const) {
      expect(formatSystemPrompt(f, fence)).toContain("````");
      expect(formatSystemPrompt(f, other)).toContain("<source>");
      expect(formatSystemPrompt(f, other)).toContain("</source>");
    }
    for (const f of ["udiff", "patch"] as const) expect(formatSystemPrompt(f, other)).toBe(formatSystemPrompt(f, fence));
  });
});

describe("ARCHITECT_PROMPT", () => {
  it("is the workbench's stand-in and asks for an explanation, not edit blocks", () => {
    expect(ARCHITECT_PROMPT.startsWith("[workbench stand-in for Aider's architect instructions]\n")).toBe(true);
    expect(ARCHITECT_PROMPT).toContain("do not write edit blocks");
  });
});
