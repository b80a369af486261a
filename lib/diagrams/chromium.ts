/**
 * Headless Chromium for the diagrams and the page tests: Debian's `chromium` driven by puppeteer-core (puppeteer
 * never downloads a browser here), launched with the flags in `diagrams/puppeteer-config.json` — the same file
 * `mmdc -p` takes, so the command line and the workbench start the browser the same way.
 */
import { accessSync, constants, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser, LaunchOptions } from "puppeteer-core";
import { WorkbenchInputError } from "../core/errors.js";
import { requireRecord, requireString } from "../core/validate.js";

export const CHROMIUM_INSTALL_HINT = "sudo apt-get install chromium (Debian's package; puppeteer's own download is disabled)";

const CONFIG = "diagrams/puppeteer-config.json";

/** `root`'s diagrams/puppeteer-config.json: a JSON object whose executablePath, if any, is a string. */
function readConfig(root: string): LaunchOptions {
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(join(root, CONFIG), "utf8"));
  } catch (err) {
    throw new WorkbenchInputError("chromiumLaunchOptions", "root", `must hold a readable JSON ${CONFIG} (${(err as Error).message})`, root);
  }
  if (typeof config !== "object" || config === null || Array.isArray(config)) {
    throw new WorkbenchInputError("chromiumLaunchOptions", "root", `must hold a ${CONFIG} that is a JSON object`, root);
  }
  const path = (config as { executablePath?: unknown }).executablePath;
  if (path !== undefined && typeof path !== "string") throw new WorkbenchInputError("chromiumLaunchOptions", `${CONFIG} executablePath`, "must be a string", path);
  return config as LaunchOptions;
}

/** The launch options in diagrams/puppeteer-config.json; `$CHROMIUM_PATH` overrides its executablePath. */
export function chromiumLaunchOptions(root: string, env: NodeJS.ProcessEnv = process.env): LaunchOptions {
  requireString("chromiumLaunchOptions", "root", root);
  requireRecord("chromiumLaunchOptions", "env", env);
  const config = readConfig(root);
  const executablePath = env.CHROMIUM_PATH || config.executablePath;
  return { ...config, executablePath, headless: true };
}

/** A file this process may execute (not a folder, not a plain data file). */
function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Why Chromium cannot be launched, or null when its executable is there. */
export function chromiumProblem(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const path = chromiumLaunchOptions(root, env).executablePath;
  return path && isExecutableFile(path) ? null : `no Chromium at ${path || "(unset)"}: ${CHROMIUM_INSTALL_HINT}, or set CHROMIUM_PATH`;
}

/** Launches one headless browser; throws with the install hint when Chromium is missing. */
export async function launchChromium(root: string): Promise<Browser> {
  const problem = chromiumProblem(root);
  if (problem) throw new Error(problem);
  const puppeteer = (await import("puppeteer-core")).default;
  return puppeteer.launch(chromiumLaunchOptions(root));
}
