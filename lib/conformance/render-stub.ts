/**
 * The `render_tree_stub` of `repomap_ranking.json` → `to_tree_cases` is a Python expression the vectors' harness
 * used in place of `render_tree`, e.g. `'│' + rel_fname + ' lois=' + ','.join(str(l) for l in lois) + '\n'`.
 * This evaluates the small language those stubs use — string literals, `+`, `'s' * n`, the names `rel_fname`,
 * `abs_fname`/`fname`, and `'sep'.join(str(l) for l in lois)` — and rejects anything else, so a new kind of stub is
 * reported as a malformed field instead of being guessed at.
 */

/** A stub turned into a renderer: (absPath, relPath, lois) → text. */
export type StubRenderer = (absPath: string, relPath: string, lois: readonly number[]) => string;

type Piece = (abs: string, rel: string, lois: readonly number[]) => string;

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0" };

/** Parses a stub; throws an Error whose message says what could not be read. */
export function parseRenderStub(source: string): StubRenderer {
  let i = 0;
  const ws = (): void => {
    while (source[i] === " ") i++;
  };
  const fail = (what: string): never => {
    throw new Error(`cannot evaluate at offset ${i}: ${what}`);
  };
  const literal = (): string => {
    const quote = source[i]!;
    i++;
    let out = "";
    while (i < source.length && source[i] !== quote) {
      if (source[i] === "\\") {
        const e = source[i + 1] ?? "";
        if (e === "u" || e === "x") {
          const len = e === "u" ? 4 : 2;
          const hex = source.slice(i + 2, i + 2 + len);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) fail("a bad escape");
          out += String.fromCharCode(parseInt(hex, 16));
          i += 2 + len;
        } else {
          if (!(e in ESCAPES)) fail(`the escape \\${e}`);
          out += ESCAPES[e];
          i += 2;
        }
      } else out += source[i++];
    }
    if (source[i] !== quote) fail("an unterminated string");
    i++;
    return out;
  };
  const JOIN = ".join(str(l) for l in lois)";
  const atom = (): Piece => {
    ws();
    const ch = source[i];
    if (ch === "'" || ch === '"') {
      const s = literal();
      if (source.startsWith(JOIN, i)) {
        i += JOIN.length;
        return (_a, _r, lois) => lois.map(String).join(s);
      }
      return () => s;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))?.[0];
    if (name === "rel_fname") return (i += name.length), (_a, rel) => rel;
    if (name === "abs_fname" || name === "fname") return (i += name.length), (abs) => abs;
    return fail(name ? `the name ${name}` : "an unexpected character");
  };
  const term = (): Piece => {
    const a = atom();
    ws();
    if (source[i] !== "*") return a;
    i++;
    ws();
    const n = /^\d+/.exec(source.slice(i))?.[0] ?? fail("a repeat count");
    i += n.length;
    return (abs, rel, lois) => a(abs, rel, lois).repeat(Number(n));
  };
  const pieces = [term()];
  for (ws(); i < source.length; ws()) {
    if (source[i] !== "+") fail("expected +");
    i++;
    pieces.push(term());
  }
  return (abs, rel, lois) => pieces.map((p) => p(abs, rel, lois)).join("");
}
