/**
 * `workbench grade [NN…] [--target exercises|solutions|DIR] [--watch] [--json FILE] [--junit FILE] [--classroom FILE]
 * [--hidden]`: runs the graded
 * tests of the exercises (lib/grader/), prints the table, the total, the failures and a hint, and records the
 * student's progress. Exit 0 when every graded exercise has full points, 1 otherwise, 2 for a usage mistake.
 */
import { existsSync } from "node:fs";
import { WorkbenchInputError } from "../core/errors.js";
import { classroomResult } from "../grader/classroom.js";
import { toJunitXml } from "../grader/junit.js";
import { localizedReport } from "../grader/localize.js";
import type { GradeReport } from "../grader/results.js";
import { isStudentId, STUDENT_ID_RULE } from "../grader/provenance.js";
import { GRADE_DEFAULTS } from "../grader/run.js";
import { detectContainment } from "../grader/sandbox/containment.js";
import { gradeSession, loadCatalog, type GradeSessionOptions } from "../grader/session.js";
import { resolveTarget, type Target } from "../grader/target.js";
import { watchExercises } from "../grader/watch.js";
import { outputFile, parseCommandArgs, UsageError, writeOutput, type CliIO, type Command } from "./command.js";
import { EXERCISE_PATH_OPTIONS, EXERCISE_PATH_USAGE, EXERCISE_PATH_USAGE_ZH, exercisePaths, integerOption, userCwd } from "./exercise-options.js";

const USAGE = `Usage: workbench grade [NN…] [--target exercises|solutions|DIR] [--watch] [--json FILE] [--junit FILE] [--classroom FILE] [--hidden] [--student ID]

Runs the graded tests of the exercises (all, or the ones named: 01, 1, 01-pagerank or pagerank) and prints
a table (tests passed, points), the total, and for each failure the test, its message and the known mistake
it matches, if any; then the hint for the first failing test whose hint you have not seen yet. The code
graded runs in a contained sandbox process, never in the process that judges it (lib/grader/README.md).
  --target T     exercises (your work, the default), solutions (the reference solutions), or a folder laid
                 out like exercises/ (a student's submission). Progress is recorded only for exercises.
  --watch        grade again whenever an exercise's file is saved (Ctrl-C stops): however the editor saves
                 (in place, a new file renamed over it, "safe write" with a backup), and after a file or
                 folder is deleted and created again, or the whole folder replaced
  --json FILE    also write the report as JSON ("-": to stdout, the table then goes to stderr). Each report
                 file must be a regular file or a new name in an existing folder: a device, FIFO, socket,
                 folder or symbolic link is refused before grading (exit 2)
  --junit FILE   also write the report as JUnit XML
  --classroom FILE  also write the result GitHub Classroom's autograding reporter reads (JSON: version,
                 status, max_score, tests[] with score; the service was retired in August 2026)
  --allow-unconfined  grade another folder (--target DIR) even where bubblewrap does not work: its code could
                 then open network sockets (your own exercises/ and solutions/ are always graded)
  --hidden       also run the hidden graded tests (test/exercises/hidden/, instructor only: a student
                 release has none)
  --timeout MS   per-test limit on the time spent in the submission's code, in milliseconds (default
                 ${GRADE_DEFAULTS.timeoutMs}); past it the submission's sandbox is stopped, and grading goes on
  --seed N       fast-check seed for the property tests (default ${GRADE_DEFAULTS.seed}: every run grades alike)
  --student ID   the student's id, recorded in the reports (they always record the submission's content hash,
                 the grader's version, the seed, when grading started and how long it took)
  --lang zh|en   the language of the table, the failures and the known mistakes (default: WORKBENCH_LANG, else
                 the locale, else English); --json keeps the English ids and titles and adds the localised text
  --judges N     judge processes at once (default: one per exercise, at most one per core); each runs its
                 exercises one after another. grade-class passes cores ÷ --jobs (1 when its students fill the cores)
${EXERCISE_PATH_USAGE}
Exit status: 0 when every graded exercise has full points, 1 when some points are missing, 2 on a usage error.`;

const USAGE_ZH = `用法：workbench grade [NN…] [--target exercises|solutions|DIR] [--watch] [--json FILE] [--junit FILE] [--classroom FILE] [--hidden] [--student ID]

运行练习的评分测试（全部，或指定的：01、1、01-pagerank 或 pagerank），打印一张表（通过的测试、得分）和合计；
每个未通过的测试给出它的消息和它对应的已知错误（如果有），然后是第一个未通过、而你还没看过其提示的测试的提示。
被评分的代码在受限的沙箱进程中运行，从不在评判它的进程里运行（lib/grader/README.md）。
  --target T     exercises（你的练习，默认）、solutions（参考答案），或按 exercises/ 布局的目录（某个学生的提交）。
                 只有 exercises 会记录进度。
  --watch        每当练习文件被保存就重新评分（Ctrl-C 停止），无论编辑器怎样保存
  --json FILE    另外把报告写成 JSON（"-"：写到标准输出，表格改写到标准错误）。报告文件必须是普通文件或已有目录中的
                 新名字：设备、FIFO、套接字、目录或符号链接在评分前就被拒绝（退出码 2）
  --junit FILE   另外把报告写成 JUnit XML
  --classroom FILE  另外写出 GitHub Classroom 自动评分读取的结果（该服务已于 2026 年 8 月停止）
  --allow-unconfined  在 bubblewrap 不可用时也给另一个目录（--target DIR）评分：其代码可能打开网络连接
  --hidden       同时运行隐藏的评分测试（test/exercises/hidden/，仅供教师）
  --timeout MS   每个测试在提交代码中花费时间的上限，单位毫秒（默认 ${GRADE_DEFAULTS.timeoutMs}）
  --seed N       属性测试的 fast-check 种子（默认 ${GRADE_DEFAULTS.seed}：每次评分结果一致）
  --student ID   学生的 id，记录在报告中
  --lang zh|en   表格、失败信息和已知错误的语言（默认：WORKBENCH_LANG，其次是系统 locale，否则英文）；
                 --json 保留英文的 id 和标题，并在旁边加上本地化文本
  --judges N     同时运行的评判进程数（默认：每个练习一个，至多每核一个）
${EXERCISE_PATH_USAGE_ZH}
退出码：所有被评分的练习都拿到满分时为 0，有缺分时为 1，用法错误时为 2。`;

export const gradeCommand: Command = {
  name: "grade",
  usageZh: USAGE_ZH,
  summary: "grade the exercises (points, failures, hints; --watch, --json, --junit)",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("grade", args, {
      target: { type: "string" },
      watch: { type: "boolean" },
      json: { type: "string" },
      junit: { type: "string" },
      classroom: { type: "string" },
      hidden: { type: "boolean" },
      "allow-unconfined": { type: "boolean" },
      timeout: { type: "string" },
      seed: { type: "string" },
      student: { type: "string" },
      judges: { type: "string" },
      ...EXERCISE_PATH_OPTIONS,
    });
    const { root, state } = exercisePaths("grade", values);
    let target: Target;
    try {
      target = resolveTarget(root, values.target ?? "exercises", userCwd());
      const chosen = loadCatalog(root, positionals);
      if (values.hidden && !chosen.some((e) => existsSync(e.hiddenFile))) {
        io.stderr(`grade: --hidden: ${chosen.length === 1 ? chosen[0]!.id + " has" : "these exercises have"} no hidden tests in this checkout (a student release never has them)\n`);
      }
    } catch (err) {
      if (err instanceof WorkbenchInputError) throw new UsageError(`grade: ${err.message.replace(/^\w+: /, "")}`);
      throw err;
    }
    const options: GradeSessionOptions = {
      root,
      target,
      wanted: positionals,
      timeoutMs: integerOption("grade", "timeout", values.timeout, GRADE_DEFAULTS.timeoutMs, 100),
      seed: integerOption("grade", "seed", values.seed, GRADE_DEFAULTS.seed, 0),
      statePath: state,
      onStatus: (line) => io.stderr(`grade: ${line}\n`),
      hidden: values.hidden === true, // a plain property, so the type checks it is still an option of the session
      lang: io.lang ?? "en",
    };
    if (values.student !== undefined) {
      if (!isStudentId(values.student)) throw new UsageError(`grade: --student ${STUDENT_ID_RULE} (got ${JSON.stringify(values.student)})`);
      options.student = values.student;
    }
    if (values.judges !== undefined) options.maxWorkers = integerOption("grade", "judges", values.judges, 1, 1);
    const outputs = { json: reportPath("json", values.json), junit: reportPath("junit", values.junit), classroom: reportPath("classroom", values.classroom) };
    // someone else's code (a submission): without bubblewrap nothing stops it opening sockets, so refuse unless told
    if (!target.isStudentWork && target.label !== "solutions" && !detectContainment().networkBlocked) {
      if (values["allow-unconfined"] !== true) throw new UsageError("grade: refusing to grade another folder without bubblewrap here: its code could open network sockets; install bubblewrap (scripts/system-deps.sh) or pass --allow-unconfined");
      io.stderr("grade: --allow-unconfined: network is NOT blocked for the graded code\n");
    }
    const first = await gradeOnce(options, outputs, io);
    if (!values.watch) return exitCode(first);
    return watchLoop(options, outputs, io, first);
  },
};

type Outputs = { json: string | undefined; junit: string | undefined; classroom: string | undefined };

async function gradeOnce(options: GradeSessionOptions, outputs: Outputs, io: CliIO): Promise<GradeReport> {
  if (io.isTTY) io.stderr(`grading ${options.wanted.length ? options.wanted.join(" ") : "every exercise"} …\n`);
  const { report, text } = await gradeSession(options);
  (outputs.json === "-" ? io.stderr : io.stdout)(text);
  if (outputs.json !== undefined) {
    const json = JSON.stringify(localizedReport(report, options.lang ?? "en"), null, 2) + "\n";
    if (outputs.json === "-") io.stdout(json);
    else writeReport("json", outputs.json, json);
  }
  if (outputs.junit !== undefined) writeReport("junit", outputs.junit, toJunitXml(report));
  if (outputs.classroom !== undefined) writeReport("classroom", outputs.classroom, JSON.stringify(classroomResult(report)) + "\n");
  return report;
}

/**
 * A report file's absolute path ("-" kept for --json), checked before any grading so that a mistyped folder, a
 * device or a link is a usage error at once rather than a failure after minutes of grading (lib/core/safe-write.ts).
 */
function reportPath(option: "json" | "junit" | "classroom", value: string | undefined): string | undefined {
  if (value === undefined || (value === "-" && option === "json")) return value;
  return outputFile("grade", `--${option}`, value);
}

/**
 * Writes a report after grading, atomically and only as a regular file (checked again, then a temporary file beside
 * it renamed over it); a failure is one line naming the option. Only the grader writes it: student code ran in a
 * sandbox that can write no file and was killed, with its process group, before.
 */
function writeReport(option: "json" | "junit" | "classroom", path: string, text: string): void {
  writeOutput("grade", `--${option}`, { path, text });
}

function exitCode(report: GradeReport): number {
  return report.exercises.every((e) => e.error === undefined && e.points === e.maxPoints) ? 0 : 1;
}

/** Re-grades the exercises whose files change, until SIGINT/SIGTERM; resolves to the last grade's exit code. */
async function watchLoop(options: GradeSessionOptions, outputs: Outputs, io: CliIO, first: GradeReport): Promise<number> {
  let latest = first;
  const ids = first.exercises.map((e) => e.id);
  const queue = new Set<string>();
  let busy = false;
  io.stderr(`grade: watching ${options.target.dir} — save a file to grade it again (Ctrl-C to stop)\n`);
  const drain = async (): Promise<void> => {
    if (busy) return;
    busy = true;
    while (queue.size > 0) {
      const wanted = [...queue].sort();
      queue.clear();
      io.stderr(`\ngrade: ${wanted.join(", ")} changed\n`);
      latest = await gradeOnce({ ...options, wanted, previous: latest }, outputs, io);
    }
    busy = false;
  };
  const stop = watchExercises(
    { dir: options.target.dir, known: ids },
    (changed) => {
      changed.forEach((id) => queue.add(id));
      void drain();
    },
    { onNote: (line) => io.stderr(`grade: ${line}\n`) },
  );
  await new Promise<void>((done) => {
    const finish = (): void => {
      process.off("SIGINT", finish);
      process.off("SIGTERM", finish);
      done();
    };
    process.on("SIGINT", finish);
    process.on("SIGTERM", finish);
  });
  stop();
  return exitCode(latest);
}
