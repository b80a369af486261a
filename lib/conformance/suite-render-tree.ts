/**
 * Suite `render_tree`: `test/fixtures/golden/treecontext-render.json` — grep-ast's TreeContext as Aider's
 * `render_tree` calls it (`aider/repomap.py` `to_tree/render_tree`), on real files and lines of interest. Each case's file is parsed with
 * our grammar (with `aiderGrammar` emulation) and rendered with `AiderTreeContext`, one context per file, as
 * Aider keeps one per file.
 *
 * Cases run in file order against one context per file. Empty `lois` show Aider's context reuse: TreeContext
 * then keeps what the previous call on that file showed ("" on a fresh context, as for a first `all-defs` variant
 * of a file without defs). The generator ran each file's variants in the order its notes give, `every-line` right
 * before `no-lois`; for a `no-lois` case the suite replays that call first, so the result does not depend on
 * which of the file's cases are in the vector file.
 */
import { GrammarSet } from "../repomap/scan/grammars.js";
import { languageById } from "../repomap/scan/languages.js";
import { AiderTreeContext, treeContextFor } from "../repomap/render/render-tree.js";
import { readCases, VectorFormatError } from "./format.js";
import type { CaseOutcome, ConformanceSuite } from "./suite.js";

/**
 * Cases whose expected output comes from a syntax tree that differs from ours, by case id, with the node that
 * differs. Empty: with `aiderGrammar` (Python's `expression_statement` walked through, as grammar 26855ea hides
 * it) our npm grammars give the trees Aider used on every case we have (JavaScript is the same v0.25.0).
 */
export const RENDER_TREE_GRAMMAR_DIFFERENCES: Readonly<Record<string, string>> = Object.freeze({});

export function renderTreeSuite(grammars: GrammarSet = new GrammarSet()): ConformanceSuite {
  return {
    name: "render_tree",
    description: "grep-ast TreeContext as render_tree calls it (treecontext-render.json)",
    async run(file) {
      const contexts = new Map<string, AiderTreeContext>();
      const outcomes: CaseOutcome[] = [];
      for (const c of readCases(file, "cases")) {
        const language = c.get<string>("language", "string");
        const path = c.get<string>("path", "string");
        const code = c.get<string>("code", "string");
        const lois = c.get<unknown[]>("lois", "array");
        const expected = c.get<string>("expected", "string");
        lois.forEach((l, i) => {
          if (typeof l !== "number" || !Number.isInteger(l) || l < 0) throw new VectorFormatError(c.id, `lois[${i}]`, "must be a non-negative integer");
        });
        const spec = languageById(language);
        const grammar = spec && (await grammars.get(spec));
        if (!grammar) {
          outcomes.push({ id: c.id, passed: false, expected, detail: `no grammar for language "${language}"` });
          continue;
        }
        const key = `${path}\u0000${code}`;
        let context = contexts.get(key);
        if (!context) contexts.set(key, (context = new AiderTreeContext(treeContextFor(grammar, code))));
        if (lois.length === 0 && c.id.endsWith("::no-lois")) context.render(context.index.lines.map((_, i) => i));
        const actual = context.render(lois as number[]);
        const known = RENDER_TREE_GRAMMAR_DIFFERENCES[c.id];
        outcomes.push(
          actual === expected
            ? { id: c.id, passed: true }
            : { id: c.id, passed: false, expected, actual, ...(known ? { detail: `known grammar difference: ${known}` } : {}) },
        );
      }
      return outcomes;
    },
  };
}
