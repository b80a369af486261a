/**
 * @aider-workbench/lib/grader — the exercise grader behind `workbench grade`, `hint` and `reset` (README.md here: the
 * judge, the sandbox, the protocol between them): the catalogue, a grading session, its report and hints. Not in the
 * root entry: it drives vitest, esbuild and the file system, which notebooks have no use for. Helpers stay inside.
 */
export { listExercises, selectExercises, type ExerciseEntry } from "./catalog.js";
export { gradeSession, loadCatalog, type GradeSessionOptions, type GradeSessionResult } from "./session.js";
export { GRADE_DEFAULTS, runGrading, type GradeRunOptions } from "./run.js";
export { gradeReport, type ExerciseResult, type GradeReport, type TestResult } from "./results.js";
export { exerciseStatus, formatFailures, formatTable, type ExerciseStatus } from "./report.js";
export { gradeHint, requestedHint, type GradeHint } from "./hints.js";
export { parseReadme, type ExerciseReadme, type Hint } from "./readme.js";
export { gradingAliases, LIB_PACKAGE, resolveTarget, type Target } from "./target.js";
