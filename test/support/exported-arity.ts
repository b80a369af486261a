/**
 * Exported functions and constructors of lib that take too many parameters (CONTRIBUTING.md, "Rules": more than
 * three parameters go in an options object with a frozen `DEFAULTS`). Read with TypeScript's parser, no type
 * checker: every exported `function`, exported `const` bound to an arrow or function expression, and the
 * constructor (and public methods are not counted) of every exported class. A rest parameter counts as one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";

/** One exported callable over the limit: where it is and how many parameters it declares. */
export interface ArityFinding {
  readonly file: string;
  readonly name: string;
  readonly parameters: number;
}

/** Every `.ts` file under `dir` (skipping `dist` and `node_modules`), relative to `root`, `/`-separated. */
function tsFiles(root: string, dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = join(dir, e.name);
    if (e.isDirectory()) return e.name === "dist" || e.name === "node_modules" ? [] : tsFiles(root, abs);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [relative(root, abs).split(sep).join("/")] : [];
  });
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** The exported callables of one source text, each with its parameter count (overload signatures included). */
export function exportedArities(file: string, text: string): ArityFinding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ArityFinding[] = [];
  for (const statement of source.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement)) {
      found.push({ file, name: statement.name?.text ?? "default", parameters: statement.parameters.length });
    } else if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && ts.isIdentifier(decl.name)) {
          found.push({ file, name: decl.name.text, parameters: init.parameters.length });
        }
      }
    } else if (ts.isClassDeclaration(statement)) {
      const className = statement.name?.text ?? "default";
      for (const member of statement.members) {
        if (ts.isConstructorDeclaration(member)) {
          const isPrivate = (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.PrivateKeyword);
          if (!isPrivate) found.push({ file, name: `new ${className}`, parameters: member.parameters.length });
        }
      }
    }
  }
  return found;
}

/** Every exported callable under `root/dir` that declares more than `limit` parameters, sorted by file and name. */
export function overArity(root: string, dir: string, limit: number): ArityFinding[] {
  return tsFiles(root, join(root, dir))
    .sort()
    .flatMap((file) => exportedArities(file, readFileSync(join(root, file), "utf8")))
    .filter((f) => f.parameters > limit);
}
