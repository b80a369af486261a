/**
 * `workbench loop <session.json> [--json] [--prompts] [--brief]`: runs Aider's loop (lib/loop) on a session file — files, chat
 * files, the user's message, scripted replies and provider failures, lint/test outcomes — and prints the trace:
 * every request, provider attempt, parse, edit, commit, lint, test, reflection and the stop, with error classes.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { renderContext } from "../loop/context.js";
import { ERROR_CLASSES } from "../loop/error-classes.js";
import { runSession, type SessionRun } from "../loop/session.js";
import { formatTrace } from "../loop/trace.js";
import { parseCommandArgs, readJsonFile, UsageError, type Command } from "./command.js";
import { own } from "../core/own.js";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The readable report: header, trace, counts, outcome, the files that changed, and (optionally) every prompt. */
export function formatSessionRun(run: SessionRun, show: { prompts: boolean; details: boolean }): string {
  const { session, result, before } = run;
  const c = result.counts;
  const out: string[] = [];
  if (session.description) out.push(session.description, "");
  out.push(
    `workspace: ${run.workspace} · chat: ${session.chat.join(", ") || "(none)"} · ${plural(session.replies.length, "scripted step")}`,
    `message: ${session.message.split("\n")[0]}${session.message.includes("\n") ? " …" : ""}`,
    "",
    formatTrace(result.events, show.details).trimEnd(),
    "",
    `stop: ${result.stopReason}`,
    `requests: ${c.requests} (the message + ${plural(c.reflections, "reflection")}) · provider attempts: ${c.providerAttempts} ` +
      `(${plural(c.providerRetries, "retry").replace("retrys", "retries")} by the model client) · malformed replies: ${c.malformedResponses}`,
    `lint: ${outcome(result.lintOutcome)} · test: ${outcome(result.testOutcome)}`,
  );
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
  summary: "run Aider's edit loop (model → parse → apply → git → lint/test → reflection) on a scripted session",
  usage: `Usage: workbench loop <session.json | -> [--json] [--prompts] [--brief]

Runs Aider's loop for one user message with a scripted model (no network) and prints its trace. Files live
in memory without git, or, with "git", in a fresh sandbox repository (removed afterwards).
  --json     print the result as JSON (events, counts, stop reason, final files, history)
  --prompts  also print every prompt the model was sent (the stand-in context, part by part)
  --brief    one line per event (no replies, failure messages or lint output under the events)

Session file (texts are a string or an array of lines):
  { "description"?, "files": {path: text}, "chat": [path…], "message": text,
    "replies": [text | {"fail": "rate-limit"|"network"|"server"|"auth"|"context-window", "message"?}…],
    "lint"?: [null | error text…], "test"?: [null | error text…],
    "repoMap"?: text, "history"?: [{"role", "content"}…],
    "answers"?: {"createNewFile"?, "editFileNotInChat"?},
    "git"?: true | {"staged"?: {path: text}, "dirty"?: {path: text | null},
                    "options"?: {"autoCommits"?, "dirtyCommits"?, "dryRun"?, "gitEnabled"?}},
    "options"?: {"maxReflections"?, "autoLint"?, "autoTest"?, "fixLintErrors"?, "fixTestErrors"?,
                 "addMentionedFiles"?, "retry"?: {"firstDelay"?, "factor"?, "maxDelay"?}} }
Examples: lib/loop/sessions/*.json`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("loop", args, {
      json: { type: "boolean" },
      prompts: { type: "boolean" },
      brief: { type: "boolean" },
    });
    const [file, ...extra] = positionals;
    if (!file) throw new UsageError("loop: give a session file (or - for stdin); examples are in lib/loop/sessions/");
    if (extra.length > 0) throw new UsageError(`loop: unexpected argument "${extra[0]}"`);
    const session = readJsonFile("loop", file);
    let run: SessionRun;
    try {
      run = await runSession(session);
    } catch (err) {
      if (err instanceof WorkbenchInputError) {
        io.stderr(`loop: bad session ${file}: ${err.message}\n`);
        return 2;
      }
      throw err;
    }
    if (values.json) {
      const { requests, ...rest } = run.result;
      const json = { workspace: run.workspace, ...(values.prompts ? run.result : rest), gitCommits: run.commits };
      io.stdout(JSON.stringify(json, null, 2) + "\n");
    } else {
      io.stdout(formatSessionRun(run, { prompts: values.prompts === true, details: values.brief !== true }));
    }
    return 0;
  },
};
