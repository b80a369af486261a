/**
 * Frames you step through, as one piece of HTML that needs no script: a row of radio buttons (one per frame) and
 * CSS that shows the checked frame, so it works in Jupyter, in the read-only pages of `npm start` (where no script
 * runs) and in a static export. Where scripts do run, a range slider moves the radio buttons too. Ids derive from
 * the content, so the same frames give the same HTML, and two steppers on a page do not interfere.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray, requireInteger, requireString } from "../core/validate.js";
import { stableId } from "./svg.js";
import { escapeHtml } from "./table.js";

export interface Frame {
  /** The button's text ("step 3", "budget 512"). */
  label: string;
  /** The frame: SVG or HTML. */
  html: string;
}

export interface StepperOptions {
  /** The frame shown first (default 0). */
  start?: number;
  caption?: string;
  /** Show a range slider as well (default true; it needs scripts, the buttons do not). */
  slider?: boolean;
}

const WHERE = "stepper";

/** The frames behind radio buttons; the checked one is shown. */
export function stepper(frames: readonly Frame[], options: StepperOptions = {}): string {
  requireArray(WHERE, "frames", frames).forEach((f, i) => {
    requireString(WHERE, `frames[${i}].label`, (f as Frame).label);
    requireString(WHERE, `frames[${i}].html`, (f as Frame).html);
  });
  if (frames.length === 0) throw new WorkbenchInputError(WHERE, "frames", "must hold a frame", frames);
  const start = requireInteger(WHERE, "options.start", options.start ?? 0, 0);
  if (start >= frames.length) throw new WorkbenchInputError(WHERE, "options.start", `must be below the number of frames (${frames.length})`, start);
  const id = `wbs-${stableId(...frames.flatMap((f) => [f.label, f.html]))}`;
  const css = [
    `#${id} .wbs-frame{display:none}`,
    `#${id} .wbs-controls{display:flex;flex-wrap:wrap;gap:4px;margin:4px 0;font:13px DejaVu Sans,Arial,sans-serif}`,
    `#${id} .wbs-controls input{position:absolute;opacity:0;width:1px;height:1px}`,
    `#${id} .wbs-controls label{border:1px solid #d0d7de;border-radius:4px;padding:2px 7px;cursor:pointer;background:#f6f8fa}`,
    ...frames.map((_, i) => `#${id} input[value="${i}"]:checked ~ label[for="${id}-${i}"]{background:#0969da;color:#fff;border-color:#0969da}`),
    ...frames.map((_, i) => `#${id}:has(input[value="${i}"]:checked) .wbs-frame[data-frame="${i}"]{display:block}`),
  ].join("\n");
  const radios = frames.map((_, i) => `<input type="radio" name="${id}" id="${id}-${i}" value="${i}"${i === start ? " checked" : ""}>`).join("");
  const labels = frames.map((f, i) => `<label for="${id}-${i}">${escapeHtml(f.label)}</label>`).join("");
  const slider =
    options.slider === false
      ? ""
      : `<input type="range" min="0" max="${frames.length - 1}" value="${start}" aria-label="frame" style="width:100%;max-width:480px" ` +
        `oninput="var r=document.getElementById('${id}-'+this.value);if(r){r.checked=true;}">`;
  const body = frames.map((f, i) => `<div class="wbs-frame" data-frame="${i}">${f.html}</div>`).join("\n");
  const caption = options.caption ? `<div style="font:bold 14px DejaVu Sans,Arial,sans-serif;margin:2px 0">${escapeHtml(options.caption)}</div>` : "";
  return `<div class="wb-stepper" id="${id}"><style>${css}</style>${caption}${slider}<div class="wbs-controls">${radios}${labels}</div>\n${body}\n</div>`;
}
