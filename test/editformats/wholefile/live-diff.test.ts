/** lib/editformats/wholefile/live-diff.ts: whole-file's streaming display, aider/diffs.py (`aider/coders/wholefile_coder.py`, last part). */
import { describe, expect, it } from "vitest";
import type { Fence } from "../../../lib/editblock/fence.js";
import { diffPartialUpdate, findLastNonDeleted, progressBar, renderIncrementalResponse, wholeFileLiveView } from "../../../lib/editformats/wholefile/live-diff.js";
import { ProjectFiles } from "../../../lib/editformats/workspace.js";

const TICKS: Fence = ["```", "```"];

describe("progressBar and findLastNonDeleted", () => {
  it("30 cells, filled at 30 × percentage // 100", () => {
    expect(progressBar(0)).toBe("░".repeat(30));
    expect(progressBar(100)).toBe("█".repeat(30));
    expect(progressBar(50)).toBe("█".repeat(15) + "░".repeat(15));
    expect(progressBar(9.9)).toBe("██" + "░".repeat(28));
  });

  it("how many original lines are covered up to the last one kept; null when none is", () => {
    expect(findLastNonDeleted(["a\n", "b\n", "c\n"], ["a\n", "X\n"])).toBe(1);
    expect(findLastNonDeleted(["a\n", "b\n", "c\n"], ["a\n", "b\n", "zzz"])).toBe(2);
    expect(findLastNonDeleted(["a\n"], ["b\n"])).toBeNull();
  });
});

describe("diffPartialUpdate", () => {
  it("final: the whole diff in a ```diff fence, headers dropped", () => {
    expect(diffPartialUpdate(["a\n", "b\n"], ["a\n", "B\n"], true)).toBe("```diff\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n```\n\n");
  });

  it("unfinished: the listing so far against the original so far, its last line replaced by the progress line", () => {
    const bar = "█".repeat(15) + "░".repeat(15);
    expect(diffPartialUpdate(["a\n", "b\n", "c\n", "d\n"], ["a\n", "b\n", "X"], false)).toBe(
      `\`\`\`diff\n@@ -1,2 +1,3 @@\n a\n b\n+   2 /   4 lines [${bar}]  50%\n\`\`\`\n\n`,
    );
  });

  it("nothing kept yet gives no display; a diff holding ``` is fenced with more backticks", () => {
    expect(diffPartialUpdate(["a\n"], ["b\n"], false)).toBe("");
    expect(diffPartialUpdate(["```\n"], ["x\n"], true)).toBe("````diff\n@@ -1 +1 @@\n-```\n+x\n````\n\n");
  });

  it("rejects arguments of the wrong type, naming them", () => {
    expect(() => diffPartialUpdate("a" as never, [], true)).toThrow("diffPartialUpdate: orig must be an array");
    expect(() => diffPartialUpdate([], [], 1 as never)).toThrow("diffPartialUpdate: final must be a boolean");
  });
});

describe("wholeFileLiveView and renderIncrementalResponse", () => {
  it("prose echoed; an existing file's listing as a diff; a new file as a plain listing; joined by \\n (kept line ends double)", () => {
    const files = new ProjectFiles({ "a.py": "x\ny\n" });
    const view = wholeFileLiveView("Here:\na.py\n```\nx\nY\n```\nn.py\n```\nnew\n```\n", ["a.py"], TICKS, files);
    // Aider's "\n".join(output): prose and listing lines keep their endings, the diff's lines do not
    expect(view).toBe(["Here:\n", "a.py\n", "```diff", "@@ -1,2 +1,2 @@", " x", "-y", "+Y", "```", "", "n.py\n", "```", "new\n", "```"].join("\n"));
  });

  it("renderIncrementalResponse falls back to the right-stripped reply when a listing has no filename", () => {
    const files = new ProjectFiles({});
    expect(renderIncrementalResponse("```\nx\n```\n\n", ["a.py", "b.py"], TICKS, files)).toBe("```\nx\n```");
    expect(renderIncrementalResponse("a.py\n```\nx\n", ["a.py"], TICKS, files)).toBe(wholeFileLiveView("a.py\n```\nx\n", ["a.py"], TICKS, files));
  });
});
