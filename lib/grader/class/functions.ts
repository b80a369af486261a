/**
 * The functions the similarity report compares (issue 14, item 3), cut out of a TypeScript file: for an exercise
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
import ts from "typescript";
import { isNotImplementedMessage } from "../stubs.js";
import { lineStarts, shapeTokens, type ShapeToken } from "./tokens.js";

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

/** The functions of `text` (a TypeScript file) in source order; a file that does not parse still yields what it can. */
export function functionBodies(text: string, scope: FunctionScope): FunctionBody[] {
  const file = ts.createSourceFile("source.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const starts = lineStarts(text);
  const out: FunctionBody[] = [];
  const add = (name: string, decl: ts.Node, body: ts.Node): void => {
    const block = ts.isBlock(body);
    const from = block ? body.getStart(file) + 1 : body.getStart(file);
    const to = block ? body.end - 1 : body.end;
    const tokens = shapeTokens(text, from, to, starts);
    out.push({
      name,
      fromLine: file.getLineAndCharacterOfPosition(decl.getStart(file)).line + 1,
      toLine: file.getLineAndCharacterOfPosition(decl.end).line + 1,
      tokens,
      stub: isStubBody(tokens),
      answer: isAnswerBody(tokens),
    });
  };
  for (const statement of file.statements) {
    const exported = hasExport(statement);
    if (scope === "exported" && !exported) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      add(statement.name.text, statement, statement.body);
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        const init = d.initializer;
        if (!ts.isIdentifier(d.name) || !init) continue;
        if ((ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && init.body) add(d.name.text, statement, init.body);
      }
    }
  }
  return out;
}

function hasExport(statement: ts.Statement): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
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
