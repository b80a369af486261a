/**
 * The loop's workspace for every edit format (seed 001 §4, §8; reference §7, §3.3): files in memory, no git, and
 * one reply taken through lib/editformats' `apply_updates` chain for the session's format — get_edits →
 * apply_edits_dry_run → prepare_to_edit (the two questions, answered up front) → apply_edits — so a unified diff,
 * a V4A patch, whole-file listings and SEARCH/REPLACE all give the loop the same steps: a parse result, then what
 * was applied, what failed and the exact text Aider reflects. "diff" sessions keep `MemoryWorkspace`.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireRecord, requireStringArray } from "../core/validate.js";
import type { Fence } from "../editblock/fence.js";
import type { EditBlock } from "../editblock/parse.js";
import { applyUpdates, EditFormatValueError, type CoderContext, type EditFormatCoder } from "../editformats/coder.js";
import { editBlockCoder } from "../editformats/editblock-coder.js";
import { coderFor, type EditFormatName } from "../editformats/formats.js";
import { ProjectFiles, type IoEntry } from "../editformats/workspace.js";
import { PythonError } from "../core/pyerror.js";
import { checkEditAnswers, distinct, type EditAnswers, type LoopWorkspace, type Printed, type UpdateResult } from "./workspace.js";

/** What one reply did in a format: parsed (or not), then applied. */
export interface FormatReplyResult {
  format: EditFormatName;
  /** The parse step: how many edits, or the text Aider reflects when get_edits raised. */
  parsed: { ok: true; edits: number; shellCommands: string[] } | { ok: false; error: string; crashed: boolean };
  /** The apply step (null when parsing failed or there was nothing to apply). */
  update: UpdateResult | null;
  /** Aider's `num_malformed_responses` increment for this reply (0 or 1). */
  malformed: number;
}

const LEVEL: Record<"output" | "warning" | "error", Printed["level"]> = { output: "output", warning: "warning", error: "error" };

function printedOf(io: readonly IoEntry[]): Printed[] {
  return io.map((e) => (e[0] === "confirm" ? { level: "ask", text: `${e[2]}: ${e[1]} ${e[3] ? "yes" : "no"}` } : { level: LEVEL[e[0]], text: e[1] }));
}

export class FormatWorkspace implements LoopWorkspace {
  readonly description: string;
  readonly project: ProjectFiles;
  readonly answers: EditAnswers;
  private readonly chat: string[];

  constructor(files: Readonly<Record<string, string>>, config: { chat: readonly string[]; answers?: Partial<EditAnswers>; format: EditFormatName }) {
    const where = "FormatWorkspace";
    const cfg = requireRecord(where, "config", config);
    rejectUnknownKeys(where, "config", cfg, ["chat", "answers", "format"]);
    coderFor(config.format);
    this.description = `memory, no git, edit format ${config.format}`;
    this.answers = checkEditAnswers(where, config.answers ?? {});
    const a = this.answers;
    this.project = new ProjectFiles(files, { confirm: (q) => (q === "Create new file?" ? a.createNewFile : a.editFileNotInChat) });
    this.chat = distinct(requireStringArray(where, "config.chat", config.chat).map((p) => this.project.key(p)));
    this.chat.forEach((p, i) => {
      if (!this.project.isFile(p)) throw new WorkbenchInputError(where, `config.chat[${i}]`, "must name one of the files", p);
    });
  }

  chatFiles(): string[] {
    return [...this.chat];
  }
  read(path: string): string | null {
    return this.project.isFile(path) ? this.project.raw(path)!.replace(/\r\n?/g, "\n") : null;
  }
  async mentionable(): Promise<string[]> {
    return [];
  }
  addToChat(path: string): void {
    const k = this.project.key(path);
    if (!this.chat.includes(k)) this.chat.push(k);
  }
  async snapshot(): Promise<Record<string, string>> {
    return this.project.snapshot();
  }

  /** SEARCH/REPLACE edits already parsed (the loop's "diff" path), through the same chain. */
  async applyUpdates(edits: readonly EditBlock[], fence: Fence): Promise<UpdateResult> {
    return this.run(editBlockCoder as EditFormatCoder<unknown>, fence, edits.map((e) => ({ ...e }))).update;
  }

  /** One reply in `format`: get_edits, then the rest of apply_updates. */
  applyFormatReply(format: EditFormatName, reply: string, fence: Fence): FormatReplyResult {
    const coder = coderFor(format);
    let parsedEdits: unknown[] = [];
    const shell: string[] = [];
    const ctx = this.context(fence, shell);
    try {
      parsedEdits = coder.getEdits(reply, ctx);
    } catch (err) {
      if (err instanceof EditFormatValueError) return { format, parsed: { ok: false, error: err.message, crashed: false }, update: null, malformed: 1 };
      if (err instanceof PythonError) return { format, parsed: { ok: false, error: err.pythonMessage, crashed: true }, update: null, malformed: 0 };
      throw err;
    }
    const parsed = { ok: true as const, edits: parsedEdits.length, shellCommands: shell };
    if (parsedEdits.length === 0) return { format, parsed, update: null, malformed: 0 };
    const result = this.run(coder, fence, parsedEdits);
    return { format, parsed, update: result.update, malformed: result.malformed };
  }

  private context(fence: Fence, shell: string[]): CoderContext {
    return { files: this.project, chatFiles: new Set(this.chat), fence, shellCommands: shell };
  }

  /** apply_updates with `pre` standing in for get_edits' result; the chat grows with the files allowed_to_edit added. */
  private run(coder: EditFormatCoder<unknown>, fence: Fence, pre: unknown[]): { update: UpdateResult; malformed: number } {
    const ctx = this.context(fence, []);
    const start = this.project.io.length;
    const paths = distinct(pre.flatMap((e) => {
      const p = coder.pathOf(e);
      return p === null ? [] : [p];
    }));
    const stub: EditFormatCoder<unknown> = { ...coder, getEdits: () => pre };
    const r = applyUpdates(stub, "", ctx);
    for (const p of ctx.chatFiles) this.addToChat(p);
    const edited = r.edited.filter((p): p is string => p !== null);
    const update: UpdateResult = {
      requested: paths,
      edited,
      retargeted: [],
      refused: paths.filter((p) => this.project.io.slice(start).some((e) => e[1] === `Skipping edits to ${p}` || e[1] === `Unable to create ${p}, skipping edits.`)),
      applied: null,
      dirtyPaths: [],
      commits: [],
      reply: "I updated the files.", // no repository: auto_commit returns None
      reflected: r.reflectedMessage,
      gitError: null,
      printed: printedOf(this.project.io.slice(start)),
    };
    return { update, malformed: r.numMalformedResponses };
  }
}
