/**
 * lib/cli.ts: `runCli`'s dispatch, driven in-process — the main help, an unknown command, each command's --help,
 * and how an error a command raises becomes one line and its kind's exit status (or is left to the caller).
 */
import { describe, expect, it } from "vitest";
import { mainHelp, runCli } from "../lib/cli.js";
import { type CliIO } from "../lib/cli/command.js";
import { COMMANDS } from "../lib/cli/registry.js";
import { GradingError } from "../lib/core/errors.js";
import { cli } from "./cli/run-cli.js";

describe("mainHelp", () => {
  it("lists every registered command with its summary, names padded to one column", () => {
    const help = mainHelp();
    const width = Math.max(...COMMANDS.map((c) => c.name.length));
    for (const c of COMMANDS) expect(help).toContain(`\n  ${c.name.padEnd(width)}  ${c.summary}\n`);
    expect(help.indexOf("  teach")).toBeLessThan(help.indexOf("  grade ")); // the registry's order
    expect(help).toMatch(/^aider-workbench: .*\n\nUsage: npm run -s workbench -- <command> \[options\]\n/);
  });
});

describe("runCli", () => {
  it("--help, -h and help print the main help, exit 0; no command at all prints it and exits 2", async () => {
    for (const flag of ["--help", "-h", "help"]) {
      const r = await cli(flag);
      expect([r.code, r.out, r.err]).toEqual([0, mainHelp(), ""]);
    }
    const none = await cli();
    expect([none.code, none.out]).toEqual([2, mainHelp()]);
  });

  it("an unknown command is one line on stderr naming the commands, exit 2", async () => {
    const r = await cli("frobnicate");
    expect(r.code).toBe(2);
    expect(r.err).toBe(`workbench: unknown command "frobnicate" (commands: ${COMMANDS.map((c) => c.name).join(", ")})\n`);
    expect(r.out).toBe("");
  });

  it("every command has its own --help (also as -h, anywhere among its arguments), and runs nothing", async () => {
    for (const c of COMMANDS) {
      const r = await cli(c.name, "--help");
      expect(r.code, c.name).toBe(0);
      expect(r.out, c.name).toBe(c.usage.trimEnd() + "\n");
      expect(r.out, c.name).toMatch(/Usage:/);
    }
    expect((await cli("teach", "no-such-model", "-h")).out).toBe(COMMANDS.find((c) => c.name === "teach")!.usage.trimEnd() + "\n");
  });

  it("an error the workbench raises in a command is its message on one line and its kind's status", async () => {
    const bad = await cli("teach", "repo-map", "--exampel");
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^teach: Unknown option '--exampel'[^\n]* \(see: workbench teach --help\)\n$/);
    // a command whose output fails with a GradingError: exit 4, that error's message
    let err = "";
    const failing: CliIO = { stdout: () => { throw new GradingError("no report"); }, stderr: (t) => void (err += t), isTTY: false };
    expect(await runCli(["teach", "commit-plan", "--example"], failing)).toBe(4);
    expect(err).toBe("no report\n");
  });

  it("any other error is left to the caller (an internal error, printed with its stack by the entry point)", async () => {
    const broken: CliIO = { stdout: () => { throw new TypeError("boom"); }, stderr: () => {}, isTTY: false };
    await expect(runCli(["teach", "commit-plan", "--example"], broken)).rejects.toThrow(TypeError);
  });
});
