/**
 * `workbench autograder PLATFORM OUT`: packages the grader for Gradescope, PrairieLearn or Classroom 50
 * (lib/grader/platforms/package.ts); `workbench autograde PLATFORM [--root DIR]`: what the packaged grader runs on
 * the platform for each submission (lib/grader/platforms/autograde.ts). Exit 0 when written / graded, 2 on a
 * usage error; `autograde` exits 0 whenever it wrote results, so the platform shows them.
 */
import { resolve } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { listExercises, selectExercises } from "../grader/catalog.js";
import { autogradeSubmission, PLATFORM_LAYOUT } from "../grader/platforms/autograde.js";
import { AUTOGRADER_DEFAULTS, PLATFORMS, type Platform } from "../grader/platforms/config.js";
import { packageAutograder } from "../grader/platforms/package.js";
import { parseCommandArgs, UsageError, type Command } from "./command.js";
import { exercisePaths, integerOption, userCwd } from "./exercise-options.js";

const PACKAGE_USAGE = `Usage: workbench autograder gradescope OUT.zip | prairielearn OUT | classroom50 OUT [options]

Packages the grader for a grading platform: a workbench release (no solutions) with the graded tests, the
hidden tests and what the platform runs. OUT must not exist yet and must be outside this checkout.
  gradescope OUT.zip   the autograder zip: setup.sh and run_autograder at its root; grades
                       /autograder/submission into /autograder/results/results.json
  prairielearn OUT     Dockerfile + grader/ (the image) and questions/workbench-NN-*/ (info.json with
                       externalGradingOptions, question.html, tests/workbench.json); grades /grade/student
  classroom50 OUT      autograder.py + grader/ for CLASSROOM/autograders/ASSIGNMENT/, and runtime.json
  --exercise NN        grade only these exercises (repeatable; default: all)
  --no-hidden          leave the hidden graded tests out (Classroom 50's bundle is readable by anyone who
                       finds its Pages URL: consider it there)
  --hidden-visibility after_published|hidden   when Gradescope shows a hidden test (default after_published)
  --timeout MS         per-test limit in the submission's code (default ${AUTOGRADER_DEFAULTS.timeoutMs})
  --deadline S         the whole grade's limit in seconds (default ${AUTOGRADER_DEFAULTS.deadlineMs / 1000}); past it the results say so
  --image NAME         PrairieLearn: the grader image's name in info.json (default aider-workbench-grader:VERSION)
  --root DIR           the instructor's checkout (default: the one containing the current folder)`;

export const autograderCommand: Command = {
  name: "autograder",
  summary: "package the grader for Gradescope, PrairieLearn or Classroom 50",
  usage: PACKAGE_USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("autograder", args, {
      exercise: { type: "string", multiple: true },
      "no-hidden": { type: "boolean" },
      "hidden-visibility": { type: "string" },
      timeout: { type: "string" },
      deadline: { type: "string" },
      image: { type: "string" },
      root: { type: "string" },
    });
    const [platform, out] = positionals;
    if (positionals.length !== 2 || !isPlatform(platform)) throw new UsageError(`autograder: give a platform (${PLATFORMS.join(", ")}) and OUT, e.g. workbench autograder gradescope ../autograder.zip`);
    const visibility = values["hidden-visibility"] ?? AUTOGRADER_DEFAULTS.hiddenVisibility;
    if (visibility !== "hidden" && visibility !== "after_published") throw new UsageError(`autograder: --hidden-visibility must be after_published or hidden (got ${JSON.stringify(visibility)})`);
    const { root } = exercisePaths("autograder", { root: values.root });
    try {
      const exercises = selectExercises(listExercises(root), values.exercise ?? []).map((e) => e.id);
      const summary = packageAutograder({
        root,
        out: resolve(userCwd(), out!),
        config: {
          platform,
          exercises,
          hidden: values["no-hidden"] !== true,
          hiddenVisibility: visibility,
          timeoutMs: integerOption("autograder", "timeout", values.timeout, AUTOGRADER_DEFAULTS.timeoutMs, 100),
          seed: AUTOGRADER_DEFAULTS.seed,
          deadlineMs: 1000 * integerOption("autograder", "deadline", values.deadline, AUTOGRADER_DEFAULTS.deadlineMs / 1000, 10),
        },
        ...(values.image !== undefined ? { image: values.image } : {}),
        onProgress: (line) => io.stderr(`autograder: ${line}\n`),
      });
      io.stdout(`Packaged the grader for ${platform}: ${summary.exercises.length} exercises, ${summary.hiddenTests} hidden test files, ${summary.files} files → ${summary.out}\n`);
      return 0;
    } catch (err) {
      if (err instanceof WorkbenchInputError) throw new UsageError(`autograder: ${err.message.replace(/^\w+: /, "")}`);
      throw err;
    }
  },
};

const RUN_USAGE = `Usage: workbench autograde gradescope|prairielearn|classroom50 [--root DIR]

Grades the platform's submission with this packaged grader (made by workbench autograder) and writes the
results where the platform reads them; the platform's entry script runs it. --root is the platform's folder
(default: ${Object.entries(PLATFORM_LAYOUT).map(([p, l]) => `${p} ${l.root}`).join(", ")} — the current folder, the
student's checkout). Exit 0 whenever the results were written, even for a submission that could not be graded
(the results say why).`;

export const autogradeCommand: Command = {
  name: "autograde",
  summary: "on a grading platform: grade its submission and write its results file",
  usage: RUN_USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs("autograde", args, { root: { type: "string" } });
    const [platform] = positionals;
    if (positionals.length !== 1 || !isPlatform(platform)) throw new UsageError(`autograde: name the platform: ${PLATFORMS.join(", ")}`);
    const platformRoot = resolve(userCwd(), values.root ?? (platform === "classroom50" ? "." : PLATFORM_LAYOUT[platform].root));
    const outcome = await autogradeSubmission({
      graderRoot: exercisePaths("autograde", {}).root,
      platformRoot,
      env: process.env,
      onStatus: (line) => io.stderr(`autograde: ${line}\n`),
    });
    io.stdout(`${outcome.summary}; results in ${outcome.resultsPath}\n`);
    return 0;
  },
};

function isPlatform(p: string | undefined): p is Platform {
  return p !== undefined && (PLATFORMS as readonly string[]).includes(p);
}
