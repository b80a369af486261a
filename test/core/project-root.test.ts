/** lib/core/project-root.ts: the checkout a folder belongs to — the nearest package.json named aider-workbench. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findProjectRoot, PROJECT_PACKAGE_NAME } from "../../lib/core/project-root.js";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { tempDirs } from "../support/temp-dirs.js";

const tempDir = tempDirs();

describe("findProjectRoot", () => {
  it("finds this checkout from any folder inside it", () => {
    const root = join(__dirname, "..", "..");
    expect(findProjectRoot(join(root, "lib", "repomap", "scan"))).toBe(root);
    expect(findProjectRoot(root)).toBe(root);
  });

  it("walks past other packages and unreadable package.json files to the nearest one named aider-workbench", () => {
    const top = tempDir("wb-root-");
    writeFileSync(join(top, "package.json"), JSON.stringify({ name: PROJECT_PACKAGE_NAME }));
    mkdirSync(join(top, "a", "b", "c"), { recursive: true });
    writeFileSync(join(top, "a", "package.json"), JSON.stringify({ name: "something-else" }));
    writeFileSync(join(top, "a", "b", "package.json"), "{ not json");
    expect(findProjectRoot(join(top, "a", "b", "c"))).toBe(top);
  });

  it("names the folder it was given when it is outside any checkout", () => {
    const outside = tempDir("wb-outside-");
    expect(() => findProjectRoot(outside)).toThrow(WorkbenchInputError);
    expect(() => findProjectRoot(outside)).toThrow(`findProjectRoot: start must be inside the ${PROJECT_PACKAGE_NAME} checkout`);
  });
});
