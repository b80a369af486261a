// Record and replay (lib/loop/recording.ts) and `workbench loop --model/--record/--replay` (issue 22): a recorded
// run replays to the same trace offline; the stand-in server can serve a recording again; bad files and bad
// configuration are one line; without --model nothing reads the environment.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RecordingModel, ReplayModel } from "../../lib/index.js";
import { checkRecording } from "../../lib/loop/recording-format.js";
import { ReplayMismatchError } from "../../lib/loop/recording.js";
import { startStandInServer, stepsFromRecording, type StandInStep } from "../../lib/loop/stand-in-server.js";
import { cli } from "../cli/run-cli.js";
import { FIX, KEY, MODEL, runWith, SESSION, withStandIn, WRONG } from "./real-model-helpers.js";

const FAULTS: StandInStep[] = [
  { status: 429, message: "slow down", retryAfter: 0.05 },
  { reply: WRONG, pieceSize: 9, usage: { prompt: 90, completion: 30 } },
  { status: 500, message: "oops" },
  { drop: "mid-stream", reply: FIX, after: 7 },
  { reply: FIX, pieceSize: 5, cost: 0.002 },
];

/** Records SESSION over the stand-in with `steps`; the recording as a file would hold it (JSON round trip). */
async function record(steps: StandInStep[], options = {}) {
  return withStandIn(steps, async (server, model) => {
    const recorder = new RecordingModel(model, server.url, "test");
    const live = await runWith(recorder);
    return { live, recording: JSON.parse(JSON.stringify(recorder.recording(SESSION))) as unknown };
  }, options);
}

describe("record and replay", () => {
  it("a recorded run replays offline to the same trace, pieces, counts, files and usage", async () => {
    const { live, recording } = await record(FAULTS);
    expect(live.result.counts).toMatchObject({ requests: 2, providerRetries: 3, reflections: 1 });
    expect(JSON.stringify(recording)).not.toContain(KEY);
    const replay = new ReplayModel(recording);
    const again = await runWith(replay);
    expect(again.result.events).toEqual(live.result.events);
    expect(again.pieces).toEqual(live.pieces);
    expect(again.result.counts).toEqual(live.result.counts);
    expect(again.result.files).toEqual(live.result.files);
    expect(again.result.usage).toEqual(live.result.usage);
    expect(replay.remaining).toBe(0);
  });

  it("the stand-in server serves a recording again: a live run over it gives the same trace", async () => {
    const { live, recording } = await record(FAULTS);
    const server = await startStandInServer(stepsFromRecording(checkRecording(recording)), { models: [MODEL], key: KEY });
    try {
      const { OpenAIChatModel } = await import("../../lib/index.js");
      const model = OpenAIChatModel.fromEnv(`openai:${MODEL}`, { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: KEY });
      const served = await runWith(model);
      expect(served.result.events).toEqual(live.result.events);
      expect(server.remaining).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("a run that gave up at its time limit replays to the same give-up", async () => {
    const { live, recording } = await record([{ hang: true }, { hang: true }, { hang: true }], { attemptSeconds: 0.2, totalSeconds: 0.5 });
    expect(live.result.stopReason).toBe("provider-error");
    const again = await runWith(new ReplayModel(recording));
    expect(again.result.events).toEqual(live.result.events);
  });

  it("stops with a clear error when the loop asks for a prompt the recording does not hold", async () => {
    const { recording } = await record([{ reply: FIX }]);
    await expect(runWith(new ReplayModel(recording), { ...SESSION, message: "something else" })).rejects.toThrow(ReplayMismatchError);
    await expect(runWith(new ReplayModel(recording), { ...SESSION, message: "something else" })).rejects.toThrow(
      /replay: call 1's prompt differs from the recording \(message 4, the current part\)/,
    );
    const once = await withStandIn([{ reply: WRONG }], async (server, model) => {
      const recorder = new RecordingModel(model, server.url);
      await runWith(recorder, { ...SESSION, options: { ...SESSION.options, maxReflections: 0 } });
      return recorder.recording(SESSION);
    });
    const ranOut = await runWith(new ReplayModel(once)); // now one reflection is allowed: a second call, not recorded
    expect(ranOut.result.stopReason).toBe("script-ended");
    expect(ranOut.result.events.at(-1)!.summary).toBe("script-ended: the script has no step for model call 2");
  });
});

describe("workbench loop --model / --record / --replay", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ["OPENAI_BASE_URL", "OPENAI_API_KEY"]) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });
  const dir = mkdtempSync(join(tmpdir(), "wb-rec-"));
  const sessionFile = join(dir, "session.json");
  writeFileSync(sessionFile, JSON.stringify(SESSION));
  const trace = (out: string) => out.split("\n").filter((l) => !/^(model|note): /.test(l)).join("\n");

  it("records a real run without the key and replays it offline to the same report", async () => {
    const file = join(dir, "run.json");
    const live = await withStandIn(FAULTS, async (server) => {
      process.env.OPENAI_BASE_URL = server.url;
      process.env.OPENAI_API_KEY = KEY;
      return cli("loop", sessionFile, "--model", `openai:${MODEL}`, "--record", file, "--brief");
    });
    expect(live.code).toBe(0);
    expect(live.out).toMatch(/^model: openai:stand-in at http:\/\/127\.0\.0\.1:\d+\/v1 \(streamed\)$/m);
    expect(live.err).toContain("loop: recorded 5 model calls to");
    expect(live.err).toMatch(/ {2}2 {2}provider-error ✗ {2}attempt 1: RateLimitError/); // the live view
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain(KEY);
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_API_KEY;
    const alone = await cli("loop", "--replay", file, "--brief");
    const withSession = await cli("loop", sessionFile, "--replay", file, "--brief");
    expect(alone.code).toBe(0);
    expect(alone.out).toMatch(/^model: openai:stand-in, replayed offline from .*run\.json \(5 recorded calls/m);
    expect(trace(alone.out)).toBe(trace(live.out));
    expect(withSession.out).toBe(alone.out);
    expect(live.out).toContain("tokens: ");
  });

  it("a model the server does not know, and a replay with another session, are one line, exit 2 (the flags alone: test/cli/loop-model.test.ts)", async () => {
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ ...SESSION, message: "another" }));
    const file = join(dir, "run2.json");
    await withStandIn([{ reply: FIX }], async (server) => {
      process.env.OPENAI_BASE_URL = server.url;
      process.env.OPENAI_API_KEY = KEY;
      expect((await cli("loop", sessionFile, "--model", `openai:${MODEL}`, "--record", file)).code).toBe(0);
      const unknown = await cli("loop", sessionFile, "--model", "openai:nope");
      expect(unknown.code).toBe(2);
      expect(unknown.err.trimEnd().split("\n")).toEqual([expect.stringMatching(/^loop: http:\/\/127\.0\.0\.1:\d+\/v1 has no model "nope"/)]);
    });
    const mismatch = await cli("loop", other, "--replay", file);
    expect(mismatch.code).toBe(2);
    expect(mismatch.err).toMatch(/^loop: .*run2\.json was recorded from another session than .*other\.json/);
  });

  it("without --model, the environment is not read: a scripted run is as before", async () => {
    const before = await cli("loop", "lib/loop/sessions/one-reflection.json");
    process.env.OPENAI_BASE_URL = "not a url";
    process.env.OPENAI_API_KEY = KEY;
    const after = await cli("loop", "lib/loop/sessions/one-reflection.json");
    expect(after).toEqual(before);
    expect(before.code).toBe(0);
    expect(before.out).toContain("3 scripted steps");
  });
});

describe("the committed recording (lib/loop/recordings/stand-in-run.json, notebook 06)", () => {
  it("replays offline with its own session: a rate limit, a reflection, a 500 and a dropped stream, then done", async () => {
    const recording = checkRecording(JSON.parse(readFileSync("lib/loop/recordings/stand-in-run.json", "utf8")));
    expect(recording.note).toMatch(/stand-in server .* not a real LLM/);
    const { result } = await runWith(new ReplayModel(recording), recording.session);
    expect(result.stopReason).toBe("done");
    expect(result.counts).toEqual({ requests: 2, providerAttempts: 5, providerRetries: 3, reflections: 1, malformedResponses: 1 });
    expect(result.events.filter((e) => e.kind === "provider-error").map((e) => e.summary.split(":")[1]!.trim())).toEqual([
      "RateLimitError",
      "InternalServerError",
      "APIConnectionError",
    ]);
  });
});
