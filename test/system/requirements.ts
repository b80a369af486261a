/**
 * The tests under test/system/ need Debian packages (Jupyter, Chromium, the ssh client). Without them they FAIL
 * with this message — they are never skipped silently. `npm run test:quick` leaves the folder out, saying so.
 */
import { spawnSync } from "node:child_process";
import { chromiumProblem } from "../../lib/diagrams/chromium.js";
import { detectJupyter, INSTALL_HINT, type JupyterInstall } from "../../lib/notebooks/jupyter.js";

const QUICK = "(or run npm run test:quick, which leaves out test/system/)";

/** The Jupyter install, or an error saying what to install. */
export function requireJupyter(need: "execute" | "serve" = "execute"): JupyterInstall {
  const jupyter = detectJupyter();
  if (!jupyter || (need === "execute" ? !jupyter.canExecute : !jupyter.canServe)) {
    throw new Error(`this test needs Jupyter (${need === "execute" ? "nbclient" : "the Notebook server"}): ${INSTALL_HINT} ${QUICK}`);
  }
  return jupyter;
}

/** Throws saying what to install when Chromium is missing. */
export function requireChromium(root: string): void {
  const problem = chromiumProblem(root);
  if (problem) throw new Error(`this test needs Chromium: ${problem} ${QUICK}`);
}

/** Throws saying what to install when the ssh client (and its ssh-keygen) is missing. */
export function requireSsh(): void {
  const found = ["ssh", "ssh-keygen"].every((tool) => spawnSync(tool, ["-V"], { stdio: "ignore" }).error === undefined);
  if (!found) throw new Error(`this test needs the ssh client: sudo apt-get install openssh-client ${QUICK}`);
}
