import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli } from "./run-cli.js";
import { COMMANDS } from "../../lib/cli/registry.js";

describe("workbench CLI", () => {
  it("--help lists every registered command", async () => {
    const r = await cli("--help");
    expect(r.code).toBe(0);
    for (const c of COMMANDS) expect(r.out).toContain(`  ${c.name}`);
  });

  it("an unknown command is one line on stderr and exit 2", async () => {
    const r = await cli("frobnicate");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown command "frobnicate"/);
    expect(r.err.trim().split("\n")).toHaveLength(1);
  });

  it("every command has its own --help", async () => {
    for (const c of COMMANDS) {
      const r = await cli(c.name, "--help");
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/Usage:/);
    }
  });

  it("teach runs the seed's worked example", async () => {
    const r = await cli("teach", "commit-plan", "--example");
    expect(r.code).toBe(0);
    expect(r.out).toContain('"beforeEdit": [\n    "app.py"\n  ]');
  });

  it("teach reports bad input as one line naming the parameter, exit 2", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "wb-cli-")), "in.json");
    writeFileSync(file, JSON.stringify({ text: "a", search: "  ", replacement: "b" }));
    const r = await cli("teach", "search-replace", file);
    expect(r.code).toBe(2);
    expect(r.err).toBe('teach: bad input: teachingSearchReplace: search must contain a non-blank line (got "  ")\n');
  });

  it("teach rejects a misspelt key of the input, as the page's Python rejects an unexpected keyword", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "wb-cli-")), "in.json");
    writeFileSync(file, JSON.stringify({ text: "a\n", search: "a\n", replace: "b\n" }));
    const r = await cli("teach", "search-replace", file);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^teach: bad input: teachingSearchReplace: input\.replace is not a known option \(known: text, search, replacement\)/);
    expect(r.err.trim().split("\n")).toHaveLength(1);
  });

  it("a file that is not JSON is one line naming the file, even when the parser quotes a newline", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "wb-cli-")), "in.json");
    writeFileSync(file, "not json\n");
    const r = await cli("teach", "commit-plan", file);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^teach: .*in\.json is not valid JSON: /);
    expect(r.err.trim().split("\n")).toHaveLength(1);
  });

  it("teach rejects a misspelt flag without a stack trace", async () => {
    const r = await cli("teach", "repo-map", "--exampel");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/teach: Unknown option '--exampel'/);
  });
});
