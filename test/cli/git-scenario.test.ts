/**
 * lib/cli/git-scenario.ts: `workbench git-scenario` driven in-process — its arguments, bad scenario files as one
 * line (exit 2 through the dispatcher), and one real scenario run in a throw-away sandbox, as text and as JSON.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../lib/cli/command.js";
import { gitScenarioCommand } from "../../lib/cli/git-scenario.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const tempDir = tempDirs();
const SCENARIOS = join(__dirname, "..", "..", "lib", "git", "scenarios");

async function gitScenario(...args: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const code = await gitScenarioCommand.run(args, { stdout: (t) => void (out += t), stderr: () => undefined, isTTY: false });
  return { code, out };
}

describe("git-scenario: arguments", () => {
  it("takes exactly one scenario file", async () => {
    await expect(gitScenario()).rejects.toThrow(new UsageError("git-scenario: give exactly one scenario file (or - for stdin)"));
    await expect(gitScenario("a.json", "b.json")).rejects.toThrow("git-scenario: give exactly one scenario file (or - for stdin) (got 2)");
    await expect(gitScenario("x.json", "--patch")).rejects.toThrow(/--patch/);
  });

  it("says what is wrong with a file that cannot be read, is not JSON, or is not a scenario", async () => {
    const dir = tempDir("wb-git-scenario-");
    writeTree(dir, { "bad.json": "{ not json", "shape.json": JSON.stringify({ files: "a.py" }) });
    await expect(gitScenario(join(dir, "missing.json"))).rejects.toThrow(/^git-scenario: cannot read .*missing\.json \(ENOENT\)/);
    await expect(gitScenario(join(dir, "bad.json"))).rejects.toThrow(UsageError);
    await expect(gitScenario(join(dir, "shape.json"))).rejects.toThrow('scenario: files must be an object (got "a.py")');
  });
});

describe("git-scenario: a run", () => {
  it("prints the plan beside what git did, as text and, with --json, as one JSON report", async () => {
    const file = join(SCENARIOS, "seed-example.json");
    const text = await gitScenario(file);
    expect(text.code).toBe(0);
    expect(text.out).toContain("Scenario: The seed's example");
    expect(text.out).toContain("Committing app.py before applying edits.");
    const json = await gitScenario(file, "--json");
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out) as Record<string, unknown>;
    expect(typeof report).toBe("object");
    // the text is a rendering of the same report: every commit message in the JSON appears in it
    const messages = [...json.out.matchAll(/"message": "([^"\\]+)"/g)].map((m) => m[1]!);
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(text.out).toContain(m);
  }, 60_000);
});
