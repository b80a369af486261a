/**
 * The notebooks a Jupyter server shows in another language, generated from the one source: `notebooks.<lang>/`
 * beside `notebooks/` (git-ignored), each study notebook with its prose swapped (`notebookInLang`) and the first use
 * of each glossary term linked to docs/glossary.md, and every other entry of `notebooks/` (sample-repo) and `docs/`
 * linked in, so the cells' relative paths (`sample-repo`, `../lib/…`) resolve as they do from `notebooks/`.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { isLang, type Lang } from "../core/lang.js";
import { writeOutputFile } from "../core/safe-write.js";
import { linkGlossaryTerms, parseGlossary, type Glossary } from "./glossary.js";
import { parseNotebook, serialiseNotebook, sourceText, type Notebook } from "./ipynb.js";
import { cellTranslation, notebookInLang } from "./language.js";
import { listNotebooks, type ProjectPaths } from "./project.js";

/** Where the notebooks in `lang` are: `notebooks/` itself for English, else the generated `notebooks.<lang>/`. */
export function notebooksFolder(paths: ProjectPaths, lang: Lang): string {
  if (!isLang(lang)) throw new WorkbenchInputError("notebooksFolder", "lang", "must be en or zh", lang);
  return lang === "en" ? paths.notebooks : join(paths.root, `notebooks.${lang}`);
}

/** `nb` in Chinese with the first use of each glossary term linked to `href#term-…` (pure). */
export function chineseNotebook(nb: Notebook, glossary: Glossary | null, href: string): Notebook {
  const zh = notebookInLang(nb, "zh");
  if (glossary === null) return zh;
  const indices = nb.cells.flatMap((c, i) => (cellTranslation(c) ? [i] : []));
  const linked = linkGlossaryTerms(glossary, indices.map((i) => sourceText(zh.cells[i]!.source)), href);
  const cells = zh.cells.map((c, i) => {
    const k = indices.indexOf(i);
    return k < 0 ? c : { ...c, source: linked[k]!.split(/(?<=\n)/) };
  });
  return { ...zh, cells };
}

const NOTE = (lang: Lang) =>
  `# Generated: the notebooks in ${lang}\n\nWritten by \`npm start -- --lang ${lang}\` from \`notebooks/\` (each prose cell's \`metadata.${lang}\`). ` +
  `Edits here are not kept: they are overwritten at the next start. Change \`notebooks/\` instead.\n`;

/**
 * Writes the notebooks in `lang` and returns their folder (`notebooks/` for English, nothing written). The folder is
 * ours: its generated files are replaced, entries of `notebooks/` are linked (never copied), nothing else is touched.
 */
export function writeNotebooksInLang(paths: ProjectPaths, lang: Lang): string {
  const dir = notebooksFolder(paths, lang);
  if (lang === "en") return dir;
  if (existsSync(dir) && !lstatSync(dir).isDirectory()) throw new WorkbenchInputError("writeNotebooksInLang", "folder", "must be a folder or not exist", dir);
  mkdirSync(dir, { recursive: true });
  const glossaryFile = join(paths.root, "docs", "glossary.json");
  const glossary = existsSync(glossaryFile) ? parseGlossary(JSON.parse(readFileSync(glossaryFile, "utf8"))) : null;
  // the Notebook server is rooted here, so docs/ is linked in beside sample-repo for the glossary links to open
  const href = "docs/glossary.md";
  const studied = new Set(listNotebooks(paths.notebooks).map((f) => basename(f)));
  for (const file of listNotebooks(paths.notebooks)) {
    const nb = parseNotebook(readFileSync(file, "utf8"), basename(file));
    writeOutputFile(join(dir, basename(file)), serialiseNotebook(chineseNotebook(nb, glossary, href)), "notebook");
  }
  const shared = [...readdirSync(paths.notebooks).filter((n) => !studied.has(n) && !n.startsWith(".")).map((n) => join(paths.notebooks, n)), join(paths.root, "docs")];
  for (const target of shared.filter((t) => existsSync(t))) {
    const link = join(dir, basename(target));
    if (existsSync(link) || isLink(link)) {
      if (!isLink(link)) continue; // a file someone put there: left alone
      rmSync(link);
    }
    symlinkSync(relative(dir, target), link);
  }
  writeOutputFile(join(dir, "README.md"), NOTE(lang), "README.md");
  return dir;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
