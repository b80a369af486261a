import { describe, expect, it } from "vitest";
import { runSuite } from "../../lib/conformance/suite.js";
import { editblockReplaceSuite, stageLabel } from "../../lib/conformance/suite-editblock-replace.js";
import { itPassesEveryCase, loadGolden, onlyFailure, type VectorCase } from "../support/golden.js";

const load = () => loadGolden<{ cases: VectorCase[] }>("editblock_replace");
const COUNT = 185; // the copied file's cases, so a suite that silently skips cases fails here

describe("stageLabel: the vectors' `stage` for a replace outcome", () => {
  it("is the step that produced a result", () => {
    expect(stageLabel({ result: "x\n", stage: "skip_leading_blank+perfect" })).toBe("skip_leading_blank+perfect");
  });

  it("records the swallowed try_dotdotdots ValueError, even an empty one; plain none otherwise", () => {
    expect(stageLabel({ result: null, stage: "none", dotsError: "Unpaired ... in SEARCH/REPLACE block" })).toBe("none(dotdotdots ValueError: Unpaired ... in SEARCH/REPLACE block)");
    expect(stageLabel({ result: null, stage: "none", dotsError: "" })).toBe("none(dotdotdots ValueError: )");
    expect(stageLabel({ result: null, stage: "none", dotsError: null })).toBe("none");
  });
});

describe("suite editblock_replace on Aider's golden vectors (editblock_replace.json)", () => {
  itPassesEveryCase(editblockReplaceSuite, load, COUNT, (f) => [f.cases]);

  it("a wrong expected result fails that case alone, showing Aider's value, ours and the field", async () => {
    const file = load();
    const c = file.cases[0]!;
    const real = { result: c.expected, stage: c.stage };
    c.expected = "not what Aider returned\n";
    const o = onlyFailure(await runSuite(editblockReplaceSuite, file), c.id as string);
    expect(o).toMatchObject({ expected: { result: "not what Aider returned\n", stage: real.stage }, actual: real, detail: "result differs" });
  });

  it("a wrong stage fails too, also for a swallowed dotdotdots error", async () => {
    const file = load();
    const c = file.cases.find((x) => String(x.stage).startsWith("none(dotdotdots ValueError: Un"))!;
    const real = c.stage;
    c.stage = "none";
    const o = onlyFailure(await runSuite(editblockReplaceSuite, file), c.id as string);
    expect(o).toMatchObject({ actual: { result: null, stage: real }, detail: "stage differs" });
  });

  it("a case missing a field, or with one of the wrong type, names the case and the field", async () => {
    const file = load();
    delete file.cases[1]!.part;
    await expect(runSuite(editblockReplaceSuite, file)).rejects.toThrow(`case ${file.cases[1]!.id}: field "part" is missing (expected string)`);
    const other = load();
    other.cases[2]!.expected = 3;
    await expect(runSuite(editblockReplaceSuite, other)).rejects.toThrow(`case ${other.cases[2]!.id}: field "expected" must be string|null (got number)`);
  });
});
