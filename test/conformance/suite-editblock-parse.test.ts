import { describe, expect, it } from "vitest";
import { runSuite } from "../../lib/conformance/suite.js";
import { editblockParseSuite } from "../../lib/conformance/suite-editblock-parse.js";
import { itPassesEveryCase, loadGolden, onlyFailure, type VectorCase } from "../support/golden.js";

type ParseCase = VectorCase & { id: string; expected: { edits: unknown[]; error: string | null } };
const load = () => loadGolden<{ cases: ParseCase[] }>("editblock_parse");
const COUNT = 80;

describe("suite editblock_parse on Aider's golden vectors (editblock_parse.json)", () => {
  itPassesEveryCase(editblockParseSuite, load, COUNT, (f) => [f.cases]);

  it("a wrong error text fails that case alone, showing Aider's, ours and the field", async () => {
    const file = load();
    const c = file.cases[0]!;
    const real = structuredClone(c.expected);
    c.expected.error = "corrupted";
    const o = onlyFailure(await runSuite(editblockParseSuite, file), c.id);
    expect(o).toMatchObject({ expected: { edits: real.edits, error: "corrupted" }, actual: real, detail: "error differs" });
  });

  it("a missing edit is caught as well as a wrong one", async () => {
    const file = load();
    const c = file.cases.find((x) => x.expected.edits.length > 0)!;
    const real = structuredClone(c.expected.edits);
    c.expected.edits.pop();
    const o = onlyFailure(await runSuite(editblockParseSuite, file), c.id);
    expect(o).toMatchObject({ actual: { edits: real }, detail: "edits differs" });
  });

  it("a malformed case names the case and the field", async () => {
    const file = load();
    file.cases[4]!.valid_fnames = "foo.py";
    await expect(runSuite(editblockParseSuite, file)).rejects.toThrow(`case ${file.cases[4]!.id}: field "valid_fnames" must be null or an array of strings`);
    const other = load();
    (other.cases[5]!.expected as Record<string, unknown>).edits = null;
    await expect(runSuite(editblockParseSuite, other)).rejects.toThrow(`case ${other.cases[5]!.id}: field "expected.edits" must be array (got null)`);
  });
});
