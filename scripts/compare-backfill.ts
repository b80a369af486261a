/**
 * Compares our reference backfill (every identifier leaf, repomap/scan/tags-raw.ts) with Aider's (pygments `Token.Name`
 * tokens, `aider/repomap.py` `get_tags_raw` step 5) on the files given: `npx tsx scripts/compare-backfill.ts FILE…`. Needs a python3
 * with pygments; prints, per language, how many files agree exactly and the names only one side produces.
 * A report, not a test (pygments is Python); repomap/scan/README.md summarises what it showed.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { GrammarSet } from "../lib/repomap/scan/grammars.js";
import { languageForPath } from "../lib/repomap/scan/languages.js";
import { identifierTexts } from "../lib/repomap/scan/tags-raw.js";

const PYGMENTS = `
import sys, json
from pygments.lexers import guess_lexer_for_filename
from pygments.token import Token
out = {}
for path in sys.argv[1:]:
    code = open(path, encoding="utf-8").read()
    out[path] = [t for k, t in guess_lexer_for_filename(path, code).get_tokens(code) if k in Token.Name]
print(json.dumps(out))
`;

const files = process.argv.slice(2).filter((f) => languageForPath(f) !== undefined);
if (files.length === 0) {
  console.error("usage: npx tsx scripts/compare-backfill.ts FILE… (files with a grammar)");
  process.exit(2);
}
const theirs = JSON.parse(execFileSync("python3", ["-c", PYGMENTS, ...files], { maxBuffer: 1 << 30, encoding: "utf8" })) as Record<string, string[]>;
const grammars = new GrammarSet();
const same: Record<string, number> = {};
const total: Record<string, number> = {};
const onlyOurs = new Map<string, number>();
const onlyTheirs = new Map<string, number>();
for (const f of files) {
  const grammar = (await grammars.get(languageForPath(f)!))!;
  const lang = grammar.spec.id;
  const tree = grammar.parser.parse(readFileSync(f, "utf8"))!;
  const ours = identifierTexts(grammar, tree.rootNode);
  tree.delete();
  const diff = new Map<string, number>();
  for (const x of ours) diff.set(x, (diff.get(x) ?? 0) + 1);
  for (const x of theirs[f] ?? []) diff.set(x, (diff.get(x) ?? 0) - 1);
  total[lang] = (total[lang] ?? 0) + 1;
  if ([...diff.values()].every((v) => v === 0)) same[lang] = (same[lang] ?? 0) + 1;
  for (const [name, v] of diff) {
    const key = `${lang} ${JSON.stringify(name)}`;
    if (v > 0) onlyOurs.set(key, (onlyOurs.get(key) ?? 0) + v);
    if (v < 0) onlyTheirs.set(key, (onlyTheirs.get(key) ?? 0) - v);
  }
}
const top = (m: Map<string, number>): string =>
  [...m].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, n]) => `  ${String(n).padStart(6)}  ${k}`).join("\n");
for (const lang of Object.keys(total)) console.log(`${lang}: ${same[lang] ?? 0} of ${total[lang]} files identical`);
console.log(`only in ours (identifier leaves):\n${top(onlyOurs)}`);
console.log(`only in pygments (Token.Name):\n${top(onlyTheirs)}`);
