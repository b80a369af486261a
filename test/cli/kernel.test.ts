/**
 * lib/cli/kernel.ts: `workbench kernel` driven in-process — its arguments, the missing-Jupyter error, and what it
 * prints once the kernel is registered. Finding Python and tslab's installer are replaced here by fakes that say
 * what they found (they spawn processes; test/notebooks/ and test/system/ run them for real).
 */
import { join, resolve } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { detectJupyter, registerKernel } from "../../lib/notebooks/jupyter.js";
import { ensureLibBuilt } from "../../lib/notebooks/project.js";
import { cli } from "./run-cli.js";

vi.mock(import("../../lib/notebooks/jupyter.js"), async (original) => ({ ...(await original()), detectJupyter: vi.fn(), registerKernel: vi.fn() }));
vi.mock(import("../../lib/notebooks/project.js"), async (original) => ({ ...(await original()), ensureLibBuilt: vi.fn() }));

const ROOT = resolve(__dirname, "..", "..");
const detect = vi.mocked(detectJupyter);
const register = vi.mocked(registerKernel);
const build = vi.mocked(ensureLibBuilt);
const KERNEL_JSON = join(ROOT, ".jupyter", "share", "jupyter", "kernels", "tslab", "kernel.json");

beforeEach(() => {
  for (const m of [detect, register, build]) m.mockReset();
  detect.mockReturnValue({ python: "/usr/bin/python3", canExecute: true, canServe: false });
  register.mockReturnValue(KERNEL_JSON);
});

describe("kernel: usage", () => {
  it("takes no arguments and no options (one line, exit 2), before looking for Jupyter", async () => {
    const extra = await cli("kernel", "tslab");
    expect([extra.code, extra.err]).toEqual([2, 'kernel: takes no arguments (got "tslab"; see: workbench kernel --help)\n']);
    const flag = await cli("kernel", "--user");
    expect(flag.code).toBe(2);
    expect(flag.err).toMatch(/^kernel: Unknown option '--user'.* \(see: workbench kernel --help\)\n$/);
    expect(detect).not.toHaveBeenCalled();
  });

  it("without Jupyter: one line naming the Debian packages, exit 2, nothing registered", async () => {
    detect.mockReturnValue(null);
    const r = await cli("kernel");
    expect(r).toEqual({ code: 2, out: "", err: "kernel: needs Jupyter (jupyter_client); on Debian: sudo apt-get install jupyter-notebook python3-nbclient\n" });
    expect(register).not.toHaveBeenCalled();
  });
});

describe("kernel: registering", () => {
  it("builds lib if needed, registers with the Python found, and prints the kernel file and the project's JUPYTER_PATH", async () => {
    const saved = process.env.JUPYTER_PATH;
    process.env.JUPYTER_PATH = "/elsewhere";
    try {
      build.mockImplementation((_root, say) => say("lib's build is older than its sources: building"));
      const r = await cli("kernel");
      expect(r.code).toBe(0);
      expect(build.mock.calls[0]![0]).toBe(ROOT);
      expect(register.mock.calls[0]![1]).toEqual({ python: "/usr/bin/python3", canExecute: true, canServe: false });
      expect(r.err).toBe("kernel: lib's build is older than its sources: building\n");
      const path = join(ROOT, ".jupyter", "share", "jupyter"); // the project-local folder alone, not the shell's JUPYTER_PATH
      expect(r.out.split("\n").slice(0, 4)).toEqual([
        `Registered the TypeScript kernel: ${KERNEL_JSON}`,
        "",
        `Jupyter front ends find it with:  export JUPYTER_PATH=${path}`,
        `VS Code: start it from that shell (JUPYTER_PATH=${path} code .), open a notebook in notebooks/,`,
      ]);
    } finally {
      if (saved === undefined) delete process.env.JUPYTER_PATH;
      else process.env.JUPYTER_PATH = saved;
    }
  });
});
