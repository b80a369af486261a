/**
 * lib/cli/loop-model.ts: which model `workbench loop`'s flags choose (chooseModel, with the environment passed in:
 * nothing here reaches a server), the live view on stderr, writing a recording, and checking a replay's session.
 * Real runs over the stand-in server, recorded and replayed: test/loop/recording.test.ts.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError, type CliIO } from "../../lib/cli/command.js";
import { checkReplaySession, chooseModel, type ModelFlags } from "../../lib/cli/loop-model.js";
import { OpenAIChatModel } from "../../lib/loop/openai-client.js";
import { checkRecording } from "../../lib/loop/recording-format.js";
import { RecordingModel, ReplayModel } from "../../lib/loop/recording.js";
import type { LoopEvent } from "../../lib/loop/trace.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";
import { cli } from "./run-cli.js";

const tempDir = tempDirs();
const RECORDING = resolve(__dirname, "..", "..", "lib", "loop", "recordings", "stand-in-run.json");
const ENV = { OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_API_KEY: "sk-test-key-1234" };

function capture(): { io: CliIO; err: () => string } {
  let err = "";
  return { io: { stdout: () => {}, stderr: (t) => void (err += t), isTTY: false }, err: () => err };
}
const choose = (flags: ModelFlags, env: Record<string, string> = ENV) => chooseModel(flags, capture().io, env);
const event = (seq: number, kind: LoopEvent["kind"], ok: boolean | null, summary: string): LoopEvent => ({ seq, round: 0, kind, owner: "x", ok, errorClass: null, summary, detail: null });

describe("chooseModel: the scripted replies", () => {
  it("without flags: no model, no header, nothing to save, no live view — and the environment is not read", () => {
    expect(choose({}, { OPENAI_BASE_URL: "not a url" })).toEqual({ model: null, header: null, recordedSession: undefined, save: null, live: { onEvent: null, onChunk: null } });
  });

  it("the real model's own flags need --model", () => {
    for (const flags of [{ "no-stream": true }, { "max-tokens": "5" }, { "time-limit": "9" }]) {
      expect(() => choose(flags), JSON.stringify(flags)).toThrow(new UsageError("loop: --no-stream, --max-tokens and --time-limit need --model openai:NAME"));
    }
    expect(() => choose({ record: "run.json" })).toThrow("loop: --record keeps a real model's run: give --model openai:NAME too");
  });
});

describe("chooseModel: --model openai:NAME", () => {
  it("an OpenAI-compatible client from the environment, streamed unless --no-stream, with a live view", () => {
    const chosen = choose({ model: "openai:m1" });
    expect(chosen.model).toBeInstanceOf(OpenAIChatModel);
    const client = chosen.model as OpenAIChatModel;
    expect(chosen.header).toBe(`model: ${client.name} at ${client.server} (streamed)`);
    expect(client.server).toContain("127.0.0.1:9");
    expect(chosen.save).toBeNull();
    expect(chosen.live.onEvent).toBeTypeOf("function");
    const plain = choose({ model: "openai:m1", "no-stream": true, "max-tokens": "64", "time-limit": "2.5" }).model as OpenAIChatModel;
    expect(plain.options).toMatchObject({ stream: false, maxTokens: 64, totalSeconds: 2.5 });
  });

  it("--max-tokens a positive whole number, --time-limit a positive number", () => {
    for (const v of ["0", "-1", "abc", "Infinity", ""]) {
      expect(() => choose({ model: "openai:m", "max-tokens": v }), v).toThrow(`loop: --max-tokens must be a positive number (got "${v}")`);
    }
    expect(() => choose({ model: "openai:m", "max-tokens": "1.5" })).toThrow('loop: --max-tokens must be a whole number (got "1.5")');
    expect(() => choose({ model: "openai:m", "time-limit": "0" })).toThrow('loop: --time-limit must be a positive number (got "0")');
  });

  it("bad configuration is a UsageError with the configuration's own message", () => {
    expect(() => choose({ model: "openai:m" }, {})).toThrow(/^loop: no API key: set OPENAI_API_KEY/);
    expect(() => choose({ model: "gpt-4" })).toThrow(/^loop: --model must be openai:NAME/);
    expect(() => choose({ model: "openai:m" }, { ...ENV, OPENAI_BASE_URL: "ftp://h" })).toThrow(UsageError);
  });

  it("--record: a recording model, its folder checked first; save writes the recording, never one holding the key", () => {
    const dir = tempDir("wb-rec-");
    expect(() => choose({ model: "openai:m", record: join(dir, "no", "run.json") })).toThrow(new UsageError(`loop: --record ${join(dir, "no", "run.json")} must be in a folder that exists (${join(dir, "no")} does not)`));
    const { io, err } = capture();
    const file = join(dir, "run.json");
    const chosen = chooseModel({ model: "openai:m", record: file }, io, { ...ENV, WORKBENCH_RECORDING_NOTE: "a note" });
    expect(chosen.model).toBeInstanceOf(RecordingModel);
    chosen.save!({ message: "hi" });
    const written = checkRecording(JSON.parse(readFileSync(file, "utf8")));
    expect(written).toMatchObject({ model: "openai:m", note: "a note", session: { message: "hi" }, calls: [] });
    expect(err()).toBe(`loop: recorded 0 model calls to ${file}\n`);
    expect(() => chosen.save!({ message: `the key is ${ENV.OPENAI_API_KEY}` })).toThrow("loop: refusing to write a recording that holds the API key");
  });
});

describe("chooseModel: --replay", () => {
  it("plays the recording back offline; the header names its model, calls, server and time", () => {
    const recording = checkRecording(JSON.parse(readFileSync(RECORDING, "utf8")));
    const chosen = choose({ replay: RECORDING }, {});
    expect(chosen.model).toBeInstanceOf(ReplayModel);
    expect(chosen.recordedSession).toEqual(recording.session);
    expect(chosen.save).toBeNull();
    expect(chosen.header!.split("\n")[0]).toBe(`model: ${recording.model}, replayed offline from ${RECORDING} (${recording.calls.length} recorded calls, recorded from ${recording.server} at ${recording.recordedAt})`);
    expect(recording.note).not.toBe("");
    expect(chosen.header).toContain(`\nnote: ${recording.note}`);
  });

  it("refuses --model or --record beside it, an unreadable file and a bad recording, each in one line", () => {
    expect(() => choose({ replay: RECORDING, model: "openai:m" })).toThrow("loop: --replay runs a recording offline: give it without --model or --record");
    expect(() => choose({ replay: RECORDING, record: "x.json" })).toThrow("loop: --replay runs a recording offline");
    const dir = tempDir("wb-rec-");
    writeTree(dir, { "bad.json": JSON.stringify({ format: "nope" }) });
    expect(() => choose({ replay: join(dir, "bad.json") })).toThrow(/^loop: bad recording .*bad\.json: recording: format must be/);
    expect(() => choose({ replay: join(dir, "missing.json") })).toThrow(`loop: cannot read --replay ${join(dir, "missing.json")} (ENOENT)`);
  });

  it("through the command: a bad flag combination is one stderr line, exit 2, before any session is read", async () => {
    const r = await cli("loop", "no-such-session.json", "--max-tokens", "5");
    expect([r.code, r.out, r.err]).toEqual([2, "", "loop: --no-stream, --max-tokens and --time-limit need --model openai:NAME\n"]);
  });
});

describe("the live view", () => {
  it("holds the first request's line until the server answers, then streams the reply's pieces under a bar", () => {
    const { io, err } = capture();
    const { live } = chooseModel({ model: "openai:m" }, io, ENV);
    live.onEvent!(event(1, "request", null, "the message"));
    expect(err()).toBe(""); // a configuration error would stay the one line it is
    live.onChunk!("Hello\nwor");
    live.onChunk!("ld");
    live.onEvent!(event(2, "reply", true, "done"));
    expect(err()).toBe(`  1  ${"request".padEnd(14)}    the message\n     │ Hello\n     │ world\n  2  ${"reply".padEnd(14)} ✓  done\n`);
  });

  it("prints events at once once the server has answered, ✗ for a failed step", () => {
    const { io, err } = capture();
    const { live } = chooseModel({ model: "openai:m" }, io, ENV);
    live.onEvent!(event(1, "provider-error", false, "attempt 1"));
    live.onEvent!(event(2, "request", null, "again"));
    expect(err()).toBe(`  1  ${"provider-error".padEnd(14)} ✗  attempt 1\n  2  ${"request".padEnd(14)}    again\n`);
  });
});

describe("checkReplaySession", () => {
  it("passes the recording's own session; names both files otherwise", () => {
    expect(() => checkReplaySession({ file: "r.json", session: { a: [1] } }, { file: "s.json", session: { a: [1] } })).not.toThrow();
    expect(() => checkReplaySession({ file: "r.json", session: { a: [1] } }, { file: "s.json", session: { a: [2] } })).toThrow(
      new UsageError("loop: r.json was recorded from another session than s.json (replay it alone: workbench loop --replay r.json)"),
    );
  });
});
