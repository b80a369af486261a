import { describe, expect, it } from "vitest";
import { explore } from "../../lib/index.js";
import { cli } from "./run-cli.js";

describe("workbench explore", () => {
  it("without a law lists every law with its verdict", async () => {
    const r = await cli("explore");
    expect(r.code).toBe(0);
    const lines = r.out.trim().split("\n");
    expect(lines).toHaveLength(explore.EXPLORE_LAWS.length + explore.TOKEN_LAW_IDS.length);
    expect(r.out).toMatch(/^search-replace\/extra-indentation-agree +fails  teaching and Aider give the same text when SEARCH/m);
  });

  it("runs a law: the counterexample, the command that replays it, and the rows", async () => {
    const r = await cli("explore", "search-replace/aider-writes-only-whole-lines", "--seed", "1");
    expect(r.code).toBe(0);
    expect(r.out).toContain("REFUTED after");
    expect(r.out).toContain('why: Aider wrote "x = 1x = 10\\n"');
    const replay = /replay: workbench explore (\S+) --seed (\S+) --path (\S+)/.exec(r.out)!;
    const again = await cli("explore", replay[1]!, "--seed", replay[2]!, "--path", replay[3]!, "--json");
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ refuted: true, counterexample: { file: "x = 1\n", search: " x = 1\n", replace: "x = 10\n" } });
    expect(r.out).toContain('- what: "Aider: leading_whitespace" | text: "x = 1x = 10\\n"');
  });

  it("a law that holds exits 0 and says on how many inputs", async () => {
    const r = await cli("explore", "budget/strict-never-exceeds", "--seed", "3", "--runs", "20");
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toContain("held on 20 input(s); seed 3");
  });

  it("mistakes are one line and exit 2", async () => {
    const cases: [string[], RegExp][] = [
      [["nope"], /^explore: unknown law "nope" \(workbench explore lists them\)\n$/],
      [["parser/round-trip", "--runs", "0"], /^explore: --runs must be an integer from 1 to 1000000 \(got "0"\)\n$/],
      [["parser/round-trip", "--path", "1:2"], /^explore: --path needs --seed\n$/],
      [["parser/round-trip", "--seed", "1", "--path", "x"], /^explore: --path must be indices separated by ':' as a run printed it/],
      [["a", "b"], /^explore: unexpected argument "b"\n$/],
    ];
    for (const [args, message] of cases) {
      const r = await cli("explore", ...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});
