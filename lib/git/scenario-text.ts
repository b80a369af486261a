/**
 * The scenario report as text for a terminal or a class handout: per step, Aider's messages, `commitPlan`'s
 * prediction, each commit git made (message, author, committer, files), the files still staged, modified and
 * untracked, and plan vs git with the reasons where they differ.
 */
import type { AiderMessage } from "./aider/io.js";
import type { RepoState } from "./sandbox/observe.js";
import type { ScenarioReport, StepCommit, StepReport, TurnStepReport } from "./scenario-run.js";
import { SANDBOX_IDENTITY } from "./scenario-run.js";

const STAND_IN = "[stand-in: a real Aider asks the model to write this message from the diff]";
const none = (xs: readonly string[]): string => (xs.length ? xs.join(", ") : "-");

/** Renders the whole report. */
export function renderScenarioReport(r: ScenarioReport): string {
  const out: string[] = [];
  out.push(`Scenario: ${r.name ?? "(unnamed)"}`);
  if (r.description) out.push(...wrap(r.description, "  "));
  out.push(
    `Sandbox: a fresh temporary git repository${r.keptAt ? ` kept at ${r.keptAt}` : ", removed afterwards"}; commits by ${SANDBOX_IDENTITY}, dates from a fixed clock`,
  );
  const o = r.options;
  const forced = o.dirtyCommits && !r.dirtyCommitsEffective ? " (forced off: autoCommits=false)" : "";
  out.push(`Options: autoCommits=${o.autoCommits} dirtyCommits=${o.dirtyCommits}${forced} dryRun=${o.dryRun} gitEnabled=${o.gitEnabled}`, "");
  out.push("Setup");
  if (r.setup.initialCommit) out.push(...commitLines(r.setup.initialCommit, null, "  "));
  else out.push("  no files committed (the branch has no commits yet)");
  out.push(`  before the first step: ${stateLine(r.setup.state)}`);
  r.steps.forEach((s, i) => out.push("", ...stepLines(s, i + 1)));
  out.push("", "Final state");
  out.push(`  commits since setup:${r.final.commits.length === 0 ? " none" : ""}`);
  for (const c of r.final.commits) out.push(`    ${c.sha} ${c.subject}  (${c.role})`);
  out.push(`  ${stateLine(r.final.state)}`);
  if (r.final.commits.some((c) => c.standInMessage)) {
    out.push("", "Commit messages marked [stand-in] are the workbench's deterministic summaries of the diff; a real Aider asks the weak model for them.");
  }
  return out.join("\n") + "\n";
}

function stepLines(s: StepReport, n: number): string[] {
  switch (s.do) {
    case "turn":
      return turnLines(s, n);
    case "undo": {
      const r = s.result;
      const outcome =
        r.outcome === "undone" ? "undone" : r.outcome === "refused" ? `refused (condition ${r.refusal} of 7)` : "aborted: some files could not be restored";
      return [`Step ${n}: /undo — ${outcome}`, "  Aider says:", ...messageLines(r.messages), `  after: ${stateLine(s.after)}`];
    }
    case "commit": {
      const lines = [`Step ${n}: /commit — git commit -a (tracked changes only; attributed to the user)`];
      if (s.messages.length) lines.push("  Aider says:", ...messageLines(s.messages));
      if (s.commits.length === 0) lines.push("  no commit made");
      s.commits.forEach((c, i) => lines.push(...commitLines(c, i + 1, "  ")));
      lines.push(`  after: ${stateLine(s.after)}`);
      return lines;
    }
    case "write":
    case "stage":
      return [`Step ${n}: the user ${s.do === "write" ? "edits" : "edits and stages (git add)"} ${none(s.files)}`, `  after: ${stateLine(s.after)}`];
    case "push":
      return [`Step ${n}: git push origin (a bare repository inside the sandbox) — origin/main is now ${s.pushed}`];
  }
}

function turnLines(s: TurnStepReport, n: number): string[] {
  const t = s.turn;
  const out = [`Step ${n}: a turn (${s.format === "whole" ? "whole-file edits" : "SEARCH/REPLACE edits"} to ${none(t.requested)}; chat: ${none(s.chat)})`];
  out.push(`  before: ${stateLine(s.before)}`);
  out.push("  Aider says:", ...messageLines(t.messages));
  if (t.reply) out.push(`  reply added to the chat: ${t.reply}`);
  const p = s.plan;
  out.push(`  commitPlan predicts (set algebra, runs no git) for D = {${s.planInput.dirtyFiles.join(", ")}}, E = {${s.planInput.editedFiles.join(", ")}}:`);
  out.push(...[["beforeEdit", p.beforeEdit], ["afterEdit", p.afterEdit], ["unrelatedDirty", p.unrelatedDirty], ["overlapWithoutCheckpoint", p.overlapWithoutCheckpoint]].map(
    ([k, v]) => `    ${(k as string).padEnd(26)}${none(v as string[])}`,
  ));
  out.push("  What git did:");
  if (s.commits.length === 0) out.push("    no commits");
  s.commits.forEach((c, i) => out.push(...commitLines(c, i + 1, "    ")));
  out.push(`    after the turn: ${stateLine(s.after)}`);
  const differ = s.comparison.rows.filter((r) => !r.agree);
  out.push(`  Plan vs git: ${differ.length === 0 ? "they agree on every field" : `${differ.length} field(s) differ`}`);
  for (const r of s.comparison.rows) {
    out.push(`    ${r.field.padEnd(26)}${r.agree ? `agree: ${none(r.git)}` : `plan ${none(r.plan)} | git ${none(r.git)}`}`);
    for (const why of r.reasons) out.push(...wrap(`why: ${why}`, "      "));
  }
  if (s.comparison.notes.length) {
    out.push("  Where the plan is silent:");
    for (const note of s.comparison.notes) out.push(...wrap(`- ${note}`, "    ", "      "));
  }
  return out;
}

function commitLines(c: StepCommit, n: number | null, ind: string): string[] {
  const [subject, ...rest] = c.message.split("\n");
  const out = [`${ind}${n === null ? "commit" : `commit ${n}`} ${c.sha}  ${c.role}`];
  out.push(`${ind}  message:   ${subject}${c.standInMessage ? `   ${STAND_IN}` : ""}`);
  for (const line of rest) out.push(`${ind}             ${line}`.trimEnd());
  out.push(`${ind}  author:    ${c.author}    committer: ${c.committer}`);
  out.push(`${ind}  files:     ${c.files.map((f) => `${f.status} ${f.path} (${f.added === null ? "binary" : `+${f.added} -${f.deleted}`})`).join(", ") || "-"}`);
  if (c.patch) out.push(...c.patch.trimEnd().split("\n").map((l) => `${ind}  | ${l}`));
  return out;
}

function messageLines(ms: readonly AiderMessage[]): string[] {
  if (ms.length === 0) return ["    (nothing)"];
  const indent = (text: string): string => text.trimEnd().split("\n").join("\n      ").replace(/ +\n/g, "\n");
  return ms.map((m) => {
    switch (m.kind) {
      case "ask":
        return `    [asks] ${m.text} ${m.subject} -> ${m.answer ? "yes" : "no"} (the scenario's answer)`;
      case "note":
        return `    (workbench: ${m.text})`;
      case "output":
        return `    ${indent(m.text)}`;
      default:
        return `    [${m.kind}] ${indent(m.text)}`;
    }
  });
}

function stateLine(s: RepoState): string {
  return `modified ${none(s.modified)} · staged ${none(s.staged)} · untracked ${none(s.untracked)}`;
}

function wrap(text: string, first: string, rest = first, width = 116): string[] {
  const words = text.split(" ");
  const lines: string[] = [];
  let cur = first;
  for (const w of words) {
    if (cur.trim() !== "" && cur.length + 1 + w.length > width) {
      lines.push(cur);
      cur = rest + w;
    } else cur = cur.trim() === "" ? cur + w : `${cur} ${w}`;
  }
  lines.push(cur);
  return lines;
}
