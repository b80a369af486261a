/**
 * The workbench checkout a folder belongs to: the nearest folder up whose package.json is named `aider-workbench`.
 * Lib modules cannot use `import.meta` (notebooks `require` lib's build), so tools find the project from a folder.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { WorkbenchInputError } from "./errors.js";

/** The root package's name; the root is the nearest folder up whose package.json has it. */
export const PROJECT_PACKAGE_NAME = "aider-workbench";

/** Walks up from `start` to the workbench's root; throws when `start` is not inside the project. */
export function findProjectRoot(start: string = process.cwd()): string {
  let dir = resolve(start);
  for (;;) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, "utf8")) as { name?: unknown }).name === PROJECT_PACKAGE_NAME) return dir;
      } catch {
        /* an unreadable package.json is not ours: keep walking */
      }
    }
    const up = dirname(dir);
    if (up === dir) {
      throw new WorkbenchInputError("findProjectRoot", "start", `must be inside the ${PROJECT_PACKAGE_NAME} checkout`, start);
    }
    dir = up;
  }
}
