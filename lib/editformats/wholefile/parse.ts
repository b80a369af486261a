/**
 * Reading a whole-file reply (`aider/coders/wholefile_coder.py`, `wholefile_coder.py:22-128`): `WholeFileCoder.get_edits` in its
 * "update" mode and the walk it shares with the live "diff" mode, plus `apply_edits`.
 *
 * What a learner meets: the filename is the line right before the opening fence, cleaned in a fixed order
 * (strip, `*`, trailing `:`, backticks, leading `#`) — so `**a.py**:` gives "a.py**" and a prose line right
 * before the fence becomes a filename; without one, the last `` `chat file` `` mentioned, else the only chat
 * file, else "No filename provided before ``` in file listing". With the ``` fence an embedded ```python line
 * closes the listing early. The first listing of a file wins; named blocks beat mentioned ones beat the lone
 * chat file. The reply is right-stripped first (an unterminated last block loses its final newline).
 */
import { posix } from "node:path";
import { cpLength, isPySpace, lstrip, rstrip, splitlines, strip } from "../../core/pystr.js";
import { requireString, requireStringArray } from "../../core/validate.js";
import type { Fence } from "../../editblock/fence.js";
import { EditFormatValueError } from "../coder.js";

export type FilenameSource = "block" | "saw" | "chat";
/** `(fname, fname_source, new_lines)`: the new lines keep their line endings. */
export type WholeFileEdit = readonly [path: string, source: FilenameSource, lines: string[]];

/** What the walk reports, in reply order (the live-diff view renders these). */
export type WholeFileEvent = { kind: "prose"; line: string } | { kind: "block"; edit: WholeFileEdit; closed: boolean };

/** `get_multi_response_content_in_progress(final=False)`: a reply ending in whitespace is right-stripped. */
export function contentInProgress(reply: string): string {
  const r = rstrip(reply);
  return r !== reply ? r : reply;
}

/** The filename cleaning applied to the line before an opening fence. */
export function cleanFilename(line: string, chatFiles: readonly string[]): string {
  let f = strip(line);
  f = strip(f, "*");
  f = rstrip(f, ":");
  f = strip(f, "`");
  f = lstrip(f, "#");
  f = strip(f);
  if (cpLength(f) > 250) f = "";
  const base = posix.basename(f);
  if (f && !chatFiles.includes(f) && chatFiles.includes(base)) f = base; // undo a bogus path/to/ prefix
  return f;
}

/** Python `s.split()`: words separated by runs of Python whitespace. */
function pySplit(s: string): string[] {
  const words: string[] = [];
  let cur = "";
  for (const ch of s) {
    if (isPySpace(ch)) {
      if (cur) words.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur) words.push(cur);
  return words;
}

/** The walk over the reply's lines shared by both modes. */
export function walkWholeFileReply(reply: string, chatFiles: readonly string[], fence: Fence): WholeFileEvent[] {
  requireString("walkWholeFileReply", "reply", reply);
  requireStringArray("walkWholeFileReply", "chatFiles", chatFiles);
  const lines = splitlines(contentInProgress(reply), true);
  const events: WholeFileEvent[] = [];
  let saw: string | null = null;
  let fname: string | null = null;
  let source: FilenameSource = "block";
  let body: string[] = [];
  lines.forEach((line, i) => {
    if (line.startsWith(fence[0]) || line.startsWith(fence[1])) {
      if (fname !== null) {
        events.push({ kind: "block", edit: [fname, source, body], closed: true });
        saw = null;
        fname = null;
        body = [];
        return;
      }
      let name = "";
      if (i > 0) {
        source = "block";
        name = cleanFilename(lines[i - 1]!, chatFiles);
      }
      if (!name) {
        if (saw) [name, source] = [saw, "saw"];
        else if (chatFiles.length === 1) [name, source] = [chatFiles[0]!, "chat"];
        else throw new EditFormatValueError(`No filename provided before ${fence[0]} in file listing`);
      }
      fname = name;
    } else if (fname !== null) {
      body.push(line);
    } else {
      for (const raw of pySplit(line)) {
        const word = rstrip(raw, ".:,;!");
        for (const f of chatFiles) if (word === `\`${f}\``) saw = f;
      }
      events.push({ kind: "prose", line });
    }
  });
  if (fname) events.push({ kind: "block", edit: [fname, source, body], closed: false });
  return events;
}

/** `WholeFileCoder.get_edits(mode="update")`: one edit per file, block sources first, then saw, then chat. */
export function getWholeFileEdits(reply: string, chatFiles: readonly string[], fence: Fence): WholeFileEdit[] {
  const edits = walkWholeFileReply(reply, chatFiles, fence).flatMap((e) => (e.kind === "block" ? [e.edit] : []));
  const seen = new Set<string>();
  const out: WholeFileEdit[] = [];
  for (const src of ["block", "saw", "chat"] as const) {
    for (const e of edits) {
      if (e[1] !== src || seen.has(e[0])) continue;
      seen.add(e[0]);
      out.push(e);
    }
  }
  return out;
}
