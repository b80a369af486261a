/**
 * The error classes of Aider's loop (seed 001 §11): who owns each kind of failure and how it is recovered from.
 * Every event of a loop trace that reports a failure carries one of these ids, so a learner can see that a rate
 * limit (retried by the model client, with backoff) and a SEARCH block that does not match (reflected back to the
 * model) are different things with different owners (seed 001 §5: "reflection 与 provider retry 不同").
 */

/** The six classes of seed 001 §11, in the table's order. */
export type ErrorClassId = "provider" | "output-parse" | "block-mismatch" | "git" | "validation" | "context-overflow";

/**
 * What the loop does: retry the call (model client), reflect the evidence to the model, report it and carry on
 * without reflecting (git), or stop the turn and leave it to the user (context overflow).
 */
export type Recovery = "retry" | "reflect" | "report" | "stop";

export interface ErrorClass {
  id: ErrorClassId;
  /** The seed's name for the class (English). */
  label: string;
  /** The component that owns it (seed 001 §11, "Owner"). */
  owner: string;
  /** The seed's recovery, in words (§11, "正确恢复方式"). */
  recovery: string;
  /** What this loop does with it. */
  action: Recovery;
  /** The seed table's row, as written there (Chinese). */
  seed: string;
}

/** Seed 001 §11's table, with what the workbench loop does for each row. */
export const ERROR_CLASSES: Readonly<Record<ErrorClassId, Readonly<ErrorClass>>> = Object.freeze({
  provider: Object.freeze({
    id: "provider",
    label: "provider/network",
    owner: "model client",
    recovery: "retry with backoff, or switch model; never counted as a reflection",
    action: "retry",
    seed: "provider/network | model client | retry/backoff/换模型",
  }),
  "output-parse": Object.freeze({
    id: "output-parse",
    label: "output parse",
    owner: "edit-format parser",
    recovery: "reflection: the parser's error text asks the model to resend well-formed blocks",
    action: "reflect",
    seed: "output parse | edit-format parser | reflection，要求重发合法 patch",
  }),
  "block-mismatch": Object.freeze({
    id: "block-mismatch",
    label: "block mismatch",
    owner: "edit executor",
    recovery: "reflection with evidence from the target file (Did you mean …, already in …)",
    action: "reflect",
    seed: "block 不匹配 | edit executor | 返回目标文件证据后 reflection",
  }),
  git: Object.freeze({
    id: "git",
    label: "git dirty/conflict",
    owner: "GitRepo / user",
    recovery: "handle the working tree explicitly (commit the user's dirty files first), never overwrite",
    action: "report",
    seed: "Git dirty/conflict | GitRepo/user | 显式处理工作区，不覆盖",
  }),
  validation: Object.freeze({
    id: "validation",
    label: "lint/test failure",
    owner: "validation runner",
    recovery: "structured feedback to the model (reflection, when the user agrees)",
    action: "reflect",
    seed: "lint/test failure | validation runner | 结构化回填模型",
  }),
  "context-overflow": Object.freeze({
    id: "context-overflow",
    label: "context overflow",
    owner: "context builder",
    recovery: "shrink the map, the files or the history, then ask again",
    action: "stop",
    seed: "context overflow | context builder | 缩减 map/files/history",
  }),
});

/** The class ids in the seed table's order. */
export const ERROR_CLASS_IDS: readonly ErrorClassId[] = Object.freeze(Object.keys(ERROR_CLASSES) as ErrorClassId[]);

/** The table as rows (id, label, owner, recovery, action), for display. */
export function errorClassTable(): ErrorClass[] {
  return ERROR_CLASS_IDS.map((id) => ({ ...ERROR_CLASSES[id] }));
}
