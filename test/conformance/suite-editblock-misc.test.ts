import { describe, expect, it } from "vitest";
import { runSuite, VectorFormatError } from "../../lib/conformance/suite.js";
import { editblockMiscSuite } from "../../lib/conformance/suite-editblock-misc.js";
import { itPassesEveryCase, loadGolden, onlyFailure, type VectorCase } from "../support/golden.js";

const SUBLISTS = ["strip_filename", "find_filename", "strip_quoted_wrapping", "find_similar_lines", "apply_edits"] as const;
const load = () => loadGolden<Record<(typeof SUBLISTS)[number], VectorCase[]>>("editblock_misc");
// The copied file's cases per sub-list, so a suite that silently skips cases fails here.
const COUNTS = { strip_filename: 28, find_filename: 28, strip_quoted_wrapping: 13, find_similar_lines: 16, apply_edits: 9 };
const TOTAL = Object.values(COUNTS).reduce((a, b) => a + b, 0);

describe("suite editblock_misc on Aider's golden vectors (editblock_misc.json)", () => {
  it("the copied file's sub-lists hold the cases counted here", () => {
    const file = load();
    expect(Object.fromEntries(SUBLISTS.map((k) => [k, file[k].length]))).toEqual(COUNTS);
  });
  itPassesEveryCase(editblockMiscSuite, load, TOTAL, (f) => SUBLISTS.map((k) => f[k]));

  it("a case without an id is named by its sub-list and position", async () => {
    const report = await runSuite(editblockMiscSuite, load());
    expect(report.outcomes.slice(0, 2).map((o) => o.id)).toEqual(["strip_filename[0]", "strip_filename[1]"]);
  });

  for (const k of SUBLISTS) {
    it(`${k}: a wrong expectation fails that case alone, showing Aider's value and ours`, async () => {
      const file = load();
      const c = file[k][1]!;
      const id = typeof c.id === "string" ? c.id : `${k}[1]`;
      const real = c.expected;
      c.expected = k === "apply_edits" ? { ...(real as object), error: "corrupted" } : "corrupted";
      const o = onlyFailure(await runSuite(editblockMiscSuite, file), id);
      expect(o.expected).toEqual(c.expected);
      if (k === "apply_edits") expect(o).toMatchObject({ actual: { error: (real as { error: unknown }).error }, detail: "error differs" });
      else expect(o.actual).toEqual(real);
    });
  }

  it("an apply_edits crash is compared whichever way a vector records it", async () => {
    // Not an Aider vector: a failed edit on a missing file, where `aider/coders/editblock_coder.py` `apply_edits` says find_similar_lines raises.
    const base = { files_before: { "a.py": "a\n" }, chat_files: ["a.py"], edits: [["a.py", "a\n", "A\n"], ["gone.py", "x\n", "y\n"]], dry_run: false, fence: ["```", "```"] };
    const message = "AttributeError: 'NoneType' object has no attribute 'splitlines'";
    const asTopLevel = { ...base, id: "crash-1", expected_error: message };
    const asExpected = { ...base, id: "crash-2", expected: { return: null, error: message, files_after: { "a.py": "A\n" } } };
    const wrongFiles = { ...base, id: "crash-3", expected: { return: null, error: message, files_after: { "a.py": "a\n" } } };
    const report = await runSuite(editblockMiscSuite, { apply_edits: [asTopLevel, asExpected, wrongFiles] });
    expect(report.outcomes.map((o) => o.passed)).toEqual([true, true, false]);
    expect(report.outcomes[2]).toMatchObject({ actual: { files_after: { "a.py": "A\n" } }, detail: "files_after differs" });
  });

  it("a dry run's return is the edits as tuples, compared with the vector's", async () => {
    const c = { id: "dry", files_before: { "a.py": "a\n" }, chat_files: ["a.py"], edits: [["a.py", "a\n", "b\n"]], dry_run: true, fence: ["```", "```"] };
    const expected = { return: [["a.py", "a\n", "b\n"]], error: null, files_after: { "a.py": "a\n" } };
    expect((await runSuite(editblockMiscSuite, { apply_edits: [{ ...c, expected }] })).passed).toBe(1);
    const wrong = { ...expected, return: [["a.py", "a\n", "c\n"]] };
    expect((await runSuite(editblockMiscSuite, { apply_edits: [{ ...c, expected: wrong }] })).outcomes[0]).toMatchObject({ passed: false, detail: "return differs" });
  });

  it("a file with only some of the sub-lists runs those; none at all is malformed", async () => {
    const only = { apply_edits: load().apply_edits };
    expect((await runSuite(editblockMiscSuite, only)).passed).toBe(COUNTS.apply_edits);
    await expect(runSuite(editblockMiscSuite, { cases: [] })).rejects.toThrow(VectorFormatError);
    await expect(runSuite(editblockMiscSuite, null)).rejects.toThrow('case (file): field "strip_filename|find_filename|strip_quoted_wrapping|find_similar_lines|apply_edits" is missing');
  });

  it("a malformed case names the case and the field", async () => {
    const file = load();
    file.apply_edits[2]!.dry_run = "no";
    await expect(runSuite(editblockMiscSuite, file)).rejects.toThrow('case apply-02: field "dry_run" must be boolean (got string)');
    const fence = load();
    fence.strip_filename[3]!.fence = ["```"];
    await expect(runSuite(editblockMiscSuite, fence)).rejects.toThrow('case strip_filename[3]: field "fence" must hold 2 strings (got 1)');
    const ret = load();
    (ret.apply_edits[0]!.expected as Record<string, unknown>).return = [["a.py", "x"]];
    await expect(runSuite(editblockMiscSuite, ret)).rejects.toThrow('case apply-00: field "expected.return[0]" must be [path, search, replace] (three strings)');
  });
});
