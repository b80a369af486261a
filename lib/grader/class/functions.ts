/**
 * The functions the similarity report compares, cut out of a TypeScript file's scanner tokens: for an exercise
 * file (a student's or the reference solution) its exported functions — `export function f` and
 * `export const f = (…) => …` / `function (…) {…}` — which are what the graded tests call; for a lib file every
 * top-level function, since the lib's name for a function differs from the exercise's (`teachingPageRankStep` for
 * `pageRankStep`). Only the body is kept: the signature is given by the stub and is the same for everyone.
 *
 * A body that is still the stub's (`throw new Error("not implemented: f")`, lib/grader/stubs.ts) is marked, so the
 * report can leave it out: 300 untouched stubs are identical and would otherwise make 44,850 pairs. So is a body
 * that only returns data — the exercises' "by hand" parts (`handTrace`, `handPredictions`), where every correct
 * answer has the same shape by construction.
 */
import { isNotImplementedMessage } from "../stubs.js";
import { shapeTokens, type ShapeToken } from "./tokens.js";

/** One function's body as shape tokens, with where it is in its file. */
export interface FunctionBody {
  name: string;
  /** 1-based lines of the whole declaration. */
  fromLine: number;
  toLine: number;
  /** The body's tokens, braces excluded (an expression-bodied arrow: the expression). */
  tokens: ShapeToken[];
  /** True when the body is exactly the stub's `throw new Error("not implemented: …")`. */
  stub: boolean;
  /** True when the body only returns data (a hand answer: literals, names, brackets; no call, operator or loop). */
  answer: boolean;
}

/** Which functions to take: the exported ones (exercise files) or every top-level one (lib files). */
export type FunctionScope = "exported" | "top-level";

const OPEN: ReadonlySet<string> = new Set(["(", "[", "{"]);
const CLOSE: ReadonlySet<string> = new Set([")", "]", "}"]);
/** After these, a `{` in a type annotation is an object type, not the function's body. */
const TYPE_GOES_ON: ReadonlySet<string> = new Set([":", "|", "&", "<", ",", "(", "[", "=>", "?", "extends", "typeof"]);
/** Tokens that start a new top-level statement (they end an arrow's expression body left without `;`). */
const STATEMENT_START: ReadonlySet<string> = new Set(["export", "function", "const", "let", "var", "class", "import", "interface", "enum"]);

/**
 * The functions of `text` (a TypeScript file) in source order, the first of each name. Found from the scanner's
 * tokens alone — no parser, so no recursion a hostile `[[[[…]]]]` could exhaust and no error recovery to pay for
 * on a file that is not TypeScript: `[export] [async] function NAME(…)[: T] {…}` and
 * `[export] const|let|var NAME[: T] = [async] (…)[: T] => … | NAME => … | function (…) {…}` at the top level.
 */
export function functionBodies(text: string, scope: FunctionScope): FunctionBody[] {
  const t = shapeTokens(text);
  const out: FunctionBody[] = [];
  const seen = new Set<string>();
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    if (depth === 0) {
      const found = declarationAt(t, i);
      if (found && (scope === "top-level" || t[i]!.shape === "export")) {
        // The first of a name only: a second is a compile error, and a hostile file may repeat one 2000 times.
        if (!seen.has(found.name)) {
          seen.add(found.name);
          const tokens = t.slice(found.bodyFrom, found.bodyTo);
          out.push({ name: found.name, fromLine: t[i]!.line, toLine: t[found.last]!.line, tokens, stub: isStubBody(tokens), answer: isAnswerBody(tokens) });
        }
      }
      if (found) {
        i = found.last;
        continue;
      }
    }
    const shape = t[i]!.shape;
    if (OPEN.has(shape)) depth++;
    else if (CLOSE.has(shape) && depth > 0) depth--;
  }
  return out;
}

interface Declaration {
  name: string;
  /** The body's tokens are t[bodyFrom, bodyTo); t[last] is the declaration's last token. */
  bodyFrom: number;
  bodyTo: number;
  last: number;
}

/** The function declared by the statement starting at t[i], if it declares one. */
function declarationAt(t: readonly ShapeToken[], i: number): Declaration | undefined {
  let j = i;
  if (t[j]?.shape === "export") j++;
  if (t[j]?.shape === "default") j++;
  if (isWord(t[j], "async")) j++;
  if (t[j]?.shape === "function") {
    j++;
    if (t[j]?.shape === "*") j++;
    if (t[j]?.shape !== "ID") return undefined;
    const name = t[j]!.text;
    return functionRest(t, j + 1, name);
  }
  if (t[j]?.shape !== "const" && t[j]?.shape !== "let" && t[j]?.shape !== "var") return undefined;
  j++;
  if (t[j]?.shape !== "ID") return undefined;
  const name = t[j]!.text;
  j++;
  if (t[j]?.shape === ":") j = skipUntil(t, j + 1, (x) => x.shape === "=");
  if (t[j]?.shape !== "=") return undefined;
  j++;
  if (isWord(t[j], "async") && t[j + 1]?.line === t[j]!.line) j++;
  if (t[j]?.shape === "function") {
    j++;
    if (t[j]?.shape === "*") j++;
    if (t[j]?.shape === "ID") j++;
    return functionRest(t, j, name);
  }
  // An arrow: `<T>(…)[: R] =>`, `(…)[: R] =>` or `x =>`.
  if (t[j]?.shape === "<") j = matching(t, j, "<", ">") + 1;
  if (t[j]?.shape === "ID" && t[j + 1]?.shape === "=>") j++;
  else if (t[j]?.shape === "(") {
    j = matching(t, j, "(", ")") + 1;
    if (t[j]?.shape === ":") j = skipUntil(t, j + 1, (x) => x.shape === "=>");
  } else return undefined;
  if (t[j]?.shape !== "=>") return undefined;
  j++;
  if (t[j]?.shape === "{") return blockBody(t, j, name);
  // An expression body: up to a `;` at its own level, or the next top-level statement.
  const from = j;
  let depth = 0;
  for (; j < t.length; j++) {
    const s = t[j]!.shape;
    if (depth === 0 && (s === ";" || (j > from && STATEMENT_START.has(s) && t[j]!.line > t[j - 1]!.line))) break;
    if (OPEN.has(s)) depth++;
    else if (CLOSE.has(s)) {
      if (depth === 0) break;
      depth--;
    }
  }
  if (j === from) return undefined;
  return { name, bodyFrom: from, bodyTo: j, last: t[j]?.shape === ";" ? j : j - 1 };
}

/** After a function's name: `<T>`, `(…)`, `: R`, then the `{…}` body. */
function functionRest(t: readonly ShapeToken[], j: number, name: string): Declaration | undefined {
  if (t[j]?.shape === "<") j = matching(t, j, "<", ">") + 1;
  if (t[j]?.shape !== "(") return undefined;
  j = matching(t, j, "(", ")") + 1;
  if (t[j]?.shape === ":") j = skipUntil(t, j + 1, (x, prev) => x.shape === "{" && !TYPE_GOES_ON.has(prev.shape));
  return t[j]?.shape === "{" ? blockBody(t, j, name) : undefined;
}

function blockBody(t: readonly ShapeToken[], open: number, name: string): Declaration | undefined {
  const close = matching(t, open, "{", "}");
  return close < t.length ? { name, bodyFrom: open + 1, bodyTo: close, last: close } : undefined;
}

/** The index of the token closing the bracket at t[open] (t.length when it is never closed). */
function matching(t: readonly ShapeToken[], open: number, opener: string, closer: string): number {
  let depth = 0;
  for (let j = open; j < t.length; j++) {
    const s = t[j]!.shape;
    if (s === opener) depth++;
    else if (s === closer && --depth === 0) return j;
  }
  return t.length;
}

/** The first index from j, outside brackets (angle brackets included), where `stop` holds; t.length if none. */
function skipUntil(t: readonly ShapeToken[], j: number, stop: (x: ShapeToken, prev: ShapeToken) => boolean): number {
  let depth = 0;
  let angle = 0;
  for (; j < t.length; j++) {
    const x = t[j]!;
    if (depth === 0 && angle === 0 && stop(x, t[j - 1]!)) return j;
    if (OPEN.has(x.shape)) depth++;
    else if (CLOSE.has(x.shape)) depth = Math.max(0, depth - 1);
    else if (x.shape === "<") angle++;
    else if (x.shape === ">" && angle > 0) angle--;
    if (x.shape === ";" && depth === 0) return t.length; // a statement ended: there was no body
  }
  return t.length;
}

function isWord(token: ShapeToken | undefined, word: string): boolean {
  return token?.shape === "ID" && token.text === word;
}

const STUB_SHAPE = ["throw", "new", "ID", "(", "LIT", ")"];

/** True for `throw new Error("not implemented: f")` (with or without its `;`), comments aside. */
export function isStubBody(tokens: readonly ShapeToken[]): boolean {
  const shapes = tokens.map((t) => t.shape);
  if (shapes[shapes.length - 1] === ";") shapes.pop();
  if (shapes.length !== STUB_SHAPE.length || shapes.some((s, i) => s !== STUB_SHAPE[i])) return false;
  return tokens[2]!.text === "Error" && isNotImplementedMessage(tokens[4]!.text);
}

/** The shapes a data-only body may hold: `return { a: "x", b: [1, -2], c: null };`. */
const DATA_SHAPES: ReadonlySet<string> = new Set(["return", "LIT", "ID", "{", "}", "[", "]", ":", ",", ";", "-", "null", "as", "const"]);

/** True for a body that is one `return` of a literal value (object, array, scalar), comments aside. */
export function isAnswerBody(tokens: readonly ShapeToken[]): boolean {
  return tokens.length > 0 && tokens[0]!.shape === "return" && tokens.filter((t) => t.shape === "return").length === 1 && tokens.every((t) => DATA_SHAPES.has(t.shape));
}
