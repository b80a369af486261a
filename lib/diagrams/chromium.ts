/**
 * Headless Chromium for the diagrams and the page tests: Debian's `chromium` driven by puppeteer-core (puppeteer
 * never downloads a browser here), launched with the flags in `diagrams/puppeteer-config.json` — the same file
 * `mmdc -p` takes, so the command line and the workbench start the browser the same way.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, LaunchOptions } from "puppeteer-core";

export const CHROMIUM_INSTALL_HINT = "sudo apt-get install chromium (Debian's package; puppeteer's own download is disabled)";

/** The launch options in diagrams/puppeteer-config.json; `$CHROMIUM_PATH` overrides its executablePath. */
export function chromiumLaunchOptions(root: string, env: NodeJS.ProcessEnv = process.env): LaunchOptions {
  const config = JSON.parse(readFileSync(join(root, "diagrams", "puppeteer-config.json"), "utf8")) as LaunchOptions;
  const executablePath = env.CHROMIUM_PATH || config.executablePath;
  return { ...config, executablePath, headless: true };
}

/** Why Chromium cannot be launched, or null when its executable is there. */
export function chromiumProblem(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const path = chromiumLaunchOptions(root, env).executablePath;
  return path && existsSync(path) ? null : `no Chromium at ${path ?? "(unset)"}: ${CHROMIUM_INSTALL_HINT}, or set CHROMIUM_PATH`;
}

/** Launches one headless browser; throws with the install hint when Chromium is missing. */
export async function launchChromium(root: string): Promise<Browser> {
  const problem = chromiumProblem(root);
  if (problem) throw new Error(problem);
  const puppeteer = (await import("puppeteer-core")).default;
  return puppeteer.launch(chromiumLaunchOptions(root));
}
