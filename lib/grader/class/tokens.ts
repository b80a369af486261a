/**
 * Token shape for the similarity report: a stretch of TypeScript as the TypeScript compiler's
 * own scanner reads it, with the names and values a copier changes first taken out. Identifiers (and `#private`
 * names) become `ID`, and so do contextual keywords (`of`, `from`, `type`, `number`: a student may name a variable
 * `from`); numbers, strings, templates, regular expressions, `true` and `false` become `LIT`; reserved words and
 * punctuation stay as they are; comments and whitespace are dropped. Two functions that differ only by
 * renaming and by their constants have the same shape — the normalisation of Schleimer, Wilkerson and Aiken
 * (2003) §5 and of JPlag (Prechelt, Malpohl and Philippsen 2002).
 *
 * The scanner alone does not know whether `/` starts a regular expression or whether `}` resumes a template; the
 * usual rules decide: `/` after a token that cannot end an expression is rescanned as a regex, and a `}` that
 * closes a template's `${` is rescanned as the template's next part.
 */
import ts from "typescript";

/** One token: its shape (`ID`, `LIT`, `for`, `(`, …), the 1-based line it starts on and its raw text. */
export interface ShapeToken {
  shape: string;
  line: number;
  text: string;
}

const LITERALS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
]);

/** Tokens after which `/` is division; after anything else it starts a regular expression. */
const ENDS_EXPRESSION: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.PrivateIdentifier,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.SuperKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.PlusPlusToken,
  ts.SyntaxKind.MinusMinusToken,
  ...LITERALS,
]);

/** The 0-based offsets at which each line of `text` starts (the first is 0). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** The 1-based line holding offset `pos`, given `lineStarts(text)`. */
export function lineAt(starts: readonly number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The shape tokens of `text`, scanned as TypeScript from the top level. */
export function shapeTokens(text: string): ShapeToken[] {
  const starts = lineStarts(text);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const out: ShapeToken[] = [];
  // For each open `${` of a template, the brace depth at which it opened: its `}` resumes the template.
  const templates: number[] = [];
  let depth = 0;
  let previous = ts.SyntaxKind.Unknown;
  for (;;) {
    let kind = scanner.scan();
    if (kind === ts.SyntaxKind.EndOfFileToken) break;
    if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && !ENDS_EXPRESSION.has(previous)) {
      kind = scanner.reScanSlashToken();
    } else if (kind === ts.SyntaxKind.CloseBraceToken && templates.length > 0 && templates[templates.length - 1] === depth) {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateTail) templates.pop();
    } else if (kind === ts.SyntaxKind.OpenBraceToken) depth++;
    else if (kind === ts.SyntaxKind.CloseBraceToken) depth--;
    if (kind === ts.SyntaxKind.TemplateHead) templates.push(depth);
    const tokenText = scanner.getTokenText();
    out.push({ shape: shapeOf(kind, tokenText), line: lineAt(starts, scanner.getTokenStart()), text: tokenText });
    previous = kind;
  }
  return out;
}

function shapeOf(kind: ts.SyntaxKind, text: string): string {
  if (kind === ts.SyntaxKind.Identifier || kind === ts.SyntaxKind.PrivateIdentifier) return "ID";
  if (LITERALS.has(kind)) return "LIT";
  // `of`, `from`, `type`, `number`, `async`…: keywords only in context, and a name a student may pick.
  if (kind > ts.SyntaxKind.LastFutureReservedWord && kind <= ts.SyntaxKind.LastKeyword) return "ID";
  return ts.tokenToString(kind) ?? text;
}
