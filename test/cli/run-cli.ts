import { runCli } from "../../lib/cli.js";

/** Runs the CLI in-process and captures what it prints. */
export async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(argv, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false });
  return { code, out, err };
}

