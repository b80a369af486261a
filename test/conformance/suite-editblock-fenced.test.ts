import { describe, expect, it } from "vitest";
import { runSuite } from "../../lib/conformance/suite.js";
import { editblockFencedSuite } from "../../lib/conformance/suite-editblock-fenced.js";
import { itPassesEveryCase, loadGolden, onlyFailure, type VectorCase } from "../support/golden.js";

type FencedCase = VectorCase & { id: string; function: string; expected: Record<string, unknown>; error: unknown };
const load = () => loadGolden<{ cases: FencedCase[] }>("editblock_fenced");
const COUNT = 32;

describe("suite editblock_fenced on Aider's golden vectors (editblock_fenced.json)", () => {
  itPassesEveryCase(editblockFencedSuite, load, COUNT, (f) => [f.cases]);

  it("a wrong recorded file fails that case alone, showing Aider's files and ours", async () => {
    const file = load();
    const c = file.cases.find((x) => x.expected.files_after !== undefined)!;
    const real = c.expected.files_after;
    c.expected.files_after = { "a.py": "corrupted\n" };
    const o = onlyFailure(await runSuite(editblockFencedSuite, file), c.id);
    expect(o.expected).toMatchObject({ expected: { files_after: { "a.py": "corrupted\n" } } });
    expect(o.actual).toMatchObject({ expected: { files_after: real }, error: null });
  });

  it("a wrong io log is caught in every case that records one", async () => {
    const file = load();
    const touched = file.cases.filter((c) => "io" in c.expected);
    expect(touched.length).toBeGreaterThan(1);
    for (const c of touched) c.expected.io = [["output", "corrupted"]];
    const report = await runSuite(editblockFencedSuite, file);
    expect(report.outcomes.filter((o) => !o.passed).map((o) => o.id)).toEqual(touched.map((c) => c.id));
  });

  it("a case of another function, or without its reply, is a malformed file", async () => {
    const file = load();
    file.cases[0]!.function = "EditBlockFencedCoder.get_edits";
    await expect(runSuite(editblockFencedSuite, file)).rejects.toThrow(`case ${file.cases[0]!.id}: field "function" names no function this suite knows`);
    const other = load();
    delete (other.cases[1]!.input as Record<string, unknown>).partial_response_content;
    await expect(runSuite(editblockFencedSuite, other)).rejects.toThrow(`case ${other.cases[1]!.id}: field "input.partial_response_content" is missing`);
  });
});
