/**
 * The import policy each exercise declares (its graded test file's `exercise(…, { lib: [...] })`) is the one its
 * README tells the student ("## What you may import"), and the reference solution keeps to it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listExercises } from "../../lib/grader/catalog.js";
import { ROOT } from "./run-grade.js";

const declared = (testFile: string): string[] => {
  const m = /\{ lib: \[([^\]]*)\] \}\)/.exec(readFileSync(testFile, "utf8"));
  if (!m) throw new Error(`${testFile} declares no { lib: [...] }`);
  return [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!).sort();
};

describe("per-exercise import policy", () => {
  for (const e of listExercises(ROOT)) {
    it(`${e.id}: the README says what the graded tests allow, and the solution imports no more`, () => {
      const allowed = declared(e.testFile);
      const readme = readFileSync(e.readme, "utf8");
      const section = /## What you may import\n\n([^\n]*)/.exec(readme)?.[1] ?? "";
      const listed = section.includes("no lib values") ? [] : [...section.split(", and any of its types")[0]!.split(": ").slice(1).join(": ").matchAll(/`([^`]+)`/g)].map((x) => x[1]!);
      expect(listed.sort(), `${e.id}/README.md "What you may import"`).toEqual(allowed);
      for (const f of e.files) {
        const source = readFileSync(join(e.solutionDir!, f), "utf8");
        const values = [...source.matchAll(/^import \{([^}]*)\} from "@aider-workbench\/lib";/gm)].flatMap((m) => m[1]!.split(",").map((s) => s.trim()).filter((s) => s && !s.startsWith("type ")));
        expect(values.filter((v) => !allowed.includes(v)), `${e.id}/${f} imports beyond its policy`).toEqual([]);
      }
    });
  }
});
