/**
 * Reading golden-vector files (the format of `test/fixtures/golden/*.json`, test/fixtures/golden/README.md) without trusting them:
 * every accessor names the case and the field that is missing or of the wrong type, so a malformed file gives
 * one clear line instead of a stack trace.
 */
import { InputError } from "../core/errors.js";

/** A malformed vector file: which case, which field, what was wrong. */
export class VectorFormatError extends InputError {
  readonly caseId: string;
  readonly field: string;
  constructor(caseId: string, field: string, rule: string) {
    super(`case ${caseId}: field "${field}" ${rule}`);
    this.caseId = caseId;
    this.field = field;
  }
}

type Kind = "string" | "number" | "boolean" | "array" | "object" | "string|null" | "number|null" | "object|null" | "any";

function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

function matches(v: unknown, kind: Kind): boolean {
  const k = kindOf(v);
  switch (kind) {
    case "any":
      return v !== undefined;
    case "string|null":
      return k === "string" || k === "null";
    case "number|null":
      return k === "number" || k === "null";
    case "object|null":
      return k === "object" || k === "null";
    default:
      return k === kind;
  }
}

/** Typed access to one case's fields; `get("expected.ranks", "object")` follows dots. */
export class CaseReader {
  constructor(
    readonly id: string,
    readonly raw: Record<string, unknown>,
  ) {}

  get<T = unknown>(path: string, kind: Kind): T {
    let v: unknown = this.raw;
    for (const part of path.split(".")) {
      if (typeof v !== "object" || v === null || !(part in (v as object))) {
        throw new VectorFormatError(this.id, path, `is missing (expected ${kind})`);
      }
      v = (v as Record<string, unknown>)[part];
    }
    if (!matches(v, kind)) throw new VectorFormatError(this.id, path, `must be ${kind} (got ${kindOf(v)})`);
    return v as T;
  }

  /** Like `get`, but `undefined` when the field is absent. */
  optional<T = unknown>(path: string, kind: Kind): T | undefined {
    try {
      return this.get<T>(path, kind);
    } catch (err) {
      if (err instanceof VectorFormatError && /is missing/.test(err.message)) return undefined;
      throw err;
    }
  }

  has(path: string): boolean {
    return this.optional(path, "any") !== undefined;
  }
}

/**
 * The cases of a vector file: `file[listKey]` must be an array of objects; each case's id is its `id` field when it
 * has one, else `<label>[<index>]` (`label` defaults to `listKey`; give the full path for nested lists).
 */
export function readCases(file: unknown, listKey: string, label = listKey): CaseReader[] {
  if (typeof file !== "object" || file === null || Array.isArray(file)) {
    throw new VectorFormatError("(file)", label, "cannot be read: the file is not a JSON object");
  }
  const list = (file as Record<string, unknown>)[listKey];
  if (!Array.isArray(list)) throw new VectorFormatError("(file)", label, `must be an array of cases (got ${kindOf(list)})`);
  return list.map((c, i) => {
    const fallback = `${label}[${i}]`;
    if (typeof c !== "object" || c === null || Array.isArray(c)) throw new VectorFormatError(fallback, "(case)", "must be an object");
    const id = (c as Record<string, unknown>).id;
    return new CaseReader(typeof id === "string" || typeof id === "number" ? String(id) : fallback, c as Record<string, unknown>);
  });
}
