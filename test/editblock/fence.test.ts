/** lib/editblock/fence.ts: Aider's fences and `choose_fence` (`aider/coders/base_coder.py` `choose_fence`). */
import { describe, expect, it } from "vitest";
import { DEFAULT_FENCE } from "../../lib/index.js";
import { ALL_FENCES, chooseFence } from "../../lib/editblock/fence.js";
import { requireFence } from "../../lib/editblock/fence.js";

describe("chooseFence", () => {
  it("takes triple backticks when no chat file's line starts with them", () => {
    expect(chooseFence(["x = 1\n", "print('```')\n"])).toEqual({ fence: ["```", "```"], fellBack: false });
    expect(chooseFence([])).toEqual({ fence: DEFAULT_FENCE, fellBack: false });
  });

  it("skips each fence whose open or close string starts a line, in Aider's order", () => {
    expect(chooseFence(["```py\n"]).fence).toEqual(["````", "````"]); // "````" starts with "```" too: both collide
    expect(chooseFence(["a\n", "````\n"]).fence).toEqual(["<source>", "</source>"]);
    expect(chooseFence(["````\n</source> closes\n"]).fence).toEqual(["<code>", "</code>"]); // a close string collides too
  });

  it("joins the files with a newline each, so a file's last line without one still starts a line", () => {
    expect(chooseFence(["no newline at the end", "````"]).fence).toEqual(["<source>", "</source>"]); // not "end````"
    expect(chooseFence(["a ```", "b"]).fence).toEqual(["```", "```"]); // not at the start of a line
  });

  it("falls back to triple backticks, saying so, when every fence collides", () => {
    const every = ALL_FENCES.map(([open]) => open).join("\n");
    expect(chooseFence([every])).toEqual({ fence: DEFAULT_FENCE, fellBack: true });
    expect(ALL_FENCES).toHaveLength(7);
    expect(Object.isFrozen(ALL_FENCES)).toBe(true);
  });

  it("rejects contents that are not strings, naming the element", () => {
    expect(() => chooseFence(["a", 2] as never)).toThrow("chooseFence: contents[1] must be a string");
    expect(() => chooseFence("a" as never)).toThrow("chooseFence: contents must be an array");
  });
});

describe("requireFence", () => {
  it("accepts a pair of non-empty strings and names what is wrong otherwise", () => {
    expect(requireFence("f", "fence", ["<a>", "</a>"])).toEqual(["<a>", "</a>"]);
    expect(() => requireFence("f", "fence", ["```"])).toThrow("f: fence must be a pair [open, close] of non-empty strings");
    expect(() => requireFence("f", "fence", ["```", ""])).toThrow("f: fence[1] must be a non-empty string");
    expect(() => requireFence("f", "fence", "```")).toThrow("must be a pair");
  });
});
