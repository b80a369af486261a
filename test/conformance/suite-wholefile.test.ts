import { describe, expect, it } from "vitest";
import { runSuite } from "../../lib/conformance/suite.js";
import { wholefileSuite } from "../../lib/conformance/suite-wholefile.js";
import { itCatchesEveryFunction, itPassesEveryCase, loadGolden, onlyFailure, type FunctionCase } from "../support/golden.js";

const load = () => loadGolden<{ cases: FunctionCase[] }>("wholefile");
const COUNT = 78;
const APPLY_EDITS = "WholeFileCoder.apply_edits(edits)";
const GET_EDITS = "WholeFileCoder.get_edits(mode='update')";

describe("suite wholefile on Aider's golden vectors (wholefile.json, `aider/coders/wholefile_coder.py`)", () => {
  itPassesEveryCase(wholefileSuite, load, COUNT, (f) => [f.cases]);
  itCatchesEveryFunction(wholefileSuite, load, 6);

  it("a wrong filename source fails that case alone, showing Aider's edits and ours", async () => {
    const file = load();
    const c = file.cases.find((x) => x.function === GET_EDITS && x.error === null && (x.expected as unknown[]).length > 0)!;
    const real = structuredClone(c.expected) as [string, string, string[]][];
    (c.expected as [string, string, string[]][])[0]![1] = real[0]![1] === "block" ? "saw" : "block";
    const o = onlyFailure(await runSuite(wholefileSuite, file), c.id);
    expect(o.expected).toEqual({ expected: c.expected, error: null });
    expect(o.actual).toEqual({ expected: real, error: null });
  });

  it("the chat files' order in a vector plays no part (Aider's are a set, read sorted)", async () => {
    const file = load();
    const reordered = file.cases.filter((x) => x.function === GET_EDITS && (x.input.chat_files as string[]).length > 1);
    expect(reordered.length).toBeGreaterThan(0);
    for (const c of reordered) (c.input.chat_files as string[]).reverse();
    expect((await runSuite(wholefileSuite, file)).failed).toBe(0);
  });

  it("a malformed hand-built edit names the case and the element", async () => {
    const file = load();
    const c = file.cases.find((x) => x.function === APPLY_EDITS)!;
    (c.input.edits as unknown[][])[0]![1] = "disk";
    await expect(runSuite(wholefileSuite, file)).rejects.toThrow(`case ${c.id}: field "input.edits[0]" must be [path, block|saw|chat, lines]`);
    const other = load();
    const d = other.cases.find((x) => x.function === APPLY_EDITS)!;
    (d.input.edits as unknown[][])[0]![2] = "x\n";
    await expect(runSuite(wholefileSuite, other)).rejects.toThrow(`case ${d.id}: field "input.edits.0.2" must be array (got string)`);
  });
});
