/// <reference lib="dom" />
/**
 * What a notebook page shows about the session behind it, shared by the live pages (`live-client.ts`) and the
 * static site's (`../../static/browser/site-client.ts`): a prompt is the session's execution count or blank, an
 * output the session did not produce carries a label (set by `../../html.ts` for the build's; here for an earlier
 * session's), and the state line says how much the session has run — as Jupyter's prompts do, never the build's.
 */

/** The label of outputs shown from before the session restarted (short: it sits over the outputs' corner). */
export const EARLIER = "output from an earlier session";

/** Sets a code cell's prompt: `In [3]:` for a count, `In [*]:` while running, `In [ ]:` for not run. */
export function setPrompt(section: HTMLElement, text: string): void {
  const prompt = section.querySelector(".prompt");
  if (prompt) prompt.textContent = `In [${text}]:`;
}

/** The cell's outputs now come from this session: their label (stored by the build, or an earlier session's) goes. */
export function ownOutputs(outputs: HTMLElement): void {
  delete outputs.dataset.from;
  outputs.removeAttribute("title");
}

/** Outputs still shown after the session restarted are labelled as an earlier session's (a build's label stays). */
export function labelEarlier(outputs: HTMLElement): void {
  if (outputs.innerHTML.trim() === "" || outputs.dataset.from) return;
  outputs.dataset.from = EARLIER;
  outputs.title = "This session has not run the cell since it restarted: the output is from before.";
}

/** The state line's account of what the session ran (`ran` of `of` code cells). */
export function ranText(ran: number, of: number): string {
  return ran === 0 ? "nothing run yet — running a cell runs the cells above it first" : `${ran} of ${of} code cells run`;
}
