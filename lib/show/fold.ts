/**
 * "Predict, then look": a result the reader should work out first (a table, a picture, a printed value), folded
 * under a summary and closed until they open it — a plain `<details>`, so it stays folded in Jupyter and on the
 * workbench's pages alike. Returns HTML for `tslab.display.html`.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { requireString } from "../core/validate.js";
import { escapeHtml } from "./table.js";

/** Fold `html` (already HTML: our own tables and pictures) under `summary` (escaped); `html` must not be empty. */
export function foldedHtml(summary: string, html: string): string {
  requireString("foldedHtml", "summary", summary);
  requireString("foldedHtml", "html", html);
  if (summary.trim() === "") throw new WorkbenchInputError("foldedHtml", "summary", "must not be blank", summary);
  if (html.trim() === "") throw new WorkbenchInputError("foldedHtml", "html", "must not be blank (nothing to fold)", html);
  return `<details class="wb-fold"><summary>${escapeHtml(summary)}</summary>${html}</details>`;
}
