import ts from "typescript";
const program = ts.createProgram(["/work/wt-19/lib/index.ts"], { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, strict: true });
const checker = program.getTypeChecker();
const sf = program.getSourceFile("/work/wt-19/lib/index.ts")!;
const mod = checker.getSymbolAtLocation(sf)!;
const out: Record<string, string[]> = {};
for (const sym of checker.getExportsOfModule(mod)) {
  const target = sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
  const decl = target.declarations?.[0];
  const file = decl ? decl.getSourceFile().fileName.replace("/work/wt-19/lib/", "") : "?";
  const kind = target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias) && !(target.flags & ts.SymbolFlags.Value) ? "type" : "value";
  (out[file] ??= []).push(`${kind === "type" ? "type " : ""}${sym.name}`);
}
let n = 0;
for (const [f, names] of Object.entries(out).sort()) { n += names.length; console.log(`${f}: ${names.join(", ")}`); }
console.log(n);
