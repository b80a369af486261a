/**
 * The Markdown pages that must exist in Chinese, and the check that keeps each `X.zh.md` in step with `X.md`: the
 * language switch on the first line of both, the hash of the English bytes it was translated from on the line
 * after the switch in the Chinese (`<!-- en: … -->`), and the same structure (`translationStructureProblems`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { translationHash } from "../core/lang.js";
import { translationStructureProblems } from "../grader/readme-pair.js";

/** The Markdown files a learner reads that must have a Chinese sibling (`*` matches one folder name). One list. */
export const TRANSLATED_MARKDOWN: readonly string[] = Object.freeze(["README.md", "exercises/*/README.md", "docs/what-you-can-do.md", "docs/seed-000.md"]);

/** `X.md` → `X.zh.md`. */
export function zhSibling(path: string): string {
  if (typeof path !== "string" || !path.endsWith(".md") || path.endsWith(".zh.md")) {
    throw new WorkbenchInputError("zhSibling", "path", "must name an English .md file", path);
  }
  return `${path.slice(0, -3)}.zh.md`;
}

/** The files `patterns` (repository paths, `*` for one folder name) name under `root`, in order; none that is absent. */
export function expandTranslated(root: string, patterns: readonly string[] = TRANSLATED_MARKDOWN): string[] {
  const out: string[] = [];
  for (const pattern of patterns) {
    const parts = pattern.split("/");
    let found = [""];
    for (const part of parts) {
      found = found.flatMap((dir) => {
        if (part !== "*") return [dir === "" ? part : `${dir}/${part}`];
        const abs = join(root, dir);
        if (!existsSync(abs)) return [];
        return readdirSync(abs)
          .filter((n) => statSync(join(abs, n)).isDirectory())
          .sort()
          .map((n) => (dir === "" ? n : `${dir}/${n}`));
      });
    }
    out.push(...found.filter((p) => existsSync(join(root, p))));
  }
  return out;
}

const EN_HASH = /^<!-- en: ([0-9a-f]{16})\b/;

/**
 * What keeps `zh` (the text of `X.zh.md`, null when it does not exist) from being a current translation of `en`
 * (the text of `X.md`, whose repository path is `path`), one line each; empty when it is.
 */
export function markdownTranslationProblems(path: string, en: string, zh: string | null): string[] {
  const zhPath = zhSibling(path);
  if (zh === null) return [`${path} has no Chinese: write ${zhPath}`];
  const name = basename(path);
  const problems: string[] = [];
  const enFirst = `**English** · [中文](${basename(zhPath)})`;
  if (en.split("\n", 1)[0] !== enFirst) problems.push(`${path}: its first line must be the switch ${enFirst}`);
  const [first, ...rest] = zh.split("\n");
  if (first !== `[English](${name}) · **中文**`) problems.push(`${zhPath}: its first line must be the switch [English](${name}) · **中文**`);
  // the hash comes next (a blank line between is allowed)
  const recorded = EN_HASH.exec(rest.find((l) => l.trim() !== "") ?? "")?.[1];
  const now = translationHash(en);
  if (recorded === undefined) problems.push(`${zhPath}: the line after the switch must be <!-- en: ${now} — … --> (the hash of the ${name} it translates)`);
  else if (recorded !== now) problems.push(`${zhPath}: ${path} changed since it was translated (en ${recorded}, now ${now}): review the Chinese against the new English, then renew en`);
  problems.push(...translationStructureProblems(en, zh).map((p) => `${zhPath} ${p}`));
  return problems;
}

/** Every problem of the required translations under `root` (reads the files). */
export function repositoryMarkdownProblems(root: string, patterns: readonly string[] = TRANSLATED_MARKDOWN): string[] {
  return expandTranslated(root, patterns).flatMap((path) => {
    const zhPath = join(root, zhSibling(path));
    const zh = existsSync(zhPath) ? readFileSync(zhPath, "utf8") : null;
    return markdownTranslationProblems(path, readFileSync(join(root, path), "utf8"), zh);
  });
}
