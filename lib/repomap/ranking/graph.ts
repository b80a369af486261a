/**
 * The first half of Aider's `get_ranked_tags` (`aider/repomap.py` `get_ranked_tags`): the file loop that collects definitions and
 * references and gives chat, mentioned and ident-matching files their personalization, then the edges of the
 * MultiDiGraph with every weight rule — mentioned ident ×10, long snake/kebab/camel name (≥ 8 code points) ×10,
 * leading "_" ×0.1, defined in more than 5 files ×0.1, chat referencer ×50, √count re-applied per definer (Aider's
 * compounding quirk), and a 0.1 self-edge for definitions nobody references.
 *
 * Python sets make some orders hash-seeded in Aider; here they are fixed: definers in insertion order (the sorted
 * file order) unless `definerOrder` gives a recorded one, identifiers in code-point order.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { compareCodePoints, cpLength, isPyAlpha, isPyLower, isPyUpper } from "../../core/pystr.js";
import { sameTag, type Tag } from "./tag.js";
import { pathComponents } from "./mentions.js";

/** One MultiDiGraph edge: `referencer → definer` for identifier `ident`. */
export interface RankingEdge {
  readonly src: string;
  readonly dst: string;
  readonly weight: number;
  readonly ident: string;
}

/** Why an identifier's edges weigh what they weigh (for learners): the multiplier and the rules that fired. */
export interface IdentWeighting {
  readonly ident: string;
  /** The definers in the order the √count compounding used. */
  readonly definers: readonly string[];
  readonly multiplier: number;
  readonly factors: readonly string[];
}

/** What the file loop collected. Keys of `definitions` are `definitionKey(relFname, ident)`. */
export interface TagIndex {
  /** All files, sorted (Aider sorts the absolute paths; with one root that is the same order). */
  readonly fnames: readonly string[];
  readonly chatRelFnames: ReadonlySet<string>;
  /** rel file → personalization (1 or 2 units of 100 / len(fnames)), in file order; only positive entries. */
  readonly personalization: ReadonlyMap<string, number>;
  /** ident → definer files (insertion order). */
  readonly defines: ReadonlyMap<string, readonly string[]>;
  /** ident → referencing file per reference (repeats count). */
  readonly references: ReadonlyMap<string, readonly string[]>;
  /** (file, ident) → its distinct def Tags, in first-seen order. */
  readonly definitions: ReadonlyMap<string, readonly Tag[]>;
  /** What Aider prints: a warning and a hint for each file missing on disk. */
  readonly messages: readonly { readonly level: "warning" | "output"; readonly text: string }[];
}

/** The key of a (file, ident) pair: the two joined by NUL, which neither a path nor an identifier contains. */
export const definitionKey = (relFname: string, ident: string): string => `${relFname}\u0000${ident}`;

/** What the file loop reads (already validated): the files, their tags, the missing files and the conversation. */
export interface FileLoopInput {
  readonly chatFiles: readonly string[];
  readonly otherFiles: readonly string[];
  readonly tags: ReadonlyMap<string, readonly Tag[]>;
  readonly mentionedFnames: ReadonlySet<string>;
  readonly mentionedIdents: ReadonlySet<string>;
  readonly missing: ReadonlySet<string>;
  /** Prefix for paths in the missing-file warning. */
  readonly root: string;
}

/** The file loop (repomap.py 370-458) over already validated inputs. */
export function collectTags(input: FileLoopInput): TagIndex {
  const { chatFiles, otherFiles, tags, mentionedFnames, mentionedIdents, missing, root } = input;
  const index = collectTagIndex({ files: [...chatFiles, ...otherFiles], tags, missing, root });
  return { ...index, ...personalize({ fnames: index.fnames, missing, chat: new Set(chatFiles), mentionedFnames, mentionedIdents }) };
}

/** The part of the file loop that only the files, their tags and the missing files decide (not the conversation). */
export function collectTagIndex(input: {
  readonly files: readonly string[];
  readonly tags: ReadonlyMap<string, readonly Tag[]>;
  readonly missing: ReadonlySet<string>;
  readonly root: string;
}): Omit<TagIndex, "chatRelFnames" | "personalization"> {
  const { files, tags, missing, root } = input;
  const fnames = [...new Set(files)].sort(compareCodePoints);
  if (fnames.length === 0) throw new WorkbenchInputError("getRankedTags", "input", "must name at least one chat or other file (Aider divides by their number)");
  const defines = new Map<string, string[]>();
  const references = new Map<string, string[]>();
  const definitions = new Map<string, Tag[]>();
  const messages: { level: "warning" | "output"; text: string }[] = [];
  for (const f of fnames) {
    if (missing.has(f)) {
      messages.push({ level: "warning", text: `Repo-map can't include ${root ? `${root}/${f}` : f}` });
      messages.push({ level: "output", text: "Has it been deleted from the file system but not from git?" });
      continue;
    }
    for (const tag of tags.get(f) ?? []) {
      if (tag.kind === "def") {
        const definers = defines.get(tag.name) ?? [];
        if (!definers.includes(f)) definers.push(f);
        defines.set(tag.name, definers);
        const key = definitionKey(f, tag.name);
        const defs = definitions.get(key) ?? [];
        if (!defs.some((d) => sameTag(d, tag))) defs.push(tag);
        definitions.set(key, defs);
      } else {
        const refs = references.get(tag.name) ?? [];
        refs.push(f);
        references.set(tag.name, refs);
      }
    }
  }
  return { fnames, defines, references, definitions, messages };
}

/**
 * The part of the file loop the conversation decides: chat files (not missing) and each file's personalization —
 * one unit (100 / len(fnames)) for a chat file, at least one for a mentioned file, one more when a path component
 * is a mentioned identifier.
 */
export function personalize(input: {
  readonly fnames: readonly string[];
  readonly missing: ReadonlySet<string>;
  readonly chat: ReadonlySet<string>;
  readonly mentionedFnames: ReadonlySet<string>;
  readonly mentionedIdents: ReadonlySet<string>;
}): Pick<TagIndex, "chatRelFnames" | "personalization"> {
  const { fnames, missing, chat, mentionedFnames, mentionedIdents } = input;
  const unit = 100 / fnames.length;
  const chatRelFnames = new Set<string>();
  const personalization = new Map<string, number>();
  for (const f of fnames) {
    if (missing.has(f)) continue;
    let pers = 0;
    if (chat.has(f)) {
      pers += unit;
      chatRelFnames.add(f);
    }
    if (mentionedFnames.has(f)) pers = Math.max(pers, unit);
    if ([...pathComponents(f)].some((c) => mentionedIdents.has(c))) pers += unit;
    if (pers > 0) personalization.set(f, pers);
  }
  return { chatRelFnames, personalization };
}

/** The multiplier rules for one identifier, applied in Aider's order. */
export function identMultiplier(ident: string, mentioned: boolean, definerCount: number): { multiplier: number; factors: string[] } {
  const chars = Array.from(ident);
  const hasAlpha = chars.some(isPyAlpha);
  const snake = ident.includes("_") && hasAlpha;
  const kebab = ident.includes("-") && hasAlpha;
  const camel = chars.some(isPyUpper) && chars.some(isPyLower);
  let mul = 1.0;
  const factors: string[] = [];
  if (mentioned) (mul *= 10), factors.push("mentioned ×10");
  if ((snake || kebab || camel) && cpLength(ident) >= 8) (mul *= 10), factors.push("long snake/kebab/camel name ×10");
  if (ident.startsWith("_")) (mul *= 0.1), factors.push("leading underscore ×0.1");
  if (definerCount > 5) (mul *= 0.1), factors.push("defined in more than 5 files ×0.1");
  return { multiplier: mul, factors };
}

/** The definers of `ident` in the order to iterate them: the recorded order if given (same files), else insertion. */
export function orderedDefiners(ident: string, definers: readonly string[], recorded: ReadonlyMap<string, readonly string[]>): readonly string[] {
  const order = recorded.get(ident);
  if (order === undefined) return definers;
  if (order.length !== definers.length || !definers.every((d) => order.includes(d))) {
    throw new WorkbenchInputError("getRankedTags", `options.definerOrder[${JSON.stringify(ident)}]`, `must list exactly the definers of "${ident}" (${definers.join(", ")})`);
  }
  return order;
}

/** Rejects a recorded definer order for an identifier nobody defines. */
export function checkDefinerOrder(defines: ReadonlyMap<string, readonly string[]>, definerOrder: ReadonlyMap<string, readonly string[]>): void {
  for (const ident of definerOrder.keys()) {
    if (!defines.has(ident)) throw new WorkbenchInputError("getRankedTags", `options.definerOrder[${JSON.stringify(ident)}]`, "names an identifier nobody defines");
  }
}

/** The graph-building step (repomap.py 465-514): edges in insertion order plus each identifier's weighting. */
export function buildRankingEdges(
  index: TagIndex,
  how: {
    readonly mentionedIdents: ReadonlySet<string>;
    /** Per identifier, the order to iterate its definers in (empty: insertion order). */
    readonly definerOrder: ReadonlyMap<string, readonly string[]>;
    /** true: √count re-applied for every further definer, as Aider does. */
    readonly compoundSqrt: boolean;
  },
): { edges: RankingEdge[]; weightings: IdentWeighting[]; referencesBackfilled: boolean } {
  const { mentionedIdents, definerOrder, compoundSqrt } = how;
  checkDefinerOrder(index.defines, definerOrder);
  const definersOf = (ident: string): readonly string[] => orderedDefiners(ident, index.defines.get(ident)!, definerOrder);
  const referencesBackfilled = index.references.size === 0;
  const references: ReadonlyMap<string, readonly string[]> = referencesBackfilled
    ? new Map([...index.defines.keys()].map((ident) => [ident, definersOf(ident)]))
    : index.references;
  const edges: RankingEdge[] = [];
  for (const ident of index.defines.keys()) {
    if (references.has(ident)) continue;
    for (const d of definersOf(ident)) edges.push({ src: d, dst: d, weight: 0.1, ident });
  }
  const idents = [...index.defines.keys()].filter((i) => references.has(i)).sort(compareCodePoints);
  const weightings: IdentWeighting[] = [];
  for (const ident of idents) {
    const definers = definersOf(ident);
    const { multiplier, factors } = identMultiplier(ident, mentionedIdents.has(ident), definers.length);
    weightings.push({ ident, definers, multiplier, factors });
    const counts = new Map<string, number>();
    for (const r of references.get(ident)!) counts.set(r, (counts.get(r) ?? 0) + 1);
    for (const [referencer, count] of counts) {
      const useMul = index.chatRelFnames.has(referencer) ? multiplier * 50 : multiplier;
      let n = count;
      for (const definer of definers) {
        n = compoundSqrt ? Math.sqrt(n) : Math.sqrt(count); // Aider re-roots n for every definer
        edges.push({ src: referencer, dst: definer, weight: useMul * n, ident });
      }
    }
  }
  return { edges, weightings, referencesBackfilled };
}
