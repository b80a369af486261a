import { describe, expect, it } from "vitest";
import { runSuite } from "../../lib/conformance/suite.js";
import { udiffSuite } from "../../lib/conformance/suite-udiff.js";
import { itCatchesEveryFunction, itPassesEveryCase, loadGolden, onlyFailure, type FunctionCase } from "../support/golden.js";

const load = () => loadGolden<{ cases: FunctionCase[] }>("udiff");
const COUNT = 317; // the public cases of the copied file, so a suite that silently skips cases fails here
const APPLY_EDITS = "UnifiedDiffCoder.apply_edits(edits)";

describe("suite udiff on Aider's golden vectors (udiff.json, `aider/coders/udiff_coder.py`)", () => {
  itPassesEveryCase(udiffSuite, load, COUNT, (f) => [f.cases]);
  itCatchesEveryFunction(udiffSuite, load, 16);

  it("a wrong UnifiedDiffNoMatch text fails that case alone, showing Aider's text and ours", async () => {
    const file = load();
    const c = file.cases.find((x) => x.function === APPLY_EDITS && x.error !== null)!;
    const real = structuredClone(c.error);
    (c.error as { message: string }).message = "not what Aider said";
    const o = onlyFailure(await runSuite(udiffSuite, file), c.id);
    expect(o.expected).toMatchObject({ error: { type: "ValueError", message: "not what Aider said" } });
    expect(o.actual).toMatchObject({ expected: c.expected as object, error: real });
  });

  it("apply_edits compares the files left behind as well as the error", async () => {
    const file = load();
    const c = file.cases.find((x) => x.function === APPLY_EDITS && x.error === null)!;
    const expected = c.expected as { files_after: Record<string, string> };
    const real = expected.files_after;
    expected.files_after = { ...real, "a.py": "corrupted\n" };
    const o = onlyFailure(await runSuite(udiffSuite, file), c.id);
    expect(o.actual).toMatchObject({ expected: { files_after: real } });
  });

  it("a malformed edit names the case and the element", async () => {
    const file = load();
    const c = file.cases.find((x) => x.function === APPLY_EDITS)!;
    (c.input.edits as unknown[])[0] = ["a.py"];
    await expect(runSuite(udiffSuite, file)).rejects.toThrow(`case ${c.id}: field "input.edits[0]" must be [path or null, hunk lines]`);
    const other = load();
    const d = other.cases.find((x) => x.function === APPLY_EDITS)!;
    (d.input.edits as [string, unknown[]][])[0]![1] = [" ok\n", 7];
    await expect(runSuite(udiffSuite, other)).rejects.toThrow(`case ${d.id}: field "input.edits.0.1[1]" must be a string`);
  });

  it("a case missing an input field names it", async () => {
    const file = load();
    const c = file.cases.find((x) => x.function === "apply_hunk")!;
    delete c.input.hunk;
    await expect(runSuite(udiffSuite, file)).rejects.toThrow(`case ${c.id}: field "input.hunk" is missing`);
  });
});
