/**
 * The token budget Aider gives the repo map (`aider/repomap.py` `get_repo_map` and `Model.get_repo_map_tokens`):
 * `map_tokens` defaults to clamp(max_input_tokens / 8, 1024, 4096) (1024 when the model's context size is unknown);
 * with no chat files the budget becomes min(⌊map_tokens · map_mul_no_files⌋, max_context_window − 4096) when that is
 * positive — which can be SMALLER than map_tokens — and a map_tokens ≤ 0 disables the map. The finished listing is
 * preceded by the repo-content prefix, formatted with `other = "other "` when chat files exist.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { rejectUnknownKeys, requireBoolean, requireFinite, requireRecord, requireString } from "../../core/validate.js";

/** `RepoMap.__init__` defaults, the CLI's `--map-multiplier-no-files` default, and the context padding. */
export const AIDER_MAP_BUDGET_DEFAULTS = Object.freeze({
  mapTokens: 1024,
  /** What `aider` on the command line passes (`args.py`); `RepoMap` itself would default to 8. */
  mapMulNoFiles: 2,
  repoMapMulNoFiles: 8,
  contextPadding: 4096,
});

/** `Model.get_repo_map_tokens()`: clamp(max_input_tokens / 8, 1024, 4096), or 1024 when unknown (null or 0). */
export function aiderDefaultMapTokens(maxInputTokens: number | null): number {
  if (maxInputTokens === null || maxInputTokens === 0) return AIDER_MAP_BUDGET_DEFAULTS.mapTokens;
  requireFinite("aiderDefaultMapTokens", "maxInputTokens", maxInputTokens);
  return Math.max(Math.min(maxInputTokens / 8, 4096), 1024);
}

export interface MapBudgetInput {
  /** `--map-tokens` (or `aiderDefaultMapTokens`); ≤ 0 disables the map. */
  mapTokens: number;
  /** `--map-multiplier-no-files`. */
  mapMulNoFiles?: number;
  /** The model's context window in tokens; null when unknown. */
  maxContextWindow: number | null;
  hasChatFiles: boolean;
}

/** The `max_map_tokens` `get_repo_map` passes on, or null when the map is disabled (map_tokens ≤ 0). */
export function aiderRepoMapBudget(input: MapBudgetInput): number | null {
  const where = "aiderRepoMapBudget";
  requireRecord(where, "input", input);
  rejectUnknownKeys(where, "input", input as unknown as Record<string, unknown>, ["mapTokens", "mapMulNoFiles", "maxContextWindow", "hasChatFiles"]);
  const mapTokens = requireFinite(where, "input.mapTokens", input.mapTokens);
  const mul = requireFinite(where, "input.mapMulNoFiles", input.mapMulNoFiles ?? AIDER_MAP_BUDGET_DEFAULTS.mapMulNoFiles);
  const window = input.maxContextWindow === null ? null : requireFinite(where, "input.maxContextWindow", input.maxContextWindow);
  const hasChat = requireBoolean(where, "input.hasChatFiles", input.hasChatFiles);
  if (mapTokens <= 0) return null;
  const target = window ? Math.min(Math.trunc(mapTokens * mul), window - AIDER_MAP_BUDGET_DEFAULTS.contextPadding) : 0;
  return !hasChat && window && target > 0 ? target : mapTokens;
}

/** Python's `prefix.format(other=…)`: "{other}" is replaced, "{{" and "}}" are literal braces, anything else is an error. */
export function formatRepoContentPrefix(prefix: string, hasChatFiles: boolean): string {
  const where = "formatRepoContentPrefix";
  requireString(where, "prefix", prefix);
  requireBoolean(where, "hasChatFiles", hasChatFiles);
  return prefix.replace(/\{\{|\}\}|\{[^{}]*\}|[{}]/g, (m) => {
    if (m === "{{") return "{";
    if (m === "}}") return "}";
    if (m === "{other}") return hasChatFiles ? "other " : "";
    throw new WorkbenchInputError(where, "prefix", 'may only use the placeholder "{other}" (and "{{", "}}" for braces)', m);
  });
}

/** `get_repo_map`'s last step: no listing (null or "") → null, else the formatted prefix + the listing. */
export function aiderRepoMapText(listing: string | null, hasChatFiles: boolean, prefix: string): string | null {
  if (listing !== null) requireString("aiderRepoMapText", "listing", listing);
  const head = formatRepoContentPrefix(prefix, hasChatFiles);
  return listing ? head + listing : null;
}
