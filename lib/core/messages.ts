/**
 * The fixed sentences a learner reads in `grade`, `hint` and `reset`, in English and Chinese, under stable English
 * ids. Names, paths, test titles and README text are inserted, never translated here. Chinese uses the glossary's
 * terms (docs/glossary.md).
 */
import { WorkbenchInputError } from "./errors.js";
import { isLang, type Lang } from "./lang.js";

type Text<P> = (p: P) => string;
type Entry<P> = { readonly en: Text<P>; readonly zh: Text<P> };

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

function entry<P>(en: Text<P>, zh: Text<P>): Entry<P> {
  return Object.freeze({ en, zh });
}

/** Every message, by id. English is what the commands printed before they had Chinese: tests hold it byte for byte. */
export const MESSAGES = Object.freeze({
  // grade: the heading, the table, the footer
  "grade.heading": entry<{ target: string; n: number }>(
    (p) => `Graded ${p.target === "exercises" ? "your exercises" : p.target} (${p.n} exercise${p.n === 1 ? "" : "s"})`,
    (p) => `已评分：${p.target === "exercises" ? "你的练习" : p.target}（共 ${p.n} 个练习）`,
  ),
  "grade.progressKept": entry<{ path: string }>((p) => `Progress is kept in ${p.path}.`, (p) => `进度记录在 ${p.path}。`),
  "table.exercise": entry<object>(() => "exercise", () => "练习"),
  "table.tests": entry<object>(() => "tests", () => "测试"),
  "table.points": entry<object>(() => "points", () => "得分"),
  "table.status": entry<object>(() => "status", () => "状态"),
  "table.total": entry<object>(() => "total", () => "合计"),
  "table.summary": entry<{ pct: number; done: number; n: number }>(
    (p) => `${p.pct} %, ${p.done} of ${p.n} done`,
    (p) => `${p.pct} %，已完成 ${p.done}/${p.n}`,
  ),
  "status.done": entry<object>(() => "done", () => "已完成"),
  "status.in progress": entry<object>(() => "in progress", () => "进行中"),
  "status.not started": entry<object>(() => "not started", () => "未开始"),
  "status.no file": entry<object>(() => "no file", () => "缺少文件"),
  "status.error": entry<object>(() => "error", () => "出错"),
  "status.wasDone": entry<object>(() => " (was done before)", () => "（之前曾完成）"),
  // grade: the failures under the table
  "failures.couldNotGrade": entry<{ id: string; error: string }>((p) => `${p.id}: could not be graded: ${p.error}`, (p) => `${p.id}：无法评分：${p.error}`),
  "failures.notStarted": entry<{ fns: string }>(
    (p) => `not started: every test stops at "not implemented" (${p.fns})`,
    (p) => `未开始：每个测试都停在 "not implemented"（${p.fns}）`,
  ),
  "failures.count": entry<{ failing: number; total: number }>(
    (p) => `${p.failing} of ${p.total} tests fail:`,
    (p) => `${p.total} 个测试中有 ${p.failing} 个未通过：`,
  ),
  "failures.points": entry<{ n: number }>((p) => `${p.n} ${plural(p.n, "point", "points")}`, (p) => `${p.n} 分`),
  "failures.sameMessage": entry<object>(() => "(the same message)", () => "（消息同上）"),
  "failures.knownMistake": entry<{ title: string }>((p) => `→ known mistake: ${p.title}`, (p) => `→ 已知错误：${p.title}`),
  "failures.read": entry<{ where: string }>((p) => `read: ${p.where}`, (p) => `阅读：${p.where}`),
  "failures.unknownMistake": entry<{ evidence: string }>((p) => `→ not a known mistake: ${p.evidence}`, (p) => `→ 不是已知错误：${p.evidence}`),
  "failures.printed": entry<object>(() => "your code printed:", () => "你的代码输出了："),
  "failures.moreLines": entry<{ n: number }>((p) => `… (${p.n} more lines in --json)`, (p) => `…（另有 ${p.n} 行，见 --json）`),
  // hints, in grade and in hint
  "hint.label": entry<{ number: number; total: number; title: string }>(
    (p) => `Hint ${p.number} of ${p.total}${p.title ? ` — ${p.title}` : ""}`,
    (p) => `提示 ${p.number}/${p.total}${p.title ? ` — ${p.title}` : ""}`,
  ),
  "hint.forTest": entry<{ test: string }>((p) => ` (for ✗ ${p.test})`, (p) => `（针对 ✗ ${p.test}）`),
  "hint.shownBefore": entry<{ command: string; n: string }>(
    (p) => ` was shown before: ${p.command} hint ${p.n} --shown shows it again, ${p.command} hint ${p.n} the next one`,
    (p) => ` 之前已显示过：${p.command} hint ${p.n} --shown 可再看一遍，${p.command} hint ${p.n} 显示下一条`,
  ),
  "hint.more": entry<{ command: string; n: string }>((p) => `(more: ${p.command} hint ${p.n})`, (p) => `（更多：${p.command} hint ${p.n}）`),
  "hint.lastNoSolution": entry<object>(() => "(that is the last hint)", () => "（这是最后一条提示）"),
  "hint.lastSolution": entry<{ id: string }>(
    (p) => `(that is the last hint; the reference solution is in solutions/${p.id}/)`,
    (p) => `（这是最后一条提示；参考答案在 solutions/${p.id}/）`,
  ),
  "hint.reason.failing": entry<{ test: string }>((p) => `For the failing test of your last grade: ✗ ${p.test}`, (p) => `针对你上次评分中未通过的测试：✗ ${p.test}`),
  "hint.reason.noGrade": entry<{ id: string; n: string }>(
    (p) => `No grade of ${p.id} is recorded (never graded, or reset since), so this is the next hint in order.\nAfter \`npm run -s workbench -- grade ${p.n}\`, hints follow your first failing test.`,
    (p) => `没有 ${p.id} 的评分记录（从未评分，或之后重置过），所以这是按顺序的下一条提示。\n运行 \`npm run -s workbench -- grade ${p.n}\` 之后，提示会跟着你第一个未通过的测试走。`,
  ),
  "hint.reason.passed": entry<{ id: string }>(
    (p) => `Your last grade of ${p.id} passed every test, so this is the next hint in order.`,
    (p) => `你上次评分时 ${p.id} 的测试全部通过，所以这是按顺序的下一条提示。`,
  ),
  "hint.reason.failingSeen": entry<object>(
    () => "You have seen every hint for the tests that failed in your last grade, so this is the next hint in order.",
    () => "上次评分中未通过的测试，相关提示你都看过了，所以这是按顺序的下一条提示。",
  ),
  "hint.reason.allSeen": entry<{ id: string; total: number }>(
    (p) => `You have seen all ${p.total} hints of ${p.id}; this is the last one again.`,
    (p) => `${p.id} 的 ${p.total} 条提示你都看过了；这里再显示一次最后一条。`,
  ),
  "hint.solutionNote": entry<{ id: string }>((p) => ` The reference solution is in solutions/${p.id}/.`, (p) => `参考答案在 solutions/${p.id}/。`),
  "hint.noneSeen": entry<{ id: string; n: string }>(
    (p) => `No hints seen yet for ${p.id}: npm run -s workbench -- hint ${p.n} shows one.`,
    (p) => `${p.id} 还没有看过任何提示：npm run -s workbench -- hint ${p.n} 显示一条。`,
  ),
  "hint.left": entry<{ left: number; n: string }>(
    (p) => `(${p.left} more not seen yet: npm run -s workbench -- hint ${p.n})`,
    (p) => `（还有 ${p.left} 条没看过：npm run -s workbench -- hint ${p.n}）`,
  ),
  "hint.lastUnseen": entry<{ note: string }>((p) => `That was the last hint not seen.${p.note}`, (p) => `没看过的提示到此为止。${p.note}`),
  "hint.stubNotRecorded": entry<{ id: string }>(
    (p) => `(Not recorded as seen: ${p.id} is not started — its file is still the stub. Hints are counted from your first edit.)`,
    (p) => `（未记为已看：${p.id} 还没开始——文件仍是初始桩代码。提示从你第一次修改起计数。）`,
  ),
  "hint.englishOnly": entry<{ id: string }>(
    (p) => `(${p.id} has no Chinese README yet: its hint is in English.)`,
    (p) => `（${p.id} 还没有中文 README：提示以英文显示。）`,
  ),
  // reset
  "reset.alreadyStub": entry<{ file: string }>((p) => `${p.file}: already the stub`, (p) => `${p.file}：已经是初始桩代码`),
  "reset.saved": entry<{ file: string; backup: string }>((p) => `${p.file}: your version is saved as ${p.backup}`, (p) => `${p.file}：你的版本已另存为 ${p.backup}`),
  "reset.restored": entry<{ file: string }>((p) => `${p.file}: stub restored`, (p) => `${p.file}：已恢复初始桩代码`),
  "reset.hintsOver": entry<{ id: string; seen: readonly number[]; note: string }>(
    (p) => `${p.id}: hints start over (you had seen ${p.seen.length === 1 ? "hint" : "hints"} ${p.seen.join(", ")}: noted in ${p.note})`,
    (p) => `${p.id}：提示从头开始（你看过的提示 ${p.seen.join("、")} 已记在 ${p.note}）`,
  ),
});

export type MessageId = keyof typeof MESSAGES;
export type MessageParams<K extends MessageId> = Parameters<(typeof MESSAGES)[K]["en"]>[0];

/** The message `id` in `lang`, its values filled in. */
export function message<K extends MessageId>(lang: Lang, id: K, params: MessageParams<K>): string {
  if (!isLang(lang)) throw new WorkbenchInputError("message", "lang", "must be en or zh", lang);
  const e = MESSAGES[id] as Entry<MessageParams<K>> | undefined;
  if (e === undefined) throw new WorkbenchInputError("message", "id", "must be a message id of lib/core/messages.ts", id);
  return e[lang](params);
}
