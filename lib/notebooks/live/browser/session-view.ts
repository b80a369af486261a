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

/** A state-line message in both page languages (the page shows the one its header's toggle chose). */
export interface StateMessage {
  en: string;
  zh: string;
}

const ranZh = (ran: number, of: number): string => (ran === 0 ? "尚未运行任何单元——运行某个单元时会先运行它上面的单元" : `已运行 ${ran} / ${of} 个代码单元`);
const STOPPED_ZH: Readonly<Record<string, string>> = { interrupted: "已中断", restarted: "已重启" };
const AFTER_STOP = { en: "every variable is gone; running a cell runs the cells above it first", zh: "所有变量都已清空；运行某个单元时会先运行它上面的单元" };

/** The state line's messages, one per thing a session reports; `where` says where cells run ("machine" or "browser"). */
export const STATE = Object.freeze({
  ran: (ran: number, of: number, where: "machine" | "browser"): StateMessage => ({
    en: `${ranText(ran, of)} (it runs ${where === "machine" ? "on this machine" : "in this browser"})`,
    zh: `${ranZh(ran, of)}（${where === "machine" ? "在本机运行" : "在本浏览器中运行"}）`,
  }),
  ready: (ran: number, of: number): StateMessage => ({ en: `ready — ${ranText(ran, of)} (it runs in this browser)`, zh: `就绪——${ranZh(ran, of)}（在本浏览器中运行）` }),
  idle: (ran: number, of: number): StateMessage => ({ en: `idle — ${ranText(ran, of)}`, zh: `空闲——${ranZh(ran, of)}` }),
  running: (cell: number): StateMessage => ({ en: `running cell ${cell}`, zh: `正在运行单元 ${cell}` }),
  above: (cell: number, now: number, step: number, of: number): StateMessage => ({
    en: `running the cells above cell ${cell} first: cell ${now} (${step} of ${of})`,
    zh: `先运行单元 ${cell} 上面的单元：单元 ${now}（第 ${step} 个，共 ${of} 个）`,
  }),
  aboveFailed: (cell: number, above: number): StateMessage => ({ en: `cell ${cell} did not run: cell ${above} above it failed`, zh: `单元 ${cell} 没有运行：它上面的单元 ${above} 失败了` }),
  stopped: (why: string): StateMessage => ({ en: `${why} — ${AFTER_STOP.en}`, zh: `${STOPPED_ZH[why] ?? why}——${AFTER_STOP.zh}` }),
  cutOff: (): StateMessage => ({ en: "the run's output stopped before it ended (the connection closed)", zh: "运行的输出在结束前中断了（连接已关闭）" }),
  nothingToRevert: (): StateMessage => ({ en: "nothing to revert — no cell is edited", zh: "无需还原——没有单元被修改" }),
  /** A message from elsewhere (an error's text): the same in both languages. */
  verbatim: (text: string): StateMessage => ({ en: text, zh: text }),
});

/** The page's language as its header's toggle set it (`<html data-lang>`); English where there is no page. */
export function pageLang(doc: Document | undefined = globalThis.document): "en" | "zh" {
  return doc?.documentElement?.getAttribute?.("data-lang") === "zh" ? "zh" : "en";
}

/**
 * A state line (`#kernel-state`) that says `prefix: message` in the page's language, and says its last message
 * again in the other language when the reader switches (the toggle changes `<html data-lang>`).
 */
export function stateLine(el: HTMLElement | null, prefix: StateMessage): (message: StateMessage) => void {
  let last: StateMessage | null = null;
  const draw = (): void => {
    if (el && last) el.textContent = pageLang() === "zh" ? `${prefix.zh}：${last.zh}` : `${prefix.en}: ${last.en}`;
  };
  const root = globalThis.document?.documentElement;
  if (root && typeof MutationObserver === "function") new MutationObserver(draw).observe(root, { attributes: true, attributeFilter: ["data-lang"] });
  return (message) => {
    last = message;
    draw();
  };
}
