/**
 * Loading tree-sitter grammars and their tags queries (the I/O edge of `aider/repomap.py` `get_tags_raw`): web-tree-sitter 0.25,
 * each grammar package's own `.wasm` and `queries/tags.scm`. A `GrammarSet` loads each language once and keeps
 * it; a language that cannot be loaded is remembered as unavailable, so its files fall back to "name only".
 *
 * Packages are found with `resolvePackageDir`; the default resolves from the current directory, and callers that
 * know where they live (the CLI, a notebook) pass their own.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { Language, Parser, Query } from "web-tree-sitter";
import { WorkbenchInputError } from "../../core/errors.js";
import { LANGUAGES, type LanguageSpec, type TagsQuery } from "./languages.js";

/** A loaded language: its parser, its tags query and the identifier query used for the backfill. */
export interface Grammar {
  readonly spec: LanguageSpec;
  readonly language: Language;
  readonly parser: Parser;
  readonly tagsQuery: Query;
  /** Compiled on first use (only files with defs and no refs need it; compiling a query costs up to ~0.4 s). */
  readonly identifierQuery: () => Query;
  /** Node type ids the renderer walks through when emulating Aider's grammar (see `LanguageSpec.aiderHidden`). */
  readonly aiderHiddenTypeIds: ReadonlySet<number>;
  /** Indices of tags patterns that name an `aiderHidden` type (disabled when emulating Aider's grammar). */
  readonly aiderDisabledPatterns: ReadonlySet<number>;
}

export interface GrammarSetOptions {
  /** Returns the folder of an installed npm package. */
  resolvePackageDir?: (pkg: string) => string;
}

let initialised: Promise<void> | undefined;

/** `Parser.init()` once per process. */
export function initTreeSitter(): Promise<void> {
  initialised ??= Parser.init();
  return initialised;
}

/**
 * Resolves a package folder from `base` (a directory) with Node's module resolution: through its package.json,
 * or, for a package whose exports hide it, the nearest folder named like the package above its entry point.
 */
export function packageResolverFrom(base: string): (pkg: string) => string {
  const req = createRequire(join(resolve(base), "__resolve__.js"));
  return (pkg) => {
    try {
      return dirname(req.resolve(`${pkg}/package.json`));
    } catch {
      let dir = dirname(req.resolve(pkg));
      while (basename(dir) !== pkg && dirname(dir) !== dir) dir = dirname(dir);
      return dir;
    }
  };
}

/** The named identifier types of a language: `identifier`, `*_identifier` and the spec's extras. */
export function identifierTypes(language: Language, spec: LanguageSpec): string[] {
  const out = new Set<string>();
  for (let id = 0; id < language.nodeTypeCount; id++) {
    const type = language.nodeTypeForId(id);
    if (!type || !language.nodeTypeIsNamed(id) || !language.nodeTypeIsVisible(id)) continue;
    if (/(^|_)identifier$/.test(type) || spec.extraIdentifiers?.includes(type)) out.add(type);
  }
  return [...out].sort();
}

function patternsNaming(query: Query, source: string, types: readonly string[]): Set<number> {
  const out = new Set<number>();
  const bytes = Buffer.from(source, "utf8");
  for (let i = 0; i < query.patternCount(); i++) {
    const text = bytes.subarray(query.startIndexForPattern(i), query.endIndexForPattern(i)).toString("utf8");
    if (types.some((t) => new RegExp(`\\(${t}[\\s)]`).test(text))) out.add(i);
  }
  return out;
}

/** The text of one tags query: a package's file, or one of ours. */
function querySource(q: TagsQuery, resolvePackageDir: (pkg: string) => string): string {
  return "own" in q ? q.source : readFileSync(join(resolvePackageDir(q.pkg), q.path), "utf8");
}

/**
 * A digest of the language table (ids, extensions, packages, `.wasm` files, our own queries' text, the Aider
 * emulation lists): with the package versions it decides whether a scan cache's tags still hold.
 */
export function languageTableDigest(languages: readonly LanguageSpec[] = LANGUAGES): string {
  return createHash("sha256").update(JSON.stringify(languages)).digest("hex").slice(0, 16);
}

/** Loads one language from its package files. Throws on a missing file or a query that does not compile. */
export async function loadGrammar(spec: LanguageSpec, resolvePackageDir: (pkg: string) => string): Promise<Grammar> {
  await initTreeSitter();
  const language = await Language.load(readFileSync(join(resolvePackageDir(spec.pkg), spec.wasm)));
  const source = spec.tagsQueries.map((q) => querySource(q, resolvePackageDir)).join("\n");
  let tagsQuery: Query;
  try {
    tagsQuery = new Query(language, source);
  } catch (err) {
    const where = spec.tagsQueries.map((q) => ("own" in q ? `queries/${q.own}.ts` : `${q.pkg}/${q.path}`)).join(" + ");
    throw new Error(`loadGrammar: the tags query of ${spec.id} (${where}) does not compile: ${err instanceof Error ? err.message : String(err)}`);
  }
  let identQuery: Query | undefined;
  const identifierQuery = (): Query =>
    (identQuery ??= new Query(language, `[${identifierTypes(language, spec).map((t) => `(${t})`).join(" ")}] @identifier`));
  const hidden = spec.aiderHidden ?? [];
  const aiderHiddenTypeIds = new Set<number>();
  for (const type of hidden) {
    for (let id = 0; id < language.nodeTypeCount; id++) if (language.nodeTypeForId(id) === type) aiderHiddenTypeIds.add(id);
  }
  const parser = new Parser();
  parser.setLanguage(language);
  return { spec, language, parser, tagsQuery, identifierQuery, aiderHiddenTypeIds, aiderDisabledPatterns: patternsNaming(tagsQuery, source, hidden) };
}

/** Loads languages on first use and keeps them; remembers the ones that failed and why. */
export class GrammarSet {
  private readonly resolveDir: (pkg: string) => string;
  private readonly loaded = new Map<string, Promise<Grammar | undefined>>();
  /** Languages that could not be loaded, with the reason (their files are mapped by name only). */
  readonly failures = new Map<string, string>();

  constructor(options: GrammarSetOptions = {}) {
    if (options.resolvePackageDir !== undefined && typeof options.resolvePackageDir !== "function") {
      throw new WorkbenchInputError("GrammarSet", "options.resolvePackageDir", "must be a function", options.resolvePackageDir);
    }
    this.resolveDir = options.resolvePackageDir ?? packageResolverFrom(process.cwd());
  }

  /** The grammar for a language spec, or `undefined` when it cannot be loaded. */
  get(spec: LanguageSpec): Promise<Grammar | undefined> {
    let p = this.loaded.get(spec.id);
    if (!p) {
      p = loadGrammar(spec, this.resolveDir).catch((err: unknown) => {
        this.failures.set(spec.id, err instanceof Error ? err.message : String(err));
        return undefined;
      });
      this.loaded.set(spec.id, p);
    }
    return p;
  }

  /**
   * The installed versions of web-tree-sitter and every grammar package ("?" when unreadable), and under
   * `languages` the digest of the language table (`languageTableDigest`), for cache keys.
   */
  versions(): Record<string, string> {
    const out: Record<string, string> = { languages: languageTableDigest() };
    for (const pkg of ["web-tree-sitter", ...new Set(LANGUAGES.map((l) => l.pkg))]) {
      try {
        out[pkg] = String((JSON.parse(readFileSync(join(this.resolveDir(pkg), "package.json"), "utf8")) as { version?: unknown }).version);
      } catch {
        out[pkg] = "?";
      }
    }
    return out;
  }

  /** Loads every language (for callers that want failures up front). */
  async loadAll(): Promise<Grammar[]> {
    const all = await Promise.all(LANGUAGES.map((spec) => this.get(spec)));
    return all.filter((g): g is Grammar => g !== undefined);
  }
}
