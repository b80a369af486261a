/**
 * The live pages' API on the embedded `npm start` server (requests have passed `guard.ts`): `POST /api/<action>`
 * with a JSON body naming the notebook by its stem. `run` stores the code as the learner's edit (`edits.ts`) and
 * streams NDJSON lines with backpressure (`line-stream.ts`): the cells above that the session must run first
 * (`notebook-session.ts`), then for each cell its start, its outputs as increments (new stream text as text,
 * displays rendered to HTML by the same code as the pages) and its end, then a `done` line. `state` says what the
 * session has run; `save`, `revert` (one cell or, without `cellId`, the notebook), `interrupt`, `restart`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { renderOutputs, stripAnsi } from "../html.js";
import { sourceText } from "../ipynb.js";
import type { Site, SiteEntry } from "../site.js";
import { readBody } from "./guard.js";
import { readEdits, revertCellEdit, revertNotebookEdits, saveCellEdit } from "./edits.js";
import { createKernelSession } from "./kernel-session.js";
import { createLineStream, type LineStreamOptions } from "./line-stream.js";
import { createNotebookSession, type NotebookCell, type NotebookSession, type RunEvent } from "./notebook-session.js";
import type { OutputDelta } from "./output-delta.js";

/** One session per open notebook, created on first use. */
export interface LiveSessions {
  get(entry: SiteEntry): NotebookSession;
  closeAll(): void;
}

/** The code cells of `entry` with the sources a session runs: the learner's edits, else the notebook's own. */
export function codeCells(site: Site, entry: SiteEntry): NotebookCell[] {
  const edits = readEdits(site.options.editsDir, entry.file);
  return entry.notebook.cells.flatMap((c) => (c.cell_type === "code" && c.id !== undefined ? [{ id: c.id, source: edits.get(c.id) ?? sourceText(c.source) }] : []));
}

export function createLiveSessions(site: Site): LiveSessions {
  const sessions = new Map<string, NotebookSession>();
  return {
    get(entry) {
      let s = sessions.get(entry.file);
      if (!s) {
        s = createNotebookSession(createKernelSession(site.paths.root, site.paths.notebooks), () => codeCells(site, entry));
        sessions.set(entry.file, s);
      }
      return s;
    },
    closeAll() {
      for (const s of sessions.values()) s.close();
      sessions.clear();
    },
  };
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(JSON.stringify(body));
};

function field(body: Record<string, unknown>, name: string, optional = false): string | undefined {
  const v = body[name];
  if (v === undefined && optional) return undefined;
  if (typeof v !== "string") throw new ApiError(400, `${name} must be a string`);
  return v;
}

/** The original source of a code cell, or an error naming the cell. */
function originalSource(entry: SiteEntry, cellId: string): string {
  const cell = entry.notebook.cells.find((c) => c.id === cellId && c.cell_type === "code");
  if (!cell) throw new ApiError(404, `no code cell "${cellId}" in ${entry.href}`);
  return sourceText(cell.source);
}

/** Keeps `code` as the learner's edit of `cellId`, or drops the edit when it is the original again. */
function remember(site: Site, entry: SiteEntry, cellId: string, code: string): boolean {
  const edited = code !== originalSource(entry, cellId);
  if (edited) saveCellEdit(site.options.editsDir, entry.file, { cellId, source: code });
  else revertCellEdit(site.options.editsDir, entry.file, cellId);
  return edited;
}

/** An increment as the page takes it: stream text as text (escapes dropped), a display as HTML. */
export function deltaLine(delta: OutputDelta): { index: number; name: string; text: string } | { index: number; html: string } {
  return delta.kind === "text"
    ? { index: delta.index, name: delta.name, text: stripAnsi(delta.text) }
    : { index: delta.index, html: renderOutputs([delta.output]) };
}

/** A run's event as the NDJSON line the page reads. */
export function eventLine(event: RunEvent): Record<string, unknown> {
  switch (event.type) {
    case "deltas":
      return { type: "outputs", cellId: event.cellId, deltas: event.deltas.map(deltaLine) };
    case "end":
      return { type: "end", cellId: event.cellId, ok: event.outcome.ok, count: event.outcome.count, stopped: event.outcome.stopped ?? null };
    default:
      return event;
  }
}

/** What the session has run, for the page: each cell's count and whether it failed, how many ran, of how many. */
function sessionState(site: Site, entry: SiteEntry, session: NotebookSession) {
  const ran = session.ran();
  return {
    cells: Object.fromEntries(ran),
    ran: [...ran.values()].filter((r) => r.ok).length,
    of: codeCells(site, entry).length,
    busy: session.busy,
  };
}

/** Answers `POST /api/<action>`; a client that takes no output for `stream.stallMs` while some waits is cut off. */
export async function handleApi(
  live: { site: Site; sessions: LiveSessions; stream?: Partial<LineStreamOptions> },
  action: string,
  http: { req: IncomingMessage; res: ServerResponse },
): Promise<void> {
  const { site, sessions } = live;
  const { req, res } = http;
  try {
    if (req.method !== "POST") throw new ApiError(405, "the API takes POST");
    if (!/^application\/json\b/.test(req.headers["content-type"] ?? "")) throw new ApiError(415, "the API takes application/json");
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(await readBody(req));
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      body = parsed as Record<string, unknown>;
    } catch (e) {
      throw new ApiError((e as { status?: number }).status ?? 400, (e as { status?: number }).status ? (e as Error).message : "the body must be a JSON object");
    }
    const stem = field(body, "notebook")!;
    const entry = site.entries.find((e) => e.href === `${stem}.html`);
    if (!entry) throw new ApiError(404, `no notebook "${stem}"`);
    const cellId = field(body, "cellId", true);
    switch (action) {
      case "run": {
        const code = field(body, "code")!;
        const edited = cellId === undefined ? false : remember(site, entry, cellId, code);
        res.writeHead(200, { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" });
        const out = createLineStream(res, live.stream);
        await out.send({ type: "started", edited });
        const session = sessions.get(entry);
        const outcome = await session.run({ ...(cellId === undefined ? {} : { cellId }), code }, (event) => out.send(eventLine(event)));
        const { ran, of } = sessionState(site, entry, session);
        await out.send({ type: "done", ok: outcome.ok, count: outcome.count, stopped: outcome.stopped ?? null, ran, of });
        out.end();
        return;
      }
      case "state":
        return json(res, 200, sessionState(site, entry, sessions.get(entry)));
      case "save": {
        if (cellId === undefined) throw new ApiError(400, "cellId must be a string");
        return json(res, 200, { edited: remember(site, entry, cellId, field(body, "code")!) });
      }
      case "revert": {
        if (cellId !== undefined) {
          originalSource(entry, cellId);
          return json(res, 200, { source: revertCellEdit(site.options.editsDir, entry.file, cellId) });
        }
        const edited = [...readEdits(site.options.editsDir, entry.file).keys()];
        revertNotebookEdits(site.options.editsDir, entry.file);
        return json(res, 200, { sources: Object.fromEntries(edited.map((id) => [id, originalSource(entry, id)])) });
      }
      case "interrupt":
        sessions.get(entry).interrupt();
        return json(res, 200, { ok: true });
      case "restart":
        sessions.get(entry).restart();
        return json(res, 200, { ok: true });
      default:
        throw new ApiError(404, `no API action "${action}"`);
    }
  } catch (e) {
    if (res.headersSent) {
      res.end();
      return;
    }
    const status = e instanceof ApiError ? e.status : 500;
    json(res, status, { error: e instanceof Error ? e.message : String(e) });
  }
}
