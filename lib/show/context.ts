/**
 * What the model received at one call of the loop, as a picture (seed 001 §3: the context is the system
 * instructions, the repo map, the chat history, the chat files and the current turn): one strip, a segment per
 * message in the order sent, its width growing with the message's length, coloured by the part of the context it
 * belongs to, a label over each run of the same part and the role and length in each segment. Beside the loop's
 * timeline it shows where a reflection goes: a new user message at the end of the current turn. `contextPanel`
 * folds the messages' full text under the picture (a click on the picture opens it).
 */
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireArray, requireRecord, requireString } from "../core/validate.js";
import { renderContext, type ContextPart, type PromptMessage } from "../loop/context.js";
import { COLORS, num, svgDocument, text } from "./svg.js";
import { escapeHtml } from "./table.js";

/** The fields of a prompt message the picture reads (lib/loop's `PromptMessage`). */
export type ContextMessageView = Pick<PromptMessage, "role" | "part" | "content">;

export interface ContextPictureOptions {
  /** A bold line over the strip. */
  title?: string;
  /** The picture's width in user units (default 800, a page's output column). */
  width?: number;
}

export const CONTEXT_PICTURE_DEFAULTS = Object.freeze({ width: 800 });

const WHERE = "contextPicture";
const PARTS: Readonly<Record<ContextPart, { label: string; stroke: string; fill: string }>> = Object.freeze({
  system: { label: "system", stroke: COLORS.neutral, fill: COLORS.neutralFill },
  "repo-map": { label: "repo map", stroke: COLORS.prior, fill: "#fbefff" },
  history: { label: "history (done)", stroke: COLORS.node, fill: COLORS.nodeFill },
  "chat-files": { label: "chat files", stroke: COLORS.chat, fill: "#ffeff7" },
  current: { label: "current turn", stroke: COLORS.mention, fill: "#fff1e5" },
});
const ROLE: Readonly<Record<PromptMessage["role"], string>> = Object.freeze({ system: "system", user: "user", assistant: "model" });

function checkMessages(where: string, messages: unknown): ContextMessageView[] {
  const list = requireArray(where, "messages", messages).map((m, i) => {
    const r = requireRecord(where, `messages[${i}]`, m);
    const role = r.role as PromptMessage["role"];
    if (role !== "system" && role !== "user" && role !== "assistant") throw new WorkbenchInputError(where, `messages[${i}].role`, 'must be "system", "user" or "assistant"', role);
    const part = r.part;
    if (typeof part !== "string" || !Object.prototype.hasOwnProperty.call(PARTS, part)) throw new WorkbenchInputError(where, `messages[${i}].part`, `must be one of ${Object.keys(PARTS).join(", ")}`, part);
    return { role, part: part as ContextPart, content: requireString(where, `messages[${i}].content`, r.content) };
  });
  if (list.length === 0) throw new WorkbenchInputError(where, "messages", "must hold a message", messages);
  return list;
}

/** The messages of one model call as a strip of segments, coloured by context part. */
export function contextPicture(messages: readonly ContextMessageView[], options: ContextPictureOptions = {}): string {
  const list = checkMessages(WHERE, messages);
  const o = requireRecord(WHERE, "options", options);
  rejectUnknownKeys(WHERE, "options", o, ["title", "width"]);
  const title = o.title === undefined ? undefined : requireString(WHERE, "options.title", o.title);
  const width = o.width ?? CONTEXT_PICTURE_DEFAULTS.width;
  const minSeg = 66, gap = 3, left = 4;
  if (typeof width !== "number" || !Number.isInteger(width) || width < left * 2 + list.length * (minSeg + gap)) {
    throw new WorkbenchInputError(WHERE, "options.width", `must be an integer ≥ ${left * 2 + list.length * (minSeg + gap)} (${minSeg} units a message)`, width);
  }
  // Each segment gets the minimum width, the rest is shared in proportion to the messages' lengths.
  const spare = width - left * 2 - list.length * (minSeg + gap) + gap;
  const total = list.reduce((s, m) => s + m.content.length, 0);
  const widths = list.map((m) => minSeg + (total === 0 ? spare / list.length : (spare * m.content.length) / total));
  const top = title === undefined ? 4 : 26, bandY = top + 13, segY = top + 18, segH = 26;
  const parts: string[] = [];
  if (title !== undefined) parts.push(text(left, 17, title, 14, 'font-weight="bold"'));
  let x = left;
  list.forEach((m, i) => {
    const w = widths[i]!, style = PARTS[m.part];
    // A part's label once, over the first of its consecutive messages.
    if (i === 0 || list[i - 1]!.part !== m.part) parts.push(text(x + 1, bandY, style.label, 12, `font-weight="bold" fill="${style.stroke}"`));
    parts.push(
      `<g class="message" data-part="${m.part}"><title>${escapeHtml(`${i + 1} ${m.role} [${m.part}], ${m.content.length} characters: ${m.content.slice(0, 120)}`)}</title>` +
        `<rect x="${num(x)}" y="${segY}" width="${num(w)}" height="${segH}" rx="3" fill="${style.fill}" stroke="${style.stroke}" stroke-width="1.5"/>` +
        text(x + w / 2, segY + 17, `${ROLE[m.role]} ${m.content.length}`, 12, 'text-anchor="middle"') +
        "</g>",
    );
    x += w + gap;
  });
  const label = title ?? `the context: ${list.length} messages`;
  return svgDocument(parts.join("\n"), { width, height: segY + segH + 3, label });
}

/**
 * The picture of one call's messages under a one-line caption (the title, the counts), folding out their full
 * text (as `renderContext` prints it) when clicked.
 */
export function contextPanel(messages: readonly ContextMessageView[], options: ContextPictureOptions = {}): string {
  const list = checkMessages("contextPanel", messages);
  const o = requireRecord("contextPanel", "options", options);
  rejectUnknownKeys("contextPanel", "options", o, ["title", "width"]);
  const title = o.title === undefined ? "the context" : requireString("contextPanel", "options.title", o.title);
  const picture = contextPicture(list, o.width === undefined ? {} : { width: o.width as number });
  const chars = list.reduce((s, m) => s + m.content.length, 0);
  const counts = `${list.length} messages, ${chars} characters (each segment's number: its length) · click for the full text`;
  const caption = `<b>${escapeHtml(title)}</b> <span style="color:${COLORS.muted};font-size:.9em">— ${counts}</span>`;
  return `<details class="wb-context"><summary>${caption}<br>${picture}</summary><pre>${escapeHtml(renderContext(list.map((m) => ({ ...m }))))}</pre></details>`;
}
