/**
 * Text that is safe to print on a terminal: a file name or message holding ESC, CSI, BEL,
 * CR or a bidirectional override could recolour, rewrite or hide what the user reads. Every control character
 * but newline and TAB is shown as an escape (`\x1b`, `\u009b`, `\u202e`), so what is printed is what the name holds.
 */

/** C0 controls but \t and \n, DEL, C1 controls, and the Unicode bidi embeddings, overrides and isolates. */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every unsafe character replaced by its escape. */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (ch) => {
    const code = ch.charCodeAt(0);
    // C0 as \x1b; DEL, C1 and bidi as \u009b, which is also a valid escape inside JSON output (C0 never
    // appears raw there: JSON.stringify escapes it already)
    return code < 0x20 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
