/**
 * One notebook cell as the browser runtime runs it: its types stripped by sucrase (no type check; imports kept as
 * written, `import type` and inline `type` specifiers dropped, as TypeScript's `verbatimModuleSyntax` does), then
 * parsed by acorn and every top-level declaration rewritten so it outlives the cell, as tslab's converter does
 * (tslab `converter.ts`: declarations become the session's): `const x = e` → `(x = e)`,
 * `import { a } from "m"` → `a = (await __import("m")).a`, classes and functions copied into the session scope.
 * The result runs as an async function's body inside `with (__scope)` (`cellFunctionSource`); the last
 * expression's value is returned, as tslab prints it. Both tools are small (about 80 kB gzip together), so a page's
 * first cell does not wait for TypeScript's compiler (1 MB gzip); the Node tests and the Web Worker share this code.
 */
import { parse, type Node, type Pattern, type Program } from "acorn";
import { transform } from "sucrase";
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

/** The names a binding (an identifier or a destructuring pattern) declares. */
function bindingNames(node: Pattern, out: string[]): void {
  if (node.type === "Identifier") out.push(node.name);
  else if (node.type === "ObjectPattern") for (const p of node.properties) bindingNames(p.type === "RestElement" ? p.argument : p.value, out);
  else if (node.type === "ArrayPattern") for (const el of node.elements) el && bindingNames(el, out);
  else if (node.type === "AssignmentPattern") bindingNames(node.left, out);
  else if (node.type === "RestElement") bindingNames(node.argument, out);
}

const text = (js: string, node: Node) => js.slice(node.start, node.end);

function importText(node: import("acorn").ImportDeclaration, names: string[]): string {
  const spec = JSON.stringify(node.source.value);
  if (node.specifiers.length === 0) return `await __import(${spec});`;
  const parts = [`const __m = await __import(${spec});`];
  for (const s of node.specifiers) {
    names.push(s.local.name);
    if (s.type === "ImportDefaultSpecifier") parts.push(`${s.local.name} = __default(__m);`);
    else if (s.type === "ImportNamespaceSpecifier") parts.push(`${s.local.name} = __m;`);
    else {
      const imported = s.imported.type === "Identifier" ? s.imported.name : String(s.imported.value);
      parts.push(`${s.local.name} = __m[${JSON.stringify(imported)}];`);
    }
  }
  return `{ ${parts.join(" ")} }`;
}

function declarationText(node: import("acorn").VariableDeclaration, js: string, names: string[]): string {
  const parts = node.declarations.map((d) => {
    bindingNames(d.id, names);
    return d.init ? `${text(js, d.id)} = ${text(js, d.init)}` : `${text(js, d.id)} = undefined`;
  });
  return `(${parts.join(", ")});`;
}

/** Rewrites the JavaScript `js` of one cell (see the header), parsed into `file`. */
function hoist(file: Program, js: string): { body: string; names: string[] } {
  const names: string[] = [];
  const functions: string[] = [];
  const out: string[] = [];
  let last = 0;
  file.body.forEach((s, i) => {
    out.push(js.slice(last, s.start));
    last = s.end;
    if (s.type === "ImportDeclaration") out.push(importText(s, names));
    else if (s.type === "VariableDeclaration") out.push(declarationText(s, js, names));
    else if (s.type === "ClassDeclaration" && s.id) {
      names.push(s.id.name);
      out.push(`${s.id.name} = ${text(js, s)};`);
    } else if (s.type === "FunctionDeclaration" && s.id) {
      names.push(s.id.name);
      functions.push(`__scope[${JSON.stringify(s.id.name)}] = ${s.id.name};`);
      out.push(text(js, s));
    } else if (i === file.body.length - 1 && s.type === "ExpressionStatement") out.push(`return (${text(js, s.expression)});`);
    else out.push(text(js, s));
  });
  out.push(js.slice(last));
  return { body: [...functions, out.join("")].join("\n"), names: [...new Set(names)] };
}

/** A parser's error as a diagnostic: sucrase's `loc` column is 1-based, acorn's 0-based; the message loses its `(l:c)`. */
function diagnosticOf(err: unknown, columnBase: 0 | 1): CellDiagnostic {
  const e = err as { message?: unknown; loc?: { line: number; column: number } };
  const message = String(e.message ?? err).replace(/ \(\d+:\d+\)$/, "");
  return e.loc ? { line: e.loc.line, column: e.loc.column + 1 - columnBase, message } : { line: 1, column: 1, message };
}

/** Transpiles and rewrites one cell's TypeScript `source` (see the header); syntax errors come back as diagnostics. */
export function transformCell(source: string): CellProgram {
  if (typeof source !== "string") throw new WorkbenchInputError("transformCell", "source", "must be a string", source);
  let js: string;
  try {
    js = transform(source, { transforms: ["typescript"], disableESTransforms: true, keepUnusedImports: true }).code;
  } catch (err) {
    return { body: "", names: [], diagnostics: [diagnosticOf(err, 1)] };
  }
  let file: Program;
  try {
    // parsed as a module (strict, as tslab compiles a cell), top-level await and return allowed (it becomes a function's body)
    file = parse(js, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true, locations: true });
  } catch (err) {
    return { body: "", names: [], diagnostics: [diagnosticOf(err, 0)] };
  }
  return { ...hoist(file, js), diagnostics: [] };
}

/** The source of a function `(__scope, __import, __default) => Promise<unknown>` that runs `program` (see the header). */
export function cellFunctionSource(program: CellProgram): string {
  return `with (__scope) { return (async () => {\n${program.body}\n})(); }`;
}
