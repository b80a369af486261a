/**
 * What student code printed, made safe to show: escape sequences removed, other control and bidirectional-override
 * characters made visible, Windows line ends folded, and the length bounded with a note of how much was left out.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanOutput, cleanText, OUTPUT_DEFAULTS } from "../../lib/grader/output.js";

describe("cleanText", () => {
  it("removes colour, cursor and OSC (title, hyperlink) sequences, keeping the text between them", () => {
    expect(cleanText("\u001b[31mred\u001b[0m \u001b[2J\u001b[Hhome")).toBe("red home");
    // an OSC title: Node 22 and later strip it whole; Node 20 only in part, its ESC and BEL then made visible.
    // Either way no control character reaches the terminal and the text after it is kept.
    const title = cleanText("\u001b]0;owned title\u0007after");
    expect(["after", ";owned title\\x07after"]).toContain(title);
    expect(/[\u001b\u0007]/.test(title)).toBe(false);
    expect(cleanText("\u001b]8;;https://x.example\u001b\\link\u001b]8;;\u001b\\")).toBe("link");
  });

  it("keeps newlines and tabs, folds \\r\\n, and shows other control characters as \\xNN", () => {
    expect(cleanText("a\tb\r\nc\n")).toBe("a\tb\nc\n");
    expect(cleanText("over\rwrite")).toBe("over\\x0dwrite");
    expect(cleanText("\u0000\u0008\u007f\u0085\u009b")).toBe("\\x00\\x08\\x7f\\x85\\x9b");
  });

  it("shows bidirectional overrides and marks as \\u{…}, so a line cannot read differently than it is", () => {
    expect(cleanText("ok \u202egnp.exe\u202c \u2066x\u2069 \u200f \u061c")).toBe("ok \\u{202e}gnp.exe\\u{202c} \\u{2066}x\\u{2069} \\u{200f} \\u{61c}");
  });

  it("property: whatever was printed, the result holds no control character but newline and tab, and no bidi control", () => {
    const pieces = fc.constantFrom("\u001b", "[", "]", "0;", "31m", "\u0007", "\u009b", "\\", "\r", "\n", "\t", "\u202e", "\u2067", "a", "é");
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ unit: "binary" })), { maxLength: 30 }), (parts) => {
        expect(cleanText(parts.join(""))).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
      }),
    );
  });

  it("leaves ordinary text, accents and emoji alone", () => {
    const text = "Résumé: 3 × 4 = 12 😀\n";
    expect(cleanText(text)).toBe(text);
  });
});

describe("cleanOutput", () => {
  it("returns short output cleaned and unchanged otherwise", () => {
    expect(cleanOutput("\u001b[1mhi\u001b[0m\n")).toBe("hi\n");
    expect(cleanOutput("")).toBe("");
  });

  it("cuts at maxChars and says how many characters were not shown, counting those that never arrived", () => {
    expect(cleanOutput("abcdefgh", 0, 5)).toBe("abcde\n… (3 more characters not shown)\n");
    expect(cleanOutput("abcdefgh", 10, 5)).toBe("abcde\n… (13 more characters not shown)\n");
    expect(cleanOutput("abcd\nefgh", 0, 5)).toBe("abcd\n… (4 more characters not shown)\n");
    expect(cleanOutput("ab", 4, 5)).toBe("ab\n… (4 more characters not shown)\n");
  });

  it("counts the cleaned text against the limit (an escape sequence costs nothing, a made-visible character its form)", () => {
    expect(cleanOutput("\u001b[31m".repeat(100) + "abc", 0, 3)).toBe("abc");
    expect(cleanOutput("\u0000", 0, 3)).toBe("\\x0\n… (1 more characters not shown)\n");
  });

  it("defaults to OUTPUT_DEFAULTS.maxChars", () => {
    const long = "x".repeat(OUTPUT_DEFAULTS.maxChars + 7);
    expect(cleanOutput(long)).toBe(`${"x".repeat(OUTPUT_DEFAULTS.maxChars)}\n… (7 more characters not shown)\n`);
  });
});
