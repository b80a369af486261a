/**
 * `workbench kernel`: registers the tslab kernel project-locally (as `npm start` does) and says how Jupyter and
 * VS Code find it — for people who run their own Jupyter front end.
 */
import { detectJupyter, INSTALL_HINT, jupyterEnv, registerKernel } from "../notebooks/jupyter.js";
import { ensureLibBuilt, projectPaths } from "../notebooks/project.js";
import { parseCommandArgs, rejectPositionals, UsageError, type Command } from "./command.js";

export const kernelCommand: Command = {
  name: "kernel",
  summary: "register the TypeScript (tslab) kernel in .jupyter/ and print how Jupyter or VS Code finds it",
  usage: `Usage: workbench kernel

Registers the tslab kernel under .jupyter/share/jupyter/kernels/ (never globally; the generated
kernel.json holds this checkout's absolute paths, so it is not committed) with tslab's own installer,
and prints the JUPYTER_PATH under which Jupyter front ends find it. Needs Jupyter: ${INSTALL_HINT}.`,
  async run(args, io) {
    const { positionals } = parseCommandArgs("kernel", args, {});
    rejectPositionals("kernel", positionals);
    const jupyter = detectJupyter();
    if (!jupyter) throw new UsageError(`kernel: needs Jupyter (jupyter_client); on Debian: ${INSTALL_HINT}`);
    const paths = projectPaths();
    ensureLibBuilt(paths.root, (line) => io.stderr(`kernel: ${line}\n`));
    const file = registerKernel(paths, jupyter);
    const jupyterPath = jupyterEnv(paths, {}).JUPYTER_PATH!;
    io.stdout(`Registered the TypeScript kernel: ${file}\n\n`);
    io.stdout(`Jupyter front ends find it with:  export JUPYTER_PATH=${jupyterPath}\n`);
    io.stdout(`VS Code: start it from that shell (JUPYTER_PATH=${jupyterPath} code .), open a notebook in notebooks/,\n`);
    io.stdout(`and pick "TypeScript" under Select Kernel → Jupyter Kernel.\n`);
    return 0;
  },
};
