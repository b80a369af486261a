/** lib/core/terminal-text.ts: what is printed is what a name holds — no control character reaches the terminal raw. */
import { describe, expect, it } from "vitest";
import { escapeControls } from "../../lib/core/terminal-text.js";

describe("escapeControls", () => {
  it("keeps printable text, newlines and tabs as they are", () => {
    expect(escapeControls("src/app.py\tok\nnext — é 日本")).toBe("src/app.py\tok\nnext — é 日本");
  });

  it("shows C0 controls as \\xNN and DEL, C1 and bidi controls as \\uNNNN", () => {
    expect(escapeControls("a\u001b[31mred")).toBe("a\\x1b[31mred");
    expect(escapeControls("bell\u0007\r")).toBe("bell\\x07\\x0d");
    expect(escapeControls("\u007f\u009b")).toBe("\\u007f\\u009b");
    expect(escapeControls("evil\u202etxt.exe")).toBe("evil\\u202etxt.exe");
    expect(escapeControls("\u2066\u2069\u200e\u061c")).toBe("\\u2066\\u2069\\u200e\\u061c");
  });

  it("leaves no unsafe character in any string", () => {
    let all = "";
    for (let c = 0; c < 0x2070; c++) all += String.fromCharCode(c);
    const out = escapeControls(all);
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(out).toContain("\t\n");
  });
});
