/**
 * A live notebook's session as the page sees it: which of its code cells the session has run (and how), and a run
 * that works on a fresh session — like Jupyter's "run all above" done for the learner: the code cells above the one
 * asked for that this session has not run without error run first, in order, each reported like a cell the learner
 * ran; the first that fails stops it, and the cell asked for does not run. Requests take turns (a second run plans
 * after the first's cells ran); one whose session lost its state while it waited (interrupt, restart) does not run.
 */
import type { CellOutcome, KernelSession } from "./kernel-session.js";
import type { OutputDelta } from "./output-delta.js";

/** A code cell of the notebook, with the source the session would run (the learner's edit, else the original). */
export interface NotebookCell {
  id: string;
  source: string;
}

/** What a cell the session ran last did in the session's current state. */
export interface CellRan {
  count: number;
  ok: boolean;
}

export type RunEvent =
  | { type: "first"; cellIds: string[] }
  | { type: "begin"; cellId: string | null }
  | { type: "deltas"; cellId: string | null; deltas: readonly OutputDelta[] }
  | { type: "end"; cellId: string | null; outcome: CellOutcome };

/** Hears a run's events; true (or a promise of it, once taken) goes on, false drops the rest of a cell's output. */
export type RunListener = (event: RunEvent) => boolean | Promise<boolean>;

export interface NotebookSession {
  /** Runs `code` as cell `cellId` (or as scratch code, without one), the cells above it first when they need it. */
  run(request: { cellId?: string; code: string }, listen: RunListener): Promise<CellOutcome>;
  /** The cells run since the session last lost its state, by id. */
  ran(): ReadonlyMap<string, CellRan>;
  warm(): void;
  interrupt(): void;
  restart(): void;
  close(): void;
  readonly busy: boolean;
}

/** The code cells before `cellId` in `cells` that have not run without error (`ran`): what must run first. */
export function cellsToRunFirst(cells: readonly NotebookCell[], cellId: string, ran: ReadonlyMap<string, CellRan>): NotebookCell[] {
  const at = cells.findIndex((c) => c.id === cellId);
  return at < 0 ? [] : cells.slice(0, at).filter((c) => ran.get(c.id)?.ok !== true);
}

const note = (text: string): OutputDelta[] => [{ kind: "text", index: 0, name: "stderr", text }];

/** A session over `kernel` for a notebook whose code cells, as they stand, `cells()` gives. */
export function createNotebookSession(kernel: KernelSession, cells: () => readonly NotebookCell[]): NotebookSession {
  const ran = new Map<string, CellRan>();
  let ranIn = kernel.generation;
  let turn: Promise<unknown> = Promise.resolve();
  /** Interrupts and restarts asked of this session: a waiting request, or the cells above, stop at the next one. */
  let stops = 0;
  const epoch = () => kernel.generation + stops;
  const current = (): Map<string, CellRan> => {
    if (kernel.generation !== ranIn) {
      ran.clear();
      ranIn = kernel.generation;
    }
    return ran;
  };

  const runOne = async (cellId: string | null, code: string, listen: RunListener): Promise<CellOutcome> => {
    await listen({ type: "begin", cellId });
    const generation = kernel.generation;
    const outcome = await kernel.run(code, (deltas) => listen({ type: "deltas", cellId, deltas }));
    if (cellId !== null && outcome.count !== null && kernel.generation === generation) current().set(cellId, { count: outcome.count, ok: outcome.ok });
    await listen({ type: "end", cellId, outcome });
    return outcome;
  };

  const notRun = async (cellId: string | null, why: string, listen: RunListener, stopped?: CellOutcome["stopped"]): Promise<CellOutcome> => {
    const outcome: CellOutcome = { ok: false, count: null, ...(stopped ? { stopped } : {}) };
    await listen({ type: "begin", cellId });
    await listen({ type: "deltas", cellId, deltas: note(why) });
    await listen({ type: "end", cellId, outcome });
    return outcome;
  };

  const runTurn = async (request: { cellId?: string; code: string }, listen: RunListener, arrived: number): Promise<CellOutcome> => {
    const cellId = request.cellId ?? null;
    const stopped = () => epoch() !== arrived;
    const STOPPED = "Not run: the session was interrupted or restarted before this cell's turn.\n";
    if (stopped()) return notRun(cellId, STOPPED, listen, "interrupted");
    const all = cellId === null ? [] : cells();
    const first = cellId === null ? [] : cellsToRunFirst(all, cellId, current());
    if (first.length > 0) await listen({ type: "first", cellIds: first.map((c) => c.id) });
    for (const cell of first) {
      if (stopped()) return notRun(cellId, STOPPED, listen, "interrupted");
      const outcome = await runOne(cell.id, cell.source, listen);
      if (outcome.stopped) return notRun(cellId, `Not run: the session was ${outcome.stopped} while the cells above it ran.\n`, listen, outcome.stopped);
      if (!outcome.ok) {
        const number = all.findIndex((c) => c.id === cell.id) + 1;
        return notRun(cellId, `Not run: cell ${number} above it failed in this session; fix it (or run it) first.\n`, listen);
      }
    }
    if (stopped()) return notRun(cellId, STOPPED, listen, "interrupted");
    return runOne(cellId, request.code, listen);
  };

  return {
    run(request, listen) {
      const arrived = epoch();
      const result = turn.then(() => runTurn(request, listen, arrived));
      turn = result.catch(() => {});
      return result;
    },
    ran: () => new Map(current()),
    warm: () => kernel.warm(),
    interrupt() {
      stops++;
      kernel.interrupt();
    },
    restart() {
      stops++;
      kernel.restart();
    },
    close: () => kernel.close(),
    get busy() {
      return kernel.busy;
    },
  };
}
