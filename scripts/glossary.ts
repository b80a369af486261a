/**
 * Writes docs/glossary.md from docs/glossary.json (lib/notebooks/glossary.ts). Run after editing the JSON:
 * `npx tsx scripts/glossary.ts`; test/notebooks/glossary.test.ts fails while the page is out of date.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findProjectRoot } from "../lib/core/project-root.js";
import { glossaryMarkdown, parseGlossary } from "../lib/notebooks/glossary.js";

const root = findProjectRoot();
const glossary = parseGlossary(JSON.parse(readFileSync(join(root, "docs", "glossary.json"), "utf8")));
writeFileSync(join(root, "docs", "glossary.md"), glossaryMarkdown(glossary));
console.log(`docs/glossary.md: ${glossary.terms.length} terms`);
