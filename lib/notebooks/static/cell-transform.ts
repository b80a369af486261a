/**
 * One notebook cell as the browser runtime runs it: TypeScript transpiled by TypeScript's own `transpileModule`
 * (types dropped, no type check), then every top-level declaration rewritten so it outlives the cell, as tslab's
 * converter does (tslab `converter.ts`: declarations become the session's): `const x = e` → `(x = e)`,
 * `import { a } from "m"` → `a = (await __import("m")).a`, classes and functions copied into the session scope.
 * The result runs as an async function's body inside `with (__scope)` (`cellFunctionSource`); the last expression's value is returned, as tslab
 * prints it. Pure: the caller passes the `typescript` module, so Node tests and the Web Worker share this code.
 */
import type * as TS from "typescript";
import { WorkbenchInputError } from "../../core/errors.js";

export interface CellDiagnostic {
  /** 1-based, as tslab prints them (`line:column - message`). */
  line: number;
  column: number;
  message: string;
}

export interface CellProgram {
  /** The body of an async function; names in `names` live in the session scope, not in the body. */
  body: string;
  /** Every top-level name the cell declares or imports. */
  names: string[];
  /** Syntax errors; when there are any, `body` is empty. */
  diagnostics: CellDiagnostic[];
}

type Ts = typeof TS;

const OPTIONS = (ts: Ts): TS.CompilerOptions => ({
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  verbatimModuleSyntax: true,
  alwaysStrict: false,
  useDefineForClassFields: true,
  sourceMap: false,
});

/** The names a binding (an identifier or a destructuring pattern) declares. */
function bindingNames(ts: Ts, name: TS.BindingName, out: string[]): void {
  if (ts.isIdentifier(name)) out.push(name.text);
  else for (const el of name.elements) if (!ts.isOmittedExpression(el)) bindingNames(ts, el.name, out);
}

function importText(ts: Ts, node: TS.ImportDeclaration, names: string[]): string {
  const spec = JSON.stringify((node.moduleSpecifier as TS.StringLiteral).text);
  const clause = node.importClause;
  if (!clause) return `await __import(${spec});`;
  const parts = [`const __m = await __import(${spec});`];
  if (clause.name) {
    names.push(clause.name.text);
    parts.push(`${clause.name.text} = __default(__m);`);
  }
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) {
    names.push(bindings.name.text);
    parts.push(`${bindings.name.text} = __m;`);
  } else if (bindings) {
    for (const el of bindings.elements) {
      if (el.isTypeOnly) continue;
      names.push(el.name.text);
      parts.push(`${el.name.text} = __m[${JSON.stringify((el.propertyName ?? el.name).text)}];`);
    }
  }
  return `{ ${parts.join(" ")} }`;
}

function declarationText(ts: Ts, list: TS.VariableDeclarationList, text: string, names: string[]): string {
  const parts = list.declarations.map((d) => {
    bindingNames(ts, d.name, names);
    const target = text.slice(d.name.getStart(), d.name.end);
    return d.initializer ? `${target} = ${text.slice(d.initializer.getStart(), d.initializer.end)}` : `${target} = undefined`;
  });
  return `(${parts.join(", ")});`;
}

/** Rewrites the transpiled JavaScript `js` of one cell (see the header). */
function hoist(ts: Ts, js: string): { body: string; names: string[] } {
  const file = ts.createSourceFile("cell.js", js, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const names: string[] = [];
  const functions: string[] = [];
  const out: string[] = [];
  let last = 0;
  const statements = file.statements;
  statements.forEach((s, i) => {
    const start = s.getStart();
    out.push(js.slice(last, start));
    last = s.end;
    const own = js.slice(start, s.end);
    if (ts.isImportDeclaration(s)) out.push(importText(ts, s, names));
    else if (ts.isVariableStatement(s)) out.push(declarationText(ts, s.declarationList, js, names));
    else if (ts.isClassDeclaration(s) && s.name) {
      names.push(s.name.text);
      out.push(`${s.name.text} = ${own};`);
    } else if (ts.isFunctionDeclaration(s) && s.name) {
      names.push(s.name.text);
      functions.push(`__scope[${JSON.stringify(s.name.text)}] = ${s.name.text};`);
      out.push(own);
    } else if (i === statements.length - 1 && ts.isExpressionStatement(s)) {
      out.push(`return (${js.slice(s.expression.getStart(), s.expression.end)});`);
    } else out.push(own);
  });
  out.push(js.slice(last));
  return { body: [...functions, out.join("")].join("\n"), names: [...new Set(names)] };
}

/** Transpiles and rewrites one cell's TypeScript `source` (see the header); syntax errors come back as diagnostics. */
export function transformCell(ts: Ts, source: string): CellProgram {
  if (typeof source !== "string") throw new WorkbenchInputError("transformCell", "source", "must be a string", source);
  const result = ts.transpileModule(source, { compilerOptions: OPTIONS(ts), reportDiagnostics: true, fileName: "cell.ts" });
  const diagnostics = (result.diagnostics ?? []).map((d): CellDiagnostic => {
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : { line: 0, character: 0 };
    return { line: at.line + 1, column: at.character + 1, message: ts.flattenDiagnosticMessageText(d.messageText, "\n") };
  });
  if (diagnostics.length > 0) return { body: "", names: [], diagnostics };
  return { ...hoist(ts, result.outputText), diagnostics };
}

/** The source of a function `(__scope, __import, __default) => Promise<unknown>` that runs `program` (see the header). */
export function cellFunctionSource(program: CellProgram): string {
  return `with (__scope) { return (async () => {\n${program.body}\n})(); }`;
}
