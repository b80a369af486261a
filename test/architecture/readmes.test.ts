/**
 * Every folder of lib has a README (CONTRIBUTING.md, "Layout and naming"), subfolders included: a reader who opens
 * any folder finds what it computes and where to start, in the repository itself. A README opens with a `# `
 * title and says something under it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const ROOT = join(__dirname, "..", "..");
const tempDir = tempDirs();

/** The folders under `root/lib` (lib itself included; no dist, no node_modules), `/`-separated, relative to root. */
function libFolders(root: string, dir = join(root, "lib")): string[] {
  const below = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== "dist" && e.name !== "node_modules")
    .flatMap((e) => libFolders(root, join(dir, e.name)));
  return [relative(root, dir).split(sep).join("/"), ...below];
}

/** What is wrong with the folders' READMEs: missing, no `# ` title on the first line, or nothing under it. */
export function readmeProblems(root: string): string[] {
  return libFolders(root).flatMap((folder) => {
    const file = join(root, folder, "README.md");
    if (!existsSync(file)) return [`${folder}: no README.md`];
    const [first = "", ...rest] = readFileSync(file, "utf8").split("\n");
    const title = first.startsWith("**English**") ? (rest.find((l) => l.trim() !== "") ?? "") : first;
    if (!title.startsWith("# ")) return [`${folder}/README.md: does not open with a "# " title`];
    return rest.join("\n").replace(title, "").trim().length < 80 ? [`${folder}/README.md: says almost nothing`] : [];
  });
}

describe("lib's folder READMEs", () => {
  it("every folder of lib, subfolders included, has a README with a title and a description", () => {
    expect(readmeProblems(ROOT)).toEqual([]);
  });

  it("names a folder without a README, a README without a title, and one that says almost nothing", () => {
    const root = tempDir("readmes-");
    writeTree(root, {
      "lib/README.md": `# lib\n\n${"What it is for. ".repeat(10)}\n`,
      "lib/a/README.md": "no title\n",
      "lib/a/deep/x.ts": "export const x = 1;\n",
      "lib/b/README.md": "# b\n\nshort\n",
      "lib/dist/y.js": "",
    });
    expect(readmeProblems(root)).toEqual([
      'lib/a/README.md: does not open with a "# " title',
      "lib/a/deep: no README.md",
      "lib/b/README.md: says almost nothing",
    ]);
  });
});
