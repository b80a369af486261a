import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { CHROMIUM_INSTALL_HINT, chromiumLaunchOptions, chromiumProblem, launchChromium } from "../../lib/diagrams/chromium.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const tempDir = tempDirs();
const ROOT = join(__dirname, "..", "..");

/** A project root whose diagrams/puppeteer-config.json holds `config` (written as is when a string). */
function rootWith(config: unknown): string {
  const root = tempDir("wb-chromium-");
  writeTree(root, { "diagrams/puppeteer-config.json": typeof config === "string" ? config : JSON.stringify(config) });
  return root;
}

/** An executable file standing in for the browser (never run). */
function fakeBrowser(): string {
  const path = join(tempDir("wb-fake-chromium-"), "chromium");
  writeFileSync(path, "#!/bin/sh\nexit 1\n");
  chmodSync(path, 0o755);
  return path;
}

afterEach(() => vi.unstubAllEnvs());

describe("chromiumLaunchOptions", () => {
  it("reads the config's flags and path and always launches headless", () => {
    const root = rootWith({ executablePath: "/opt/chromium", args: ["--no-first-run"], headless: false });
    expect(chromiumLaunchOptions(root, {})).toEqual({ executablePath: "/opt/chromium", args: ["--no-first-run"], headless: true });
  });

  it("$CHROMIUM_PATH overrides the config's path; an empty one does not", () => {
    const root = rootWith({ executablePath: "/opt/chromium" });
    expect(chromiumLaunchOptions(root, { CHROMIUM_PATH: "/elsewhere/chrome" }).executablePath).toBe("/elsewhere/chrome");
    expect(chromiumLaunchOptions(root, { CHROMIUM_PATH: "" }).executablePath).toBe("/opt/chromium");
    expect(chromiumLaunchOptions(rootWith({}), {}).executablePath).toBeUndefined();
  });

  it("the repository's own config is the one mmdc is given, naming Debian's chromium", () => {
    expect(chromiumLaunchOptions(ROOT, {})).toMatchObject({ executablePath: "/usr/bin/chromium", headless: true });
  });

  it("a missing, unparsable or non-object config is one line naming root and the file", () => {
    const missing = tempDir("wb-chromium-empty-");
    expect(() => chromiumLaunchOptions(missing, {})).toThrow(WorkbenchInputError);
    expect(() => chromiumLaunchOptions(missing, {})).toThrow(/^chromiumLaunchOptions: root must hold a readable JSON diagrams\/puppeteer-config\.json \(ENOENT/);
    expect(() => chromiumLaunchOptions(rootWith("{ executablePath: "), {})).toThrow(/root must hold a readable JSON diagrams\/puppeteer-config\.json \(.*JSON/);
    expect(() => chromiumLaunchOptions(rootWith(["--headless"]), {})).toThrow("chromiumLaunchOptions: root must hold a diagrams/puppeteer-config.json that is a JSON object");
    expect(() => chromiumLaunchOptions(rootWith({ executablePath: 7 }), {})).toThrow("chromiumLaunchOptions: diagrams/puppeteer-config.json executablePath must be a string (got 7)");
  });

  it("rejects a root or env of the wrong type, naming it", () => {
    expect(() => chromiumLaunchOptions(3 as unknown as string, {})).toThrow("chromiumLaunchOptions: root must be a string (got 3)");
    expect(() => chromiumLaunchOptions(ROOT, null as unknown as NodeJS.ProcessEnv)).toThrow(/chromiumLaunchOptions: env must be an object/);
  });
});

describe("chromiumProblem", () => {
  it("is null when the path is an executable file", () => {
    expect(chromiumProblem(rootWith({ executablePath: fakeBrowser() }), {})).toBeNull();
    expect(chromiumProblem(rootWith({ executablePath: "/nowhere" }), { CHROMIUM_PATH: fakeBrowser() })).toBeNull();
  });

  it("names the path and says what to install when it is missing, a folder or not executable", () => {
    const folder = tempDir("wb-chromium-dir-");
    const plain = join(tempDir("wb-chromium-plain-"), "chromium");
    writeFileSync(plain, "not a browser");
    for (const path of ["/nowhere/chromium", folder, plain]) {
      expect(chromiumProblem(rootWith({ executablePath: path }), {})).toBe(`no Chromium at ${path}: ${CHROMIUM_INSTALL_HINT}, or set CHROMIUM_PATH`);
    }
  });

  it("says (unset) when neither the config nor $CHROMIUM_PATH names a browser", () => {
    expect(chromiumProblem(rootWith({ args: [] }), { CHROMIUM_PATH: "" })).toMatch(/^no Chromium at \(unset\): sudo apt-get install chromium/);
  });
});

describe("launchChromium without a browser", () => {
  it("throws the install hint before trying to launch anything", async () => {
    vi.stubEnv("CHROMIUM_PATH", "");
    const root = rootWith({ executablePath: "/nowhere/chromium" });
    await expect(launchChromium(root)).rejects.toThrow(`no Chromium at /nowhere/chromium: ${CHROMIUM_INSTALL_HINT}, or set CHROMIUM_PATH`);
  });
});
