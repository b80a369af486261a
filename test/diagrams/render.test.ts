import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGRAM_STYLE, listDiagrams, mermaidCliVersion, renderDiagrams, sourceHash, staleDiagrams, stampFor } from "../../lib/diagrams/render.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const tempDir = tempDirs();
const ROOT = join(__dirname, "..", "..");
const SOURCE = "flowchart LR\n  A --> B\n";

/** A diagrams folder holding `files` (name → content). */
function folder(files: Record<string, string>): string {
  const dir = tempDir("wb-diagrams-");
  writeTree(dir, files);
  return dir;
}

describe("listDiagrams", () => {
  it("lists the .mmd sources by name, sorted, each with the SVG beside it", () => {
    const dir = folder({ "b.mmd": SOURCE, "a.mmd": SOURCE, "a.svg": "<svg/>", "notes.md": "x", "c.mmd.bak": "x" });
    expect(listDiagrams(dir)).toEqual([
      { name: "a", source: join(dir, "a.mmd"), svg: join(dir, "a.svg") },
      { name: "b", source: join(dir, "b.mmd"), svg: join(dir, "b.svg") },
    ]);
    expect(listDiagrams(folder({ "x.txt": "" }))).toEqual([]);
  });

  it("a folder that is not there, or a dir that is not a string, is one line naming dir", () => {
    const gone = join(tempDir("wb-diagrams-"), "missing");
    expect(() => listDiagrams(gone)).toThrow(`listDiagrams: dir must be a readable folder (ENOENT) (got "${gone}")`);
    expect(() => listDiagrams(undefined as unknown as string)).toThrow("listDiagrams: dir must be a string");
  });

  it("finds the repository's diagrams", () => {
    expect(listDiagrams(join(ROOT, "diagrams")).length).toBeGreaterThanOrEqual(7);
  });
});

describe("sourceHash and stampFor", () => {
  it("hashes the source and the style: SHA-256 of source, NUL, the style's JSON, first 16 hex digits", () => {
    const independent = createHash("sha256").update(`${SOURCE}\0${JSON.stringify(DIAGRAM_STYLE)}`).digest("hex").slice(0, 16);
    expect(sourceHash(SOURCE)).toBe(independent);
    expect(sourceHash(SOURCE)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("a one-character change of the source changes the hash", () => {
    expect(sourceHash(SOURCE)).not.toBe(sourceHash(SOURCE.replace("B", "C")));
    expect(sourceHash("")).not.toBe(sourceHash("\0"));
  });

  it("the style cannot be changed behind the hash's back", () => {
    expect(Object.isFrozen(DIAGRAM_STYLE)).toBe(true);
  });

  it("the stamp is one comment line naming the source, its hash and the renderer", () => {
    expect(stampFor("loop", SOURCE, "11.4.2")).toBe(`<!-- rendered from loop.mmd sha256:${sourceHash(SOURCE)} by npm run diagrams (mermaid-cli 11.4.2) -->\n`);
  });

  it("rejects arguments that are not strings, naming them", () => {
    expect(() => sourceHash(Buffer.from(SOURCE) as unknown as string)).toThrow(/^sourceHash: text must be a string/);
    expect(() => stampFor("loop", SOURCE, 11 as unknown as string)).toThrow("stampFor: mermaidCliVersion must be a string (got 11)");
    expect(() => stampFor(null as unknown as string, SOURCE, "1")).toThrow("stampFor: name must be a string (got null)");
  });
});

describe("staleDiagrams", () => {
  it("is empty when every SVG carries the stamp of its current source", () => {
    const dir = folder({ "a.mmd": SOURCE, "a.svg": `${stampFor("a", SOURCE, "1.0.0")}<svg/>\n` });
    expect(staleDiagrams(dir)).toEqual([]);
  });

  it("names a missing SVG, one without a stamp, one stamped for another diagram, and one from an older source", () => {
    const dir = folder({
      "a.mmd": SOURCE,
      "b.mmd": SOURCE,
      "b.svg": "<svg/>\n",
      "c.mmd": SOURCE,
      "c.svg": stampFor("a", SOURCE, "1.0.0"),
      "d.mmd": SOURCE,
      "d.svg": stampFor("d", `${SOURCE}  B --> C\n`, "1.0.0"),
      "e.mmd": SOURCE,
      "e.svg": `<svg/>\n${stampFor("e", SOURCE, "1.0.0")}`, // the stamp must be the first line
    });
    expect(staleDiagrams(dir)).toEqual([
      "a.svg is missing",
      "b.svg has no stamp naming b.mmd",
      "c.svg has no stamp naming c.mmd",
      "d.svg was rendered from an older d.mmd",
      "e.svg has no stamp naming e.mmd",
    ]);
  });

  it("editing a source after rendering makes its SVG stale", () => {
    const dir = folder({ "a.mmd": SOURCE, "a.svg": stampFor("a", SOURCE, "1.0.0") });
    writeFileSync(join(dir, "a.mmd"), SOURCE.replace("B", "C"));
    expect(staleDiagrams(dir)).toEqual(["a.svg was rendered from an older a.mmd"]);
  });

  it("every committed SVG was rendered from its current source", () => {
    expect(staleDiagrams(join(ROOT, "diagrams"))).toEqual([]);
  });
});

describe("mermaidCliVersion", () => {
  it("reads the installed mermaid-cli's version", () => {
    const root = folder({ "node_modules/@mermaid-js/mermaid-cli/package.json": JSON.stringify({ name: "@mermaid-js/mermaid-cli", version: "9.8.7" }) });
    expect(mermaidCliVersion(root)).toBe("9.8.7");
  });

  it("says to install it when it is missing or its package.json has no version", () => {
    const message = "mermaidCliVersion: root must have @mermaid-js/mermaid-cli installed (a devDependency: npm ci in the instructor's checkout; a student release has none)";
    expect(() => mermaidCliVersion(folder({}))).toThrow(message);
    expect(() => mermaidCliVersion(folder({ "node_modules/@mermaid-js/mermaid-cli/package.json": "{}" }))).toThrow(message);
    expect(() => mermaidCliVersion(folder({ "node_modules/@mermaid-js/mermaid-cli/package.json": "{" }))).toThrow(message);
  });
});

describe("renderDiagrams' arguments (rendering itself: test/system/diagrams.test.ts)", () => {
  it("are checked before mermaid or a browser is started", async () => {
    await expect(renderDiagrams(1 as unknown as string, [])).rejects.toThrow("renderDiagrams: root must be a string (got 1)");
    await expect(renderDiagrams(ROOT, "a.mmd" as never)).rejects.toThrow(/^renderDiagrams: diagrams must be an array/);
    await expect(renderDiagrams(ROOT, [], null as never)).rejects.toThrow(/^renderDiagrams: options must be an object/);
  });
});
