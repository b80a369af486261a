import ts from "typescript";
import { readFileSync } from "node:fs";
import { execSync } from "node:child_process";
const files = execSync("git ls-files 'lib/*.ts'", { encoding: "utf8" }).trim().split("\n");
const publicNames = new Set(readFileSync("/tmp/w19/exports-new.txt", "utf8").split("\n").flatMap((l) => l.includes(":") ? l.split(":")[1]!.split(",").map((s) => s.trim().replace("type ", "")) : []));
for (const f of files) {
  const sf = ts.createSourceFile(f, readFileSync(f, "utf8"), ts.ScriptTarget.ES2022, true);
  const visit = (n: ts.Node, cls?: string) => {
    const exported = (n as ts.HasModifiers).modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isFunctionDeclaration(n) && exported && n.parameters.length > 3) console.log(`${publicNames.has(n.name!.text) ? "PUBLIC" : "      "} ${f}: ${n.name!.text}(${n.parameters.map((p) => p.name.getText()).join(", ")})`);
    if (ts.isVariableStatement(n) && exported) for (const d of n.declarationList.declarations) {
      const init = d.initializer;
      if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && init.parameters.length > 3) console.log(`${publicNames.has(d.name.getText()) ? "PUBLIC" : "      "} ${f}: ${d.name.getText()}(${init.parameters.map((p) => p.name.getText()).join(", ")})`);
    }
    if (ts.isClassDeclaration(n) && exported) for (const m of n.members) {
      if ((ts.isMethodDeclaration(m) || ts.isConstructorDeclaration(m)) && m.parameters.length > 3 && !m.modifiers?.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword)) console.log(`${publicNames.has(n.name!.text) ? "PUBLIC" : "      "} ${f}: ${n.name!.text}.${ts.isConstructorDeclaration(m) ? "constructor" : m.name.getText()}(${m.parameters.map((p) => p.name.getText()).join(", ")})`);
    }
    ts.forEachChild(n, (c) => visit(c));
  };
  visit(sf);
}
