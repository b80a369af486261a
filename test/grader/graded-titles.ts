/**
 * The titles of an exercise's graded tests, read from its test file without running it: the first argument of each
 * `ex.test(…)` / `ex.property(…)` / `ex.byHand(…)` call, parsed with TypeScript's own parser (so escapes read as the runtime sees
 * them). A title that is not a string literal is reported, since nothing could check the hints that name it.
 */
import { readFileSync } from "node:fs";
import ts from "typescript";

export function gradedTestTitles(testFile: string): { titles: string[]; problems: string[] } {
  const source = ts.createSourceFile(testFile, readFileSync(testFile, "utf8"), ts.ScriptTarget.Latest, true);
  const titles: string[] = [];
  const problems: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === "ex" &&
      ["test", "property", "byHand"].includes(node.expression.name.text)
    ) {
      const first = node.arguments[0];
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) titles.push(first.text);
      else problems.push(`line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: a graded test whose title is not a string literal`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { titles, problems };
}
