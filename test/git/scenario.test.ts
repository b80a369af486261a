import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseScenario, WorkbenchInputError, type ScenarioReport } from "../../lib/index.js";
import { cli } from "../cli/run-cli.js";

const dir = "lib/git/scenarios";

describe("parseScenario — bad input names the field", () => {
  const cases: [string, unknown, RegExp][] = [
    ["not an object", [], /scenario: scenario must be an object/],
    ["an unknown key", { files: {}, edit: {} }, /scenario: scenario\.edit is not a known option/],
    ["edited and edits together", { edited: {}, edits: [] }, /edited cannot be given together with edits/],
    ["content not a string", { files: { "a.py": 1 } }, /files\["a\.py"\] must be a string \(the contents\)/],
    ["null outside dirty", { staged: { "a.py": null } }, /staged\["a\.py"\] must be a string/],
    ["an absolute path", { files: { "/abs/x": "" } }, /files\["\/abs\/x"\] is refused: absolute paths escape the sandbox/],
    ["a chat path with ..", { chat: ["a/../../b"] }, /chat\[0\] is refused: '\.\.' would escape the sandbox/],
    ["an edits block that is not a triple", { edits: [["a.py", "x"]] }, /edits\[0\] must be \[path, search, replace\]/],
    ["an edits path outside", { edits: [["../a.py", "x", "y"]] }, /edits\[0\]\[0\] is refused/],
    ["an unknown option", { options: { autoCommit: true } }, /options\.autoCommit is not a known option/],
    ["an unknown step", { steps: [{ do: "rebase" }] }, /steps\[0\]\.do must be one of turn, undo, commit, write, stage, push/],
    ["a turn step without edits", { steps: [{ do: "turn" }] }, /steps\[0\] needs edited or edits/],
    ["a step with an extra key", { steps: [{ do: "undo", hard: true }] }, /steps\[0\]\.hard is not a known option/],
  ];
  it.each(cases)("%s", (_n, input, message) => {
    expect(() => parseScenario(input)).toThrow(WorkbenchInputError);
    expect(() => parseScenario(input)).toThrow(message);
  });

  it("SEARCH/REPLACE triples become lib/editblock's edit blocks", () => {
    const sc = parseScenario({ edits: [["a.py", "x = 1\n", "x = 2\n"]] });
    expect(sc.steps).toEqual([{ do: "turn", chat: [], edits: { kind: "editblock", edits: [{ path: "a.py", search: "x = 1\n", replace: "x = 2\n" }] } }]);
  });
});

describe("workbench git-scenario", () => {
  it("prints the seed's example: plan, commits, state, agreement, and the refused /undo", async () => {
    const r = await cli("git-scenario", `${dir}/seed-example.json`);
    expect([r.code, r.err]).toEqual([0, ""]);
    const out = r.out;
    expect(out).toMatch(/commitPlan predicts .* for D = \{app\.py, notes\.md\}, E = \{app\.py, new\.py\}:/);
    expect(out).toMatch(/commit 1 [0-9a-f]{7}  dirty commit \(the user's changes\)\n\s+message:\s+Update app\.py\s+\[stand-in: a real Aider asks the model/);
    expect(out).toMatch(/files:\s+M app\.py \(\+1 -0\)\n/);
    expect(out).toMatch(/commit 2 [0-9a-f]{7}  Aider's edit/);
    expect(out).toMatch(/files:\s+M app\.py \(\+4 -0\), A new\.py \(\+3 -0\)/);
    expect(out).toContain("after the turn: modified notes.md · staged - · untracked -");
    expect(out).toContain("Plan vs git: they agree on every field");
    expect(out).toContain("[error] The file new.py was not in the repository in the previous commit. Cannot undo safely.");
  });

  it("--json prints the same report as one object, and the run is deterministic (fixed clock)", async () => {
    const a = await cli("git-scenario", `${dir}/seed-example.json`, "--json");
    const b = await cli("git-scenario", `${dir}/seed-example.json`, "--json");
    const report = JSON.parse(a.out) as ScenarioReport;
    expect(a.out).toBe(b.out);
    const turn = report.steps[0]!;
    expect(turn.do).toBe("turn");
    if (turn.do !== "turn") return;
    expect(turn.commits.map((c) => [c.role, c.files.map((f) => f.path)])).toEqual([
      ["dirty commit (the user's changes)", ["app.py"]],
      ["Aider's edit", ["app.py", "new.py"]],
    ]);
    expect(turn.after).toEqual({ staged: [], modified: ["notes.md"], untracked: [] });
    const text = (await cli("git-scenario", `${dir}/seed-example.json`)).out;
    for (const c of turn.commits) expect(text).toContain(`${c.sha}  ${c.role}`);
  });

  it("--diff shows the file-level limitation: both hunks in Aider's one commit", async () => {
    const r = await cli("git-scenario", `${dir}/file-level-hunks.json`, "--diff");
    expect(r.code).toBe(0);
    const aider = r.out.slice(r.out.indexOf("Aider's edit"), r.out.indexOf("after the turn"));
    expect(aider).toContain("| +import sys  # the user's hunk");
    expect(aider).toContain("| +    return 2  # Aider's hunk");
    expect(r.out).toMatch(/file-level: the Aider commit holds app\.py whole/);
  });

  it("reports the dry-run difference with its reason", async () => {
    const r = await cli("git-scenario", `${dir}/dry-run-dirty-commit.json`);
    expect(r.out).toMatch(/beforeEdit\s+plan - \| git app\.py\n\s+why: dry run: Aider's dirty_commit is not guarded by dry_run/);
  });

  it("every example scenario runs (the outside-the-sandbox one is refused)", async () => {
    for (const f of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
      const r = await cli("git-scenario", `${dir}/${f}`, "--json");
      if (f === "outside-sandbox.json") expect([f, r.code]).toEqual([f, 2]);
      else {
        expect([f, r.code, r.err]).toEqual([f, 0, ""]);
        expect((JSON.parse(r.out) as ScenarioReport).name).toBeTruthy();
      }
    }
  }, 120_000);

  it("usage mistakes: one line, exit 2", async () => {
    expect(await cli("git-scenario")).toMatchObject({ code: 2, err: "git-scenario: give exactly one scenario file (or - for stdin)\n" });
    expect(await cli("git-scenario", "nope.json")).toMatchObject({ code: 2, err: "git-scenario: cannot read nope.json (ENOENT)\n" });
    expect((await cli("git-scenario", "a", "--jsn")).err).toMatch(/^git-scenario: Unknown option '--jsn'.*\n$/);
    expect((await cli("--help")).out).toMatch(/git-scenario\s+run a git scenario in a sandbox repository/);
  });
});
