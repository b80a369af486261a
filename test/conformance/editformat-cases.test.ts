import { describe, expect, it } from "vitest";
import { PythonError } from "../../lib/core/pyerror.js";
import { DEFAULT_FENCE } from "../../lib/editblock/fence.js";
import { EditFormatValueError, type EditFormatCoder } from "../../lib/editformats/coder.js";
import {
  capture, coderContext, functionCase, outcome, readInputFence, recordError, runApplyUpdatesCase, runByFunction,
} from "../../lib/conformance/editformat-cases.js";
import { CaseReader, VectorFormatError } from "../../lib/conformance/format.js";
import type { CaseOutcome } from "../../lib/conformance/suite.js";

const reader = (raw: Record<string, unknown>) => new CaseReader("f-1", raw);

/** A toy format for the coder-level runner: each reply line is `path=content`; a line without "=" is a ValueError. */
const lineCoder: EditFormatCoder<[string, string]> = {
  name: "lines",
  getEdits: (reply) =>
    reply.split("\n").filter(Boolean).map((line) => {
      const at = line.indexOf("=");
      if (at < 0) throw new EditFormatValueError(`no "=" in ${line}`);
      return [line.slice(0, at), line.slice(at + 1)];
    }),
  applyEditsDryRun: (edits) => edits,
  pathOf: (e) => e[0],
  applyEdits: (edits, ctx) => edits.forEach(([p, text]) => ctx.files.writeText(p, `${text}\n`)),
};

const applyCase = (input: Record<string, unknown>, expected: Record<string, unknown>) =>
  reader({ function: "Coder.apply_updates (Lines)", input: { files: { "a.py": "old\n" }, chat_files: ["a.py"], ...input }, expected, error: null });

describe("recording Python exceptions as the vectors do", () => {
  it("recordError gives {type, message} of a Python error or an edit-format ValueError", () => {
    expect(recordError(new PythonError("IndexError", "list index out of range"))).toEqual({ type: "IndexError", message: "list index out of range" });
    expect(recordError(new EditFormatValueError("bad hunk"))).toEqual({ type: "ValueError", message: "bad hunk" });
    expect(recordError(new EditFormatValueError("Invalid patch", "DiffError"))).toEqual({ type: "DiffError", message: "Invalid patch" });
  });

  it("recordError re-throws anything else: a bug of ours is not an Aider result", () => {
    const bug = new TypeError("x is undefined");
    expect(() => recordError(bug)).toThrow(bug);
  });

  it("capture records {expected, error} of a call", () => {
    expect(capture(() => [1, 2])).toEqual({ expected: [1, 2], error: null });
    expect(capture(() => { throw new EditFormatValueError("no"); })).toEqual({ expected: null, error: { type: "ValueError", message: "no" } });
  });
});

describe("outcome and functionCase", () => {
  it("outcome passes on the same JSON and otherwise shows both sides", () => {
    expect(outcome("x", { a: [1] }, () => ({ a: [1] }))).toEqual({ id: "x", passed: true });
    expect(outcome("x", { a: [1] }, () => ({ a: [2] }))).toEqual({ id: "x", passed: false, expected: { a: [1] }, actual: { a: [2] } });
  });

  it("functionCase compares the value or the Python error with the case's expected and error", () => {
    const ok = reader({ expected: 3, error: null });
    expect(functionCase(ok, () => 1 + 2)).toEqual({ id: "f-1", passed: true });
    expect(functionCase(ok, () => 4)).toMatchObject({ passed: false, expected: { expected: 3, error: null }, actual: { expected: 4, error: null } });
    const raising = reader({ expected: null, error: { type: "ValueError", message: "bad" } });
    expect(functionCase(raising, () => { throw new EditFormatValueError("bad"); }).passed).toBe(true);
    expect(functionCase(raising, () => { throw new EditFormatValueError("worse"); })).toMatchObject({
      passed: false,
      actual: { expected: null, error: { type: "ValueError", message: "worse" } },
    });
  });

  it("functionCase needs both expected and error in the case", () => {
    expect(() => functionCase(reader({ expected: 1 }), () => 1)).toThrow('case f-1: field "error" is missing (expected any)');
  });
});

describe("readInputFence and coderContext", () => {
  it("the fence defaults to triple backticks and must otherwise be [open, close]", () => {
    expect(readInputFence(reader({ input: {} }))).toEqual(DEFAULT_FENCE);
    expect(readInputFence(reader({ input: { fence: ["<source>", "</source>"] } }))).toEqual(["<source>", "</source>"]);
    expect(() => readInputFence(reader({ input: { fence: ["```"] } }))).toThrow('case f-1: field "input.fence" must be [open, close]');
    expect(() => readInputFence(reader({ input: { fence: ["```", 1] } }))).toThrow(VectorFormatError);
  });

  it("a context holds a fresh project, the chat files by project key, dry_run and confirm from the input", () => {
    const ctx = coderContext(reader({ input: { dry_run: true, confirm: false } }), { "a.py": "x\n" }, ["./a.py"]);
    expect([...ctx.chatFiles]).toEqual(["a.py"]);
    expect(ctx.files.dryRun).toBe(true);
    expect(ctx.files.confirm("Create new file?", "b.py")).toBe(false);
    expect(ctx.shellCommands).toEqual([]);
    const plain = coderContext(reader({ input: {} }), {}, []);
    expect([plain.files.dryRun, plain.files.confirm("q", "p"), plain.fence]).toEqual([false, true, DEFAULT_FENCE]);
  });
});

describe("runApplyUpdatesCase", () => {
  it("compares only the fields the case records", async () => {
    expect((await runApplyUpdatesCase(applyCase({ partial_response_content: "a.py=new" }, { files_after: { "a.py": "new\n" } }), lineCoder))).toEqual({ id: "f-1", passed: true });
    expect((await runApplyUpdatesCase(applyCase({ partial_response_content: "a.py=new" }, { edited: ["a.py"], num_malformed_responses: 0 }), lineCoder)).passed).toBe(true);
  });

  it("a wrong recorded field fails, showing that field only", async () => {
    const o = (await runApplyUpdatesCase(applyCase({ partial_response_content: "a.py=new" }, { files_after: { "a.py": "old\n" } }), lineCoder));
    expect(o).toEqual({
      id: "f-1",
      passed: false,
      expected: { expected: { files_after: { "a.py": "old\n" } }, error: null },
      actual: { expected: { files_after: { "a.py": "new\n" } }, error: null },
    });
  });

  it("runs the input's dry_run and confirm: nothing written, a file outside the chat refused", async () => {
    const dry = applyCase({ partial_response_content: "a.py=new", dry_run: true }, { files_after: { "a.py": "old\n" }, edited: ["a.py"] });
    expect((await runApplyUpdatesCase(dry, lineCoder)).passed).toBe(true);
    const refused = applyCase({ partial_response_content: "b.py=new", confirm: false }, { edited: [], files_after: { "a.py": "old\n" } });
    expect((await runApplyUpdatesCase(refused, lineCoder)).passed).toBe(true);
  });

  it("a ValueError of the format is reflected and counted as a malformed response", async () => {
    const c = applyCase({ partial_response_content: "no equals sign" }, { reflected_message: 'no "=" in no equals sign', num_malformed_responses: 1 });
    expect((await runApplyUpdatesCase(c, lineCoder)).passed).toBe(true);
  });

  it("a missing or malformed input field is named as the case's, not raised as our own argument error", async () => {
    await expect(runApplyUpdatesCase(applyCase({}, {}), lineCoder)).rejects.toThrow('case f-1: field "input.partial_response_content" is missing');
    const badChat = applyCase({ partial_response_content: "a.py=new", chat_files: ["a.py", 3] }, {});
    await expect(runApplyUpdatesCase(badChat, lineCoder)).rejects.toThrow(VectorFormatError);
    await expect(runApplyUpdatesCase(badChat, lineCoder)).rejects.toThrow('case f-1: field "input.chat_files[1]" must be a string');
  });
});

describe("runByFunction", () => {
  const handlers: [(fn: string) => boolean, (c: CaseReader) => CaseOutcome][] = [
    [(f) => f === "double", (c) => functionCase(c, () => 2 * c.get<number>("input.n", "number"))],
    [(f) => f.startsWith("throws"), (c) => functionCase(c, () => { throw new RangeError(`not Python: ${c.id}`); })],
  ];
  const file = (...cases: Record<string, unknown>[]) => ({ cases });

  it("dispatches each case on its function and keeps the order", async () => {
    const outcomes = (await runByFunction(file({ id: "a", function: "double", input: { n: 2 }, expected: 4, error: null }, { id: "b", function: "double", input: { n: 2 }, expected: 5, error: null }), handlers));
    expect(outcomes.map((o) => [o.id, o.passed])).toEqual([["a", true], ["b", false]]);
  });

  it("an error that is not Aider's fails that case with its message and the run goes on", async () => {
    const outcomes = (await runByFunction(file({ id: "t", function: "throws here", expected: 1, error: null }, { id: "d", function: "double", input: { n: 1 }, expected: 2, error: null }), handlers));
    expect(outcomes[0]).toEqual({ id: "t", passed: false, expected: 1, actual: null, detail: "raised not Python: t" });
    expect(outcomes[1]!.passed).toBe(true);
  });

  it("an unknown function or a malformed case stops the run with a format error", async () => {
    await expect(runByFunction(file({ id: "u", function: "triple" }), handlers)).rejects.toThrow('case u: field "function" names no function this suite knows: "triple"');
    await expect(runByFunction(file({ id: "m", function: "double", input: {}, expected: 0, error: null }), handlers)).rejects.toThrow('case m: field "input.n" is missing');
    await expect(runByFunction(file({ id: "n" }), handlers)).rejects.toThrow('case n: field "function" is missing');
    await expect(runByFunction({ tests: [] }, handlers)).rejects.toThrow(VectorFormatError);
  });
});
