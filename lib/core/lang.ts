/**
 * The language a learner reads the workbench in: `--lang zh|en`, else `WORKBENCH_LANG`, else the locale
 * (`LC_ALL`, `LC_MESSAGES`, `LANG`: zh_CN.UTF-8 → zh), else English. The seed pages are Chinese, the code English.
 */
import { createHash } from "node:crypto";
import { WorkbenchInputError } from "./errors.js";

export type Lang = "en" | "zh";
export const LANGS: readonly Lang[] = Object.freeze(["en", "zh"]);
export const LANG_DEFAULTS = Object.freeze({ lang: "en" as Lang });

/**
 * 16 hex digits of the SHA-256 of `text` (UTF-8): what a translation records of the English it was made from, so a
 * changed English shows the translation as stale. One implementation for notebooks, Markdown and the catalogue.
 */
export function translationHash(text: string): string {
  if (typeof text !== "string") throw new WorkbenchInputError("translationHash", "text", "must be a string", text);
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
}

/** True for a language the workbench has text in. */
export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** The environment variables the choice reads; anything else in `env` is ignored. */
export type LangEnv = Readonly<Partial<Record<"WORKBENCH_LANG" | "LC_ALL" | "LC_MESSAGES" | "LANG", string>>>;

/**
 * The language to use. An explicit choice (`flag`, then WORKBENCH_LANG) must be `en` or `zh` — a typo is an error,
 * not silently English; a locale only decides when it names one (`zh…` → zh, `C`, `en_US`, `fr_FR` → en).
 */
export function chooseLang(flag: string | undefined, env: LangEnv): Lang {
  if (flag !== undefined) {
    if (!isLang(flag)) throw new WorkbenchInputError("chooseLang", "--lang", `must be one of ${LANGS.join(", ")}`, flag);
    return flag;
  }
  const chosen = env.WORKBENCH_LANG;
  if (chosen !== undefined && chosen !== "") {
    if (!isLang(chosen)) throw new WorkbenchInputError("chooseLang", "WORKBENCH_LANG", `must be one of ${LANGS.join(", ")}`, chosen);
    return chosen;
  }
  // POSIX precedence: the first of LC_ALL, LC_MESSAGES, LANG that is set and not empty is the locale
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== "");
  return locale !== undefined && /^zh([_.@-]|$)/i.test(locale) ? "zh" : LANG_DEFAULTS.lang;
}

/**
 * `args` without their `--lang X` / `--lang=X` (the last one wins, as for any option), and its value. A `--lang`
 * with no value is an error naming the option; arguments after `--` are left alone.
 */
export function takeLangOption(args: readonly string[]): { args: string[]; lang: string | undefined } {
  const rest: string[] = [];
  let lang: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      rest.push(...args.slice(i));
      break;
    }
    if (a === "--lang") {
      const v = args[i + 1];
      if (v === undefined || v.startsWith("--")) throw new WorkbenchInputError("takeLangOption", "--lang", `needs a value (${LANGS.join(" or ")})`);
      lang = v;
      i++;
    } else if (a.startsWith("--lang=")) lang = a.slice("--lang=".length);
    else rest.push(a);
  }
  return { args: rest, lang };
}

/**
 * Columns a string takes in a terminal: 2 for East Asian wide characters (CJK, full-width forms), 1 otherwise —
 * so a table with Chinese headings still lines up.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const wide =
      (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0x303e) || (c >= 0x3041 && c <= 0x33ff) || (c >= 0x3400 && c <= 0x4dbf) ||
      (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xa000 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x20000 && c <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

/** `text` padded with spaces to `width` columns, at the end or (`start`) at the start. */
export function padColumns(text: string, width: number, start = false): string {
  const pad = " ".repeat(Math.max(0, width - displayWidth(text)));
  return start ? pad + text : text + pad;
}
