/**
 * `workbench loop <session.json> [--json] [--prompts] [--brief]`: runs Aider's loop (lib/loop) on a session file — files, chat
 * files, the user's message, scripted replies and provider failures, lint/test outcomes — and prints the trace:
 * every request, provider attempt, parse, edit, commit, lint, test, reflection and the stop, with error classes.
 * `--model openai:NAME [--record run.json]` and `--replay run.json` use a real model or a recording (loop-model.ts).
 */
import { WorkbenchInputError } from "../core/errors.js";
import { renderContext } from "../loop/context.js";
import { ERROR_CLASSES } from "../loop/error-classes.js";
import { ModelConfigError } from "../loop/openai-config.js";
import { ReplayMismatchError } from "../loop/recording.js";
import type { LoopModel } from "../loop/scripted-model.js";
import { runSession, type SessionRun } from "../loop/session.js";
import { formatTrace } from "../loop/trace.js";
import { inputLimitText, parseCommandArgs, readJsonFile, UsageError, type Command } from "./command.js";
import { checkReplaySession, chooseModel } from "./loop-model.js";
import { own } from "../core/own.js";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The readable report: header, trace, counts, outcome, the files that changed, and (optionally) every prompt. */
export function formatSessionRun(run: SessionRun<LoopModel>, show: { prompts: boolean; details: boolean; model?: string | null }): string {
  const { session, result, before } = run;
  const c = result.counts;
  const out: string[] = [];
  if (session.description) out.push(session.description, "");
  if (show.model) out.push(show.model);
  const steps = show.model ? "the scripted replies not used" : plural(session.replies.length, "scripted step");
  if (run.architect !== null) {
    out.push(
      `architect/editor: the architect (${plural(session.architect?.length ?? 0, "scripted step")}) plans, the editor writes ${session.editFormat} edits`,
      "",
      "════ architect ════",
      formatTrace(run.architect.events, show.details).trimEnd(),
      "",
      `════ editor (${session.editFormat}) ════`,
    );
  } else if (session.editFormat !== "diff") out.push(`edit format: ${session.editFormat}`);
  out.push(
    `workspace: ${run.workspace} · chat: ${session.chat.join(", ") || "(none)"} · ${steps}`,
    `message: ${session.message.split("\n")[0]}${session.message.includes("\n") ? " …" : ""}`,
    "",
    formatTrace(result.events, show.details).trimEnd(),
    "",
    `stop: ${result.stopReason}`,
    `requests: ${c.requests} (the message + ${plural(c.reflections, "reflection")}) · provider attempts: ${c.providerAttempts} ` +
      `(${plural(c.providerRetries, "retry").replace("retrys", "retries")} by the model client) · malformed replies: ${c.malformedResponses}`,
    `lint: ${outcome(result.lintOutcome)} · test: ${outcome(result.testOutcome)}`,
  );
  const u = result.usage;
  if (u.promptTokens !== null || u.cost !== null) {
    const tokens = u.promptTokens === null ? "" : `tokens: ${u.promptTokens} prompt + ${u.completionTokens} reply`;
    const cost = u.cost === null ? "cost: not reported by the server" : `cost: $${Number(u.cost.toFixed(6))} (reported by the server)`;
    out.push([tokens, cost].filter(Boolean).join(" · "));
  }
  const changed = Object.keys(result.files).filter((p) => own(before, p) !== result.files[p]);
  out.push("", changed.length === 0 ? "files: unchanged" : "files changed:");
  for (const p of changed) {
    out.push(`── ${p}${Object.hasOwn(before, p) ? "" : " (new)"} ──`, result.files[p]!.replace(/\n$/, ""));
  }
  if (run.commits !== null) {
    out.push("", run.commits.length === 0 ? "commits: none" : "commits (oldest first):");
    for (const c of run.commits) {
      out.push(`  ${c.sha}  ${c.subject}  — ${c.author}; ${c.files.map((f) => `${f.status} ${f.path}`).join(", ")}`);
    }
  }
  const classes = [...new Set(result.events.flatMap((e) => (e.errorClass === null ? [] : [e.errorClass])))];
  if (classes.length > 0) {
    out.push("", "error classes seen (seed 001 §11):");
    for (const id of classes) {
      const k = ERROR_CLASSES[id];
      out.push(`  ${id.padEnd(16)} owner: ${k.owner}; recovery: ${k.recovery}`);
    }
  }
  if (show.prompts && run.architect !== null) {
    out.push("", "════ prompt of the architect's request ════", renderContext(run.architect.request.messages).trimEnd());
  }
  if (show.prompts) {
    result.requests.forEach((r, i) => {
      out.push("", `════ prompt of request ${i + 1} (${r.round === 0 ? "user" : `reflection ${r.round}`}) ════`, renderContext(r.messages).trimEnd());
    });
  }
  return out.join("\n") + "\n";
}

const outcome = (o: boolean | null) => (o === null ? "not run" : o ? "passed" : "failed");

export const loopCommand: Command = {
  name: "loop",
  summary: "run Aider's edit loop (model → parse → apply → git → lint/test → reflection) on a session: scripted, real or replayed model",
  usage: `Usage: workbench loop <session.json | -> [--json] [--prompts] [--brief]
       workbench loop <session.json> --model openai:NAME [--record run.json] [--no-stream] [--max-tokens N] [--time-limit S]
       workbench loop [session.json] --replay run.json

Runs Aider's loop for one user message with a scripted model (no network) and prints its trace. Files live
in memory without git, or, with "git", in a fresh sandbox repository (removed afterwards).
  --json     print the result as JSON (events, counts, stop reason, final files, history)
  --prompts  also print every prompt the model was sent (the stand-in context, part by part)
  --brief    one line per event (no replies, failure messages or lint output under the events)
  --model openai:NAME   a real model instead of the scripted replies: an OpenAI-compatible server at
             OPENAI_BASE_URL (default https://api.openai.com/v1; Ollama: http://127.0.0.1:11434/v1) with the key
             in OPENAI_API_KEY (never printed or recorded; a local server takes any text). The trace is shown
             live on stderr as the reply streams in.
  --record FILE         keep every request and reply of the --model run in FILE (JSON, no key), to share
  --replay FILE         run a recording again offline, step for step (the session is the one recorded in FILE)
  --no-stream           one JSON answer per call instead of a streamed one
  --max-tokens N        the reply's token limit (a reply cut there stops the loop as "truncated")
  --time-limit S        seconds the whole run may take, retries and waits included (default 600)

Session file (texts are a string or an array of lines):
  { "description"?, "files": {path: text}, "chat": [path…], "message": text,
    "replies": [text | {"fail": "rate-limit"|"network"|"server"|"timeout"|"auth"|"bad-request"|"context-window", "message"?}…],
    "lint"?: [null | error text…], "test"?: [null | error text…],
    "repoMap"?: text, "history"?: [{"role", "content"}…],
    "answers"?: {"createNewFile"?, "editFileNotInChat"?},
    "git"?: true | {"staged"?: {path: text}, "dirty"?: {path: text | null},
                    "options"?: {"autoCommits"?, "dirtyCommits"?, "dryRun"?, "gitEnabled"?}},
    "editFormat"?: "diff"|"udiff"|"patch"|"whole"|"diff-fenced"|… (default "diff"; every format also with "git"),
    "architect"?: [text | {"fail": …}…]   (architect/editor: "replies" are then the editor's),
    "options"?: {"maxReflections"?, "autoLint"?, "autoTest"?, "fixLintErrors"?, "fixTestErrors"?,
                 "addMentionedFiles"?, "retry"?: {"firstDelay"?, "factor"?, "maxDelay"?}} }
A session file is a regular file of at most ${inputLimitText("session")} (stdin: the same cap), a --replay recording at
most ${inputLimitText("recording")}; a FIFO, device, folder or larger file is refused in one line. --record must be a regular
file or a new name (never a device, FIFO, folder or link).
Examples: lib/loop/sessions/*.json`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("loop", args, {
      json: { type: "boolean" },
      prompts: { type: "boolean" },
      brief: { type: "boolean" },
      model: { type: "string" },
      record: { type: "string" },
      replay: { type: "string" },
      "no-stream": { type: "boolean" },
      "max-tokens": { type: "string" },
      "time-limit": { type: "string" },
    });
    const [file, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`loop: unexpected argument "${extra[0]}"`);
    const chosen = chooseModel(values, io, process.env);
    if (!file && values.replay === undefined) throw new UsageError("loop: give a session file (or - for stdin); examples are in lib/loop/sessions/");
    const session = file ? readJsonFile("loop", file, { kind: "session" }) : chosen.recordedSession;
    if (file && values.replay !== undefined) checkReplaySession({ file: values.replay, session: chosen.recordedSession }, { file, session });
    const name = file ?? values.replay!;
    let run: SessionRun<LoopModel>;
    try {
      run = await runSession(session, { ...chosen.live, model: chosen.model });
    } catch (err) {
      if (err instanceof WorkbenchInputError) {
        io.stderr(`loop: bad session ${name}: ${err.message}\n`);
        return 2;
      }
      if (err instanceof ReplayMismatchError) {
        io.stderr(`loop: ${err.message}\n`);
        return 2;
      }
      if (err instanceof ModelConfigError) {
        io.stderr(`loop: ${err.message}\n`);
        return 2;
      }
      throw err;
    }
    chosen.save?.(session);
    if (values.json) {
      const { requests, ...rest } = run.result;
      const architect = run.architect && { events: run.architect.events, plan: run.architect.plan, history: run.architect.history, handedOff: run.architect.handedOff };
      const json = { workspace: run.workspace, editFormat: run.session.editFormat, architect, ...(values.prompts ? run.result : rest), gitCommits: run.commits };
      io.stdout(JSON.stringify(json, null, 2) + "\n");
    } else {
      io.stdout(formatSessionRun(run, { prompts: values.prompts === true, details: values.brief !== true, model: chosen.header }));
    }
    return 0;
  },
};
