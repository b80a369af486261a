/**
 * The live pages' API on requests and responses built here (no server, no kernel process: a recording session
 * stands in): the method, content type and body checks, the routing by action, what `run` streams, and that
 * `save`/`revert` go to the learner's copy. The server it sits behind is test/notebooks/serve.test.ts.
 */
import { cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { Output } from "../../../lib/notebooks/ipynb.js";
import { codeCells, createLiveSessions, handleApi, type LiveSessions } from "../../../lib/notebooks/live/api.js";
import { learnerCopyPath, readEdits, saveCellEdit } from "../../../lib/notebooks/live/edits.js";
import type { CellOutcome } from "../../../lib/notebooks/live/kernel-session.js";
import type { NotebookSession } from "../../../lib/notebooks/live/notebook-session.js";
import { projectPaths } from "../../../lib/notebooks/project.js";
import { createSite, type Site } from "../../../lib/notebooks/site.js";
import { tempDirs } from "../../support/temp-dirs.js";

const tempDir = tempDirs();
const FIXTURE = join(__dirname, "..", "..", "fixtures", "notebooks", "passing.ipynb");

/** A site with one notebook, 01-passing (cells m: markdown, c1–c3: code), its edits in a temp folder. */
function site(): Site {
  const root = tempDir("api-");
  mkdirSync(join(root, "notebooks"));
  const file = join(root, "notebooks", "01-passing.ipynb");
  cpSync(FIXTURE, file);
  return createSite(projectPaths(root), [file], { editsDir: join(root, "edits") });
}

/** A session that records what it was asked and answers `run` with `outcome`, after streaming `partial` as one increment. */
function recordingSession(outcome: CellOutcome | Error, partial: Output[] = []) {
  const calls: string[] = [];
  const session: NotebookSession = {
    async run(request, listen) {
      calls.push(`run ${request.code}`);
      const cellId = request.cellId ?? null;
      await listen({ type: "begin", cellId });
      if (partial.length > 0) await listen({ type: "deltas", cellId, deltas: partial.map((output, index) => ({ kind: "set", index, output })) });
      if (outcome instanceof Error) throw outcome;
      await listen({ type: "end", cellId, outcome });
      return outcome;
    },
    ran: () => new Map([["c1", { count: 3, ok: true }]]),
    warm: () => calls.push("warm"),
    interrupt: () => calls.push("interrupt"),
    restart: () => calls.push("restart"),
    close: () => calls.push("close"),
    busy: false,
  };
  const sessions: LiveSessions = { get: () => session, closeAll: () => calls.push("closeAll") };
  return { calls, sessions };
}

/** A request: `body` is sent as written (a string) or as JSON. */
function request(method: string, body: unknown, headers: Record<string, string> = { "content-type": "application/json" }): IncomingMessage {
  const stream = Object.assign(new PassThrough(), { method, headers });
  stream.end(typeof body === "string" ? body : JSON.stringify(body));
  return stream as unknown as IncomingMessage;
}

/** A response that keeps its status, headers and what was written. */
function response() {
  const r = {
    status: 0,
    headers: {} as Record<string, string>,
    chunks: [] as string[],
    ended: false,
    headersSent: false,
    destroyed: false,
    writableFinished: false,
    on: () => r,
    off: () => r,
    writeHead(status: number, headers: Record<string, string> = {}) {
      Object.assign(r, { status, headers, headersSent: true });
      return r;
    },
    write(chunk: string) {
      r.chunks.push(chunk);
      return true;
    },
    end(chunk?: string) {
      if (chunk !== undefined) r.chunks.push(chunk);
      r.ended = true;
      return r;
    },
    get text() {
      return r.chunks.join("");
    },
    get json(): unknown {
      return JSON.parse(r.text);
    },
  };
  return r;
}

async function call(s: Site, sessions: LiveSessions, action: string, req: IncomingMessage) {
  const res = response();
  await handleApi({ site: s, sessions }, action, { req, res: res as unknown as ServerResponse });
  expect(res.ended).toBe(true);
  return res;
}

const done: CellOutcome = { ok: true, count: 4 };

describe("handleApi: what a request must be", () => {
  it("refuses anything but POST (405) and anything but JSON (415), before reading the body", async () => {
    const s = site();
    const { calls, sessions } = recordingSession(done);
    expect((await call(s, sessions, "run", request("GET", { notebook: "01-passing" }))).status).toBe(405);
    const text = await call(s, sessions, "run", request("POST", { notebook: "01-passing" }, { "content-type": "text/plain" }));
    expect(text.status).toBe(415);
    expect(text.json).toEqual({ error: "the API takes application/json" });
    expect((await call(s, sessions, "run", request("POST", {}, {}))).status).toBe(415);
    expect(calls).toEqual([]);
  });

  it("answers 400 for a body that is not a JSON object, 413 for one over the size limit", async () => {
    const s = site();
    const { sessions } = recordingSession(done);
    for (const bad of ["{nope", "[1,2]", "null", '"text"', "3", ""]) {
      const r = await call(s, sessions, "save", request("POST", bad));
      expect(r.status, bad).toBe(400);
      expect(r.json).toEqual({ error: "the body must be a JSON object" });
    }
    const big = await call(s, sessions, "save", request("POST", "x", { "content-type": "application/json", "content-length": String(2 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ error: "request body over 1048576 bytes" });
  });

  it("checks each field's type, naming it, and the notebook and cell named", async () => {
    const s = site();
    const { calls, sessions } = recordingSession(done);
    const expectError = async (action: string, body: unknown, status: number, error: string) => {
      const r = await call(s, sessions, action, request("POST", body));
      expect([r.status, r.json], JSON.stringify(body)).toEqual([status, { error }]);
    };
    await expectError("run", {}, 400, "notebook must be a string");
    await expectError("run", { notebook: 1 }, 400, "notebook must be a string");
    await expectError("run", { notebook: "99-none" }, 404, 'no notebook "99-none"');
    await expectError("run", { notebook: "../01-passing" }, 404, 'no notebook "../01-passing"');
    await expectError("run", { notebook: "01-passing", cellId: 3, code: "" }, 400, "cellId must be a string");
    await expectError("run", { notebook: "01-passing", cellId: "c1" }, 400, "code must be a string");
    await expectError("save", { notebook: "01-passing", code: "x" }, 400, "cellId must be a string");
    await expectError("save", { notebook: "01-passing", cellId: "m", code: "x" }, 404, 'no code cell "m" in 01-passing.html');
    await expectError("revert", { notebook: "01-passing", cellId: "nope" }, 404, 'no code cell "nope" in 01-passing.html');
    await expectError("format-disk", { notebook: "01-passing" }, 404, 'no API action "format-disk"');
    expect(calls).toEqual([]);
  });
});

describe("handleApi: the actions", () => {
  it("run streams started, the cell's begin, its outputs as increments, its end, then done, as NDJSON; an edited cell is kept", async () => {
    const s = site();
    const partial: Output[] = [{ output_type: "display_data", data: { "text/plain": "<half>" }, metadata: {} }];
    const { calls, sessions } = recordingSession(done, partial);
    const r = await call(s, sessions, "run", request("POST", { notebook: "01-passing", cellId: "c2", code: "console.log(1 + 1)" }));
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^application\/x-ndjson/);
    const lines = r.text.split("\n");
    expect(lines.pop()).toBe(""); // every line ends with a newline
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((l) => l.type)).toEqual(["started", "begin", "outputs", "end", "done"]);
    expect(parsed[0]).toEqual({ type: "started", edited: true });
    expect(parsed[1]).toEqual({ type: "begin", cellId: "c2" });
    expect(parsed[2]).toEqual({ type: "outputs", cellId: "c2", deltas: [{ index: 0, html: '<pre class="output-text">&lt;half&gt;</pre>' }] }); // rendered as the pages render outputs
    expect(parsed[3]).toEqual({ type: "end", cellId: "c2", ok: true, count: 4, stopped: null });
    expect(parsed[4]).toEqual({ type: "done", ok: true, count: 4, stopped: null, ran: 1, of: 3 });
    expect(calls).toEqual(["run console.log(1 + 1)"]);
    expect([...readEdits(s.options.editsDir, s.entries[0]!.file)]).toEqual([["c2", "console.log(1 + 1)"]]);
  });

  it("state says which cells the session ran, with their counts, and how many of the notebook's code cells", async () => {
    const s = site();
    const { sessions } = recordingSession(done);
    const r = await call(s, sessions, "state", request("POST", { notebook: "01-passing" }));
    expect(r.json).toEqual({ cells: { c1: { count: 3, ok: true } }, ran: 1, of: 3, busy: false });
  });

  it("run with the original code drops the edit; run without a cell id stores nothing", async () => {
    const s = site();
    const file = s.entries[0]!.file;
    saveCellEdit(s.options.editsDir, file, { cellId: "c1", source: "mine" });
    const { sessions } = recordingSession({ ok: false, count: 1, stopped: "interrupted" });
    const original = (JSON.parse(readFileSync(file, "utf8")) as { cells: { id: string; source: string[] }[] }).cells.find((c) => c.id === "c1")!.source.join("");
    const r = await call(s, sessions, "run", request("POST", { notebook: "01-passing", cellId: "c1", code: original }));
    const lines = r.text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toEqual({ type: "started", edited: false });
    expect(lines.at(-1)).toMatchObject({ ok: false, stopped: "interrupted" });
    expect(readEdits(s.options.editsDir, file).size).toBe(0);
    await call(s, sessions, "run", request("POST", { notebook: "01-passing", code: "scratch" }));
    expect(readEdits(s.options.editsDir, file).size).toBe(0);
  });

  it("a run that fails after the stream started ends the stream; one that fails before answers 500", async () => {
    const s = site();
    const { sessions } = recordingSession(new Error("the kernel fell over"));
    const r = await call(s, sessions, "run", request("POST", { notebook: "01-passing", code: "x" }));
    expect(r.status).toBe(200); // the headers were already out: the stream just ends
    expect(r.text.trim().split("\n").map((l) => (JSON.parse(l) as { type: string }).type)).toEqual(["started", "begin"]);
    const failing: LiveSessions = {
      get: () => {
        throw new Error("no session");
      },
      closeAll: () => {},
    };
    const before = await call(s, failing, "interrupt", request("POST", { notebook: "01-passing" }));
    expect([before.status, before.json]).toEqual([500, { error: "no session" }]);
  });

  it("save keeps an edit and says whether the cell differs from the original", async () => {
    const s = site();
    const { sessions } = recordingSession(done);
    const r = await call(s, sessions, "save", request("POST", { notebook: "01-passing", cellId: "c3", code: "mine" }));
    expect([r.status, r.json]).toEqual([200, { edited: true }]);
    expect(readEdits(s.options.editsDir, s.entries[0]!.file).get("c3")).toBe("mine");
  });

  it("revert with a cell id returns its original source; without one, every edited cell's, and drops the copy", async () => {
    const s = site();
    const file = s.entries[0]!.file;
    const { sessions } = recordingSession(done);
    const originals = (JSON.parse(readFileSync(file, "utf8")) as { cells: { id: string; source: string[] }[] }).cells;
    const orig = (id: string) => originals.find((c) => c.id === id)!.source.join("");
    saveCellEdit(s.options.editsDir, file, { cellId: "c1", source: "one" });
    saveCellEdit(s.options.editsDir, file, { cellId: "c2", source: "two" });
    const one = await call(s, sessions, "revert", request("POST", { notebook: "01-passing", cellId: "c1" }));
    expect(one.json).toEqual({ source: orig("c1") });
    expect([...readEdits(s.options.editsDir, file).keys()]).toEqual(["c2"]);
    saveCellEdit(s.options.editsDir, file, { cellId: "c3", source: "three" });
    const all = await call(s, sessions, "revert", request("POST", { notebook: "01-passing" }));
    expect(all.json).toEqual({ sources: { c2: orig("c2"), c3: orig("c3") } });
    expect(existsSync(learnerCopyPath(s.options.editsDir, file))).toBe(false);
  });

  it("interrupt and restart go to the notebook's session", async () => {
    const s = site();
    const { calls, sessions } = recordingSession(done);
    expect((await call(s, sessions, "interrupt", request("POST", { notebook: "01-passing" }))).json).toEqual({ ok: true });
    expect((await call(s, sessions, "restart", request("POST", { notebook: "01-passing" }))).json).toEqual({ ok: true });
    expect(calls).toEqual(["interrupt", "restart"]);
  });
});

describe("codeCells", () => {
  it("lists the code cells with ids in order, each with the learner's edit when there is one", () => {
    const s = site();
    const entry = s.entries[0]!;
    const original = codeCells(s, entry);
    expect(original.map((c) => c.id)).toEqual(["c1", "c2", "c3"]);
    expect(original[1]!.source).toMatch(/^const r = teachingRepoMap/);
    saveCellEdit(s.options.editsDir, entry.file, { cellId: "c2", source: "mine" });
    expect(codeCells(s, entry).map((c) => c.source)).toEqual([original[0]!.source, "mine", original[2]!.source]);
  });
});

describe("createLiveSessions", () => {
  it("makes one session per notebook on first use (no process until a cell runs) and closes them all", () => {
    const s = site();
    const live = createLiveSessions(s);
    const entry = s.entries[0]!;
    const a = live.get(entry);
    expect(live.get(entry)).toBe(a);
    expect(live.get({ ...entry, file: `${entry.file}.other` })).not.toBe(a);
    expect(a.busy).toBe(false);
    live.closeAll();
    expect(live.get(entry)).not.toBe(a); // closed sessions are forgotten: a new one is made
    live.closeAll();
  });
});
