/**
 * The files a packaged grader carries for its platform besides the workbench itself: the entry scripts each
 * platform runs, the container recipe, Classroom 50's `autograder.py`, PrairieLearn's question files and the
 * instructor's README. Each script starts the one command, `workbench autograde PLATFORM`, which does the work
 * (autograde.ts); nothing here decides a grade.
 */
import { escapeHtml } from "../../show/table.js";

/** The Node line the packaged grader installs and runs on (a maintained LTS line). */
export const GRADER_NODE = "22";

const NODE_NOTE = `# Node ${GRADER_NODE} comes from the npm registry's "node" package, installed beside the grader, so the
# platform's own (often older) Node only has to run npm once.`;

/** Gradescope's `setup.sh`: run once, as root, when Gradescope builds the autograder image (Ubuntu, network on). */
export function gradescopeSetup(): string {
  return `#!/usr/bin/env bash
# Gradescope runs this once while it builds the autograder's image (as root, with the network on).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends ca-certificates git bubblewrap nodejs npm
${NODE_NOTE}
cd /autograder/source
npm install --no-save --no-audit --no-fund --prefix /opt/workbench-node node@${GRADER_NODE}
export PATH="/opt/workbench-node/node_modules/.bin:$PATH"
npm ci --no-audit --no-fund
`;
}

/** Gradescope's `run_autograder`: grades /autograder/submission into /autograder/results/results.json. */
export function gradescopeRun(): string {
  return `#!/usr/bin/env bash
# Gradescope runs this for every submission, in /autograder. The grader never exits without writing
# /autograder/results/results.json (a submission it cannot grade gets 0 points and the reason).
set -uo pipefail
export PATH="/opt/workbench-node/node_modules/.bin:$PATH"
cd /autograder/source
exec node node_modules/tsx/dist/cli.mjs lib/cli.ts autograde gradescope --root "\${WORKBENCH_AUTOGRADER_ROOT:-/autograder}"
`;
}

/** The container PrairieLearn runs (and any platform that runs images): Debian, Node, git, bubblewrap, the grader. */
export function graderDockerfile(version: string): string {
  return `# The aider-workbench grader ${version} as a container image (PrairieLearn's external grader, or any platform
# that runs images). Build it beside this file where a registry is reachable:
#   docker build -t REGISTRY/aider-workbench-grader:${version} . && docker push REGISTRY/aider-workbench-grader:${version}
FROM node:${GRADER_NODE}-bookworm-slim
RUN apt-get update \\
 && apt-get install -y --no-install-recommends ca-certificates git bubblewrap \\
 && rm -rf /var/lib/apt/lists/*
COPY grader /grader
WORKDIR /grader
RUN npm ci --no-audit --no-fund && chmod 0755 /grader/run-prairielearn
`;
}

/** PrairieLearn's entrypoint inside the image: grades /grade/student into /grade/results/results.json. */
export function prairielearnRun(): string {
  return `#!/usr/bin/env bash
# PrairieLearn's external grader runs this inside the grader image (info.json: externalGradingOptions.entrypoint).
set -uo pipefail
cd "$(dirname "$0")"
exec node node_modules/tsx/dist/cli.mjs lib/cli.ts autograde prairielearn --root "\${WORKBENCH_AUTOGRADER_ROOT:-/grade}"
`;
}

/** Classroom 50's per-assignment `autograder.py`: installs the grader beside it once, then grades the checkout. */
export function classroom50Autograder(): string {
  return `#!/usr/bin/env python3
"""Classroom 50 autograder for the aider-workbench exercises.

The runner calls this with the student's checkout as the working directory. The grader that judges it is the
copy in grader/ beside this file (never the student's own copy of the graded tests). It writes ./result.json
(classroom50/result/v1) and exits 0 whenever it graded, whatever the score; a non-zero exit means the grader
itself could not run, and the runner records an error.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

GRADER = Path(__file__).resolve().parent / "grader"


def main() -> int:
    npm = shutil.which("npm")
    if npm is None:
        print("::error::npm not found: give the assignment a runtime with node ${GRADER_NODE}", file=sys.stderr)
        return 1
    if not (GRADER / "node_modules" / ".package-lock.json").exists():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=GRADER, check=True)
    node = shutil.which("node") or "node"
    command = [node, str(GRADER / "node_modules" / "tsx" / "dist" / "cli.mjs"), str(GRADER / "lib" / "cli.ts"),
               "autograde", "classroom50", "--root", os.getcwd()]
    return subprocess.run(command, cwd=GRADER, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
`;
}

/** The runtime block for the assignment's entry in Classroom 50's assignments.json. */
export function classroom50Runtime(): string {
  return JSON.stringify({ "runs-on": "ubuntu-latest", node: GRADER_NODE, apt: ["bubblewrap"] }, null, 2) + "\n";
}

/** PrairieLearn's `question.html` for one exercise: the file editor with the stub, and the grader's results. */
export function prairielearnQuestionHtml(title: string, file: string, stub: string): string {
  return `<pl-question-panel>
  <p>${escapeHtml(title)}: complete <code>${escapeHtml(file)}</code>. The task and hints are in the exercise's README
  of the workbench; your file is graded by the same tests as <code>workbench grade</code>.</p>
</pl-question-panel>

<pl-file-editor file-name="${escapeHtml(file)}" ace-mode="ace/mode/typescript">
${escapeHtml(stub)}</pl-file-editor>

<pl-submission-panel>
  <pl-external-grader-results></pl-external-grader-results>
  <pl-file-preview></pl-file-preview>
</pl-submission-panel>
`;
}
