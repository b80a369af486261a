/**
 * Synthetic class submissions for `grade-class`'s tests and `npm run bench:class`: each student is solved (the
 * reference solutions), untouched (the stubs), half-done (the first half of the exercises solved, the rest stubs)
 * or hostile (an endless loop at the top level, a symbolic link out of the submission to the reference solution,
 * a syntax error, and for the rest issue 13's first attack: overriding JSON.stringify and friends, test/grader/hostile.ts).
 * Each is written as a folder, a git repository or a git bundle (git run here on our own files, not untrusted).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExerciseEntry } from "../../../lib/grader/catalog.js";
import { stubFromSolution } from "../../../lib/grader/stubs.js";

export type StudentKind = "solved" | "stub" | "half" | "hostile";
export type SubmissionForm = "folder" | "repository" | "bundle";

export interface SyntheticStudent {
  id: string;
  kind: StudentKind;
  form: SubmissionForm;
}

/** The exercises a half-done student has solved: the first half (rounded up) of `exercises`. */
export function halfSolved(exercises: readonly ExerciseEntry[]): ExerciseEntry[] {
  return exercises.slice(0, Math.ceil(exercises.length / 2));
}

function writeExercises(dir: string, kind: StudentKind, exercises: readonly ExerciseEntry[]): void {
  const solved = new Set(halfSolved(exercises).map((e) => e.id));
  exercises.forEach((e, i) => {
    mkdirSync(join(dir, e.id), { recursive: true });
    for (const f of e.files) {
      const solution = readFileSync(join(e.solutionDir!, f), "utf8");
      const path = join(dir, e.id, f);
      if (kind === "solved" || (kind === "half" && solved.has(e.id))) writeFileSync(path, solution);
      else if (kind !== "hostile") writeFileSync(path, stubFromSolution(solution, e.number));
      else if (i === 0) writeFileSync(path, "while (true) {}\nexport {};\n");
      else if (i === 1) symlinkSync(join(e.solutionDir!, f), path);
      else if (i === 2) writeFileSync(path, "export function (broken {\n");
      else writeFileSync(path, `JSON.stringify = () => "[]";\nObject.is = () => true;\nArray.prototype.every = () => true;\n${stubFromSolution(solution, e.number)}`);
    }
  });
}

const GIT_ID = ["-c", "user.name=Student", "-c", "user.email=student@example.invalid", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"];

/** Writes `students` into `dir` (which must exist), each in its form. */
export function writeClass(dir: string, students: readonly SyntheticStudent[], exercises: readonly ExerciseEntry[]): void {
  for (const s of students) {
    const folder = join(dir, s.form === "bundle" ? `.${s.id}.work` : s.id);
    writeExercises(s.form === "folder" ? folder : join(folder, "exercises"), s.kind, exercises);
    if (s.form === "folder") continue;
    const git = (...args: string[]): void => void execFileSync("git", [...GIT_ID, ...args], { cwd: folder, stdio: "ignore" });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-q", "-m", `${s.kind} work`);
    if (s.form === "bundle") {
      git("bundle", "create", "-q", join(dir, `${s.id}.bundle`), "HEAD", "main");
      rmSync(folder, { recursive: true, force: true });
    }
  }
}
