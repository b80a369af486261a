import { describe, expect, it } from "vitest";
import { runSuite, VectorFormatError } from "../../lib/conformance/suite.js";
import { patchSuite } from "../../lib/conformance/suite-patch.js";
import { itCatchesEveryFunction, itPassesEveryCase, loadGolden, onlyFailure, type FunctionCase } from "../support/golden.js";

const load = () => loadGolden<{ cases: FunctionCase[] }>("patch");
const COUNT = 182;
const APPLY_EDITS = "PatchCoder.apply_edits(edits)";

describe("suite patch on Aider's golden vectors (patch.json, `aider/coders/patch_coder.py`)", () => {
  itPassesEveryCase(patchSuite, load, COUNT, (f) => [f.cases]);
  itCatchesEveryFunction(patchSuite, load, 9);

  it("a wrong io log of apply_edits fails that case alone, showing Aider's log and ours", async () => {
    const file = load();
    const c = file.cases.find((x) => x.function === APPLY_EDITS)!;
    const expected = c.expected as { io: unknown[] };
    const real = expected.io;
    expected.io = [...real, ["output", "an extra line"]];
    const o = onlyFailure(await runSuite(patchSuite, file), c.id);
    expect(o.expected).toMatchObject({ expected: { io: expected.io } });
    expect(o.actual).toMatchObject({ expected: { io: real }, error: null });
  });

  it("a hand-built action of an unknown type names the case and the field", async () => {
    const file = load();
    const c = file.cases.find((x) => x.function === APPLY_EDITS)!;
    (c.input.edits as Record<string, unknown>[])[0]!.type = "Rename";
    await expect(runSuite(patchSuite, file)).rejects.toThrow(`case ${c.id}: field "input.edits.0.type" must be Add, Delete or Update`);
  });

  it("a hand-built chunk without its orig_index names the field", async () => {
    const file = load();
    const c = file.cases.find((x) => x.function.startsWith("PatchCoder._apply_update("))!;
    delete (c.input.chunks as Record<string, unknown>[])[0]!.orig_index;
    await expect(runSuite(patchSuite, file)).rejects.toThrow(`case ${c.id}: field "input.chunks.0.orig_index" is missing (expected number)`);
  });

  it("an unknown function name is a malformed file, not a failure", async () => {
    const file = load();
    file.cases[0]!.function = "PatchCoder.something_else";
    await expect(runSuite(patchSuite, file)).rejects.toThrow(VectorFormatError);
    await expect(runSuite(patchSuite, file)).rejects.toThrow(`case ${file.cases[0]!.id}: field "function" names no function this suite knows: "PatchCoder.something_else"`);
  });
});
