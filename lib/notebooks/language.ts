/**
 * The notebooks in two languages from one source: each markdown cell keeps its English `source` and stores its
 * Chinese beside it as `metadata.zh = { en, source }`, where `en` is the hash of the English it was written from
 * (`translationHash`). Code cells are shared. A notebook is shown in one language by swapping the prose.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { isLang, translationHash, type Lang } from "../core/lang.js";
import { cellTranslationProblem, sourceText, type Cell, type Notebook } from "./ipynb.js";

/** A markdown cell's Chinese: the hash of the English it translates, and its lines as Jupyter stores sources. */
export interface CellTranslation {
  en: string;
  source: string[];
}

/** A markdown cell's Chinese, or null when it has none (or it is malformed: `cellTranslationProblem` says why). */
export function cellTranslation(cell: Cell): CellTranslation | null {
  if (cell.cell_type !== "markdown") return null;
  const zh = cell.metadata?.zh;
  return zh !== undefined && cellTranslationProblem(zh) === null ? (zh as CellTranslation) : null;
}

/** A markdown cell's prose in `lang`: the Chinese when it has some, else the English (`translated` says which). */
export function cellProse(cell: Cell, lang: Lang): { text: string; translated: boolean } {
  const zh = lang === "zh" ? cellTranslation(cell) : null;
  return zh ? { text: zh.source.join(""), translated: true } : { text: sourceText(cell.source), translated: lang === "en" };
}

/**
 * The notebook in `lang`: for zh each markdown cell's `source` replaced by its Chinese (a cell without Chinese
 * keeps its English); for en the notebook unchanged. Pure: `nb` is not changed.
 */
export function notebookInLang(nb: Notebook, lang: Lang): Notebook {
  if (!isLang(lang)) throw new WorkbenchInputError("notebookInLang", "lang", "must be en or zh", lang);
  if (lang === "en") return nb;
  const cells = nb.cells.map((cell): Cell => {
    const zh = cellTranslation(cell);
    return zh ? { ...cell, source: [...zh.source] } : cell;
  });
  return { ...nb, cells };
}

/**
 * The heading of `section` (a markdown heading's English text, as in "<file> § <section>") in `lang`: the first
 * heading line of that cell's Chinese; `section` itself when the notebook has no such heading or no Chinese for it.
 */
export function sectionHeading(nb: Notebook, section: string, lang: Lang): string {
  if (lang === "en") return section;
  // the n-th heading of the cell's English is the n-th heading of its Chinese (same sections, same order)
  const headings = (text: string): string[] => text.split("\n").filter((l) => /^#{1,6}\s/.test(l)).map((l) => l.replace(/^#+\s+/, "").trim());
  for (const cell of nb.cells) {
    const n = cell.cell_type === "markdown" ? headings(sourceText(cell.source)).indexOf(section) : -1;
    const zh = n >= 0 ? cellTranslation(cell) : null;
    if (zh) return headings(zh.source.join(""))[n] ?? section;
  }
  return section;
}

/**
 * What keeps a notebook's Chinese in step with its English, one line per cell (empty when it is): a markdown cell
 * with no `metadata.zh`, a malformed one, or one whose `en` is not the hash of the current English source.
 */
export function notebookTranslationProblems(nb: Notebook, name: string): string[] {
  const problems: string[] = [];
  nb.cells.forEach((cell, i) => {
    if (cell.cell_type !== "markdown") return;
    const where = `${name}: cell ${cell.id ?? `#${i + 1}`}`;
    const zh = cell.metadata?.zh;
    if (zh === undefined) return void problems.push(`${where} has no Chinese (metadata.zh)`);
    const bad = cellTranslationProblem(zh);
    if (bad !== null) return void problems.push(`${where}: ${bad}`);
    const now = translationHash(sourceText(cell.source));
    if ((zh as CellTranslation).en !== now) {
      problems.push(`${where}: the English changed since its Chinese was written (en ${(zh as CellTranslation).en}, now ${now}): review the Chinese against the new English, then renew en`);
    }
  });
  return problems;
}
