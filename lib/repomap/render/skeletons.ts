/**
 * Aider's `render_tree` over real files (`aider/repomap.py` `to_tree/render_tree`): one TreeContext per file, rebuilt when the file's mtime
 * changes, and a cache of rendered skeletons keyed by (file, sorted lines of interest, mtime). `to_tree` calls the
 * renderer synchronously, so `prepare` loads the grammars a map may need before the search starts.
 *
 * A TreeContext needs the file's syntax-node spans. After `useScan`, a file the scan parsed with the same mtime and
 * size and whose text ends with "\n" (so `render_tree` would parse exactly the scanned text) is built from the
 * scan's skeleton spans (scan/skeleton-spans.ts) without parsing; any other file is parsed here as before.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";
import { rejectUnknownKeys, requireBoolean, requireInteger, requireRecord, requireString } from "../../core/validate.js";
import { readSourceSync } from "../scan/files.js";
import type { Grammar, GrammarSet } from "../scan/grammars.js";
import { languageForPath } from "../scan/languages.js";
import { AiderTreeContext, buildTreeContext, treeContextFor } from "./render-tree.js";
import { SCAN_DEFAULTS, type ScanResult, type ScanSkeletonSpans } from "../scan/scan.js";
import { decodeSpans } from "../scan/skeleton-spans.js";
import type { SkeletonRenderer } from "./to-tree.js";

/** How a SkeletonCache reads and parses: the largest file it reads (as the scan's), Aider's grammar or the plain one. */
export interface SkeletonCacheOptions {
  /** Bytes: a larger file renders no skeleton (the scan's `maxFileBytes`, default 1 MiB). */
  maxFileBytes: number;
  /** Parse with Aider's pinned grammars (true, Aider's) or the plain tree-sitter grammars. */
  aiderGrammar: boolean;
}

export const SKELETON_CACHE_DEFAULTS: Readonly<SkeletonCacheOptions> = Object.freeze({ maxFileBytes: SCAN_DEFAULTS.maxFileBytes, aiderGrammar: true });

/** Renders skeletons of the files under one root, caching as Aider does. */
export class SkeletonCache {
  private readonly contexts = new Map<string, { mtimeMs: number; context: AiderTreeContext | null }>();
  private readonly rendered = new Map<string, string>();
  private readonly ready = new Map<string, Grammar>();
  private scanSpans: ScanSkeletonSpans["files"] | undefined;
  /** Number of files parsed for rendering so far (for reports and tests). */
  parses = 0;
  /** Number of files whose TreeContext was built from the scan's skeleton spans, without a parse. */
  fromScan = 0;

  private readonly maxFileBytes: number;
  private readonly aiderGrammar: boolean;

  constructor(
    readonly root: string,
    private readonly grammars: GrammarSet,
    options: Partial<SkeletonCacheOptions> = {},
  ) {
    const where = "SkeletonCache";
    requireString(where, "root", root);
    const o = requireRecord(where, "options", options);
    rejectUnknownKeys(where, "options", o, Object.keys(SKELETON_CACHE_DEFAULTS));
    const full = { ...SKELETON_CACHE_DEFAULTS, ...o };
    this.maxFileBytes = requireInteger(where, "options.maxFileBytes", full.maxFileBytes, 1);
    this.aiderGrammar = requireBoolean(where, "options.aiderGrammar", full.aiderGrammar);
  }

  /** Loads the grammars of these files' languages (call before rendering them). */
  async prepare(relPaths: Iterable<string>): Promise<void> {
    const specs = new Map<string, NonNullable<ReturnType<typeof languageForPath>>>();
    for (const rel of relPaths) {
      const spec = languageForPath(rel);
      if (spec && !this.ready.has(spec.id)) specs.set(spec.id, spec);
    }
    for (const spec of specs.values()) {
      const grammar = await this.grammars.get(spec);
      if (grammar) this.ready.set(spec.id, grammar);
    }
  }

  /**
   * Takes the skeleton spans of a scan of this root (`aiderRepoMap` calls it), replacing any taken before. Ignored
   * when they were computed with other hidden node types than this renderer uses.
   */
  useScan(scan: ScanResult): void {
    requireRecord("SkeletonCache.useScan", "scan", scan);
    if (scan.root !== this.root) {
      throw new WorkbenchInputError("SkeletonCache.useScan", "scan", `must be a scan of this cache's root (${this.root})`, scan.root);
    }
    const spans = scan.skeletonSpans;
    this.scanSpans = spans && spans.aiderGrammar === this.aiderGrammar ? spans.files : undefined;
  }

  private context(rel: string, mtimeMs: number, size: number): AiderTreeContext | null {
    const hit = this.contexts.get(rel);
    if (hit && hit.mtimeMs === mtimeMs) return hit.context;
    const spec = languageForPath(rel);
    const grammar = spec && this.ready.get(spec.id);
    const read = readSourceSync(join(this.root, rel), this.maxFileBytes);
    let context: AiderTreeContext | null = null;
    if (grammar && "text" in read) {
      const cached = this.scanSpans?.get(rel);
      const spans = cached && cached.mtimeMs === mtimeMs && cached.size === size && read.text.endsWith("\n") ? decodeSpans(cached.spans) : null;
      if (spans) {
        this.fromScan++;
        context = new AiderTreeContext(buildTreeContext(read.text, spans));
      } else {
        this.parses++;
        context = new AiderTreeContext(treeContextFor(grammar, read.text, this.aiderGrammar));
      }
    }
    this.contexts.set(rel, { mtimeMs, context });
    return context;
  }

  /** `render_tree(abs, rel, lois)`: "" for a file that cannot be read or has no (prepared) grammar. */
  render(rel: string, lois: readonly number[]): string {
    let mtimeMs = -1;
    let size = -1;
    try {
      ({ mtimeMs, size } = statSync(join(this.root, rel)));
    } catch {
      // a vanished file renders as "" (Aider's read_text gives "" too)
    }
    const key = JSON.stringify([rel, [...lois].sort((a, b) => a - b), mtimeMs]);
    let out = this.rendered.get(key);
    if (out === undefined) {
      out = this.context(rel, mtimeMs, size)?.render(lois) ?? "";
      this.rendered.set(key, out);
    }
    return out;
  }

  /** The renderer `aiderToTree` takes. */
  get renderer(): SkeletonRenderer {
    return (_abs, rel, lois) => this.render(rel, lois);
  }
}
