/**
 * A live notebook's session over a stand-in kernel (in memory: it records the code it runs, fails code that says
 * "fail", and holds code that says "hold" until released or interrupted): the cells above run first when the
 * session has not run them without error, in order, reported like any cell; a failure above stops the cell asked
 * for; what the session ran is forgotten when it loses its state; requests take turns; interrupts stop the waiting.
 */
import { describe, expect, it } from "vitest";
import type { CellOutcome, DeltaListener, KernelSession } from "../../../lib/notebooks/live/kernel-session.js";
import { cellsToRunFirst, createNotebookSession, type NotebookCell, type RunEvent } from "../../../lib/notebooks/live/notebook-session.js";

function standIn() {
  const ran: string[] = [];
  const held: { release: () => void; stop: () => void }[] = [];
  let count = 0;
  const kernel: KernelSession & { generation: number } = {
    generation: 0,
    busy: false,
    async run(code: string, listen?: DeltaListener): Promise<CellOutcome> {
      ran.push(code);
      if (code.includes("hold")) {
        const how = await new Promise<"released" | "stopped">((d) => held.push({ release: () => d("released"), stop: () => d("stopped") }));
        if (how === "stopped") return { ok: false, count: null, stopped: "interrupted" };
      }
      await listen?.([{ kind: "text", index: 0, name: "stdout", text: `ran ${code}` }]);
      return { ok: !code.includes("fail"), count: ++count };
    },
    warm() {},
    interrupt() {
      if (held.length === 0) return;
      held.splice(0).forEach((h) => h.stop());
      kernel.generation++;
      count = 0;
    },
    restart() {
      held.splice(0).forEach((h) => h.stop());
      kernel.generation++;
      count = 0;
    },
    close() {},
  };
  return { kernel, ran, held };
}

const notebook = (...sources: string[]): NotebookCell[] => sources.map((source, i) => ({ id: `c${i + 1}`, source }));

/** A listener that keeps the events as short strings. */
function events() {
  const seen: string[] = [];
  const listen = (e: RunEvent) => {
    if (e.type === "first") seen.push(`first ${e.cellIds.join(",")}`);
    else if (e.type === "begin") seen.push(`begin ${e.cellId}`);
    else if (e.type === "deltas") seen.push(`out ${e.cellId}: ${e.deltas.map((d) => (d.kind === "text" ? d.text : "")).join("")}`);
    else seen.push(`end ${e.cellId} ${e.outcome.ok ? "ok" : "failed"} ${e.outcome.count}${e.outcome.stopped ? ` ${e.outcome.stopped}` : ""}`);
    return true;
  };
  return { seen, listen };
}

describe("cellsToRunFirst", () => {
  it("is the cells above that have not run without error, in order; nothing for an unknown cell", () => {
    const cells = notebook("a", "b", "c", "d");
    const ran = new Map([
      ["c1", { count: 1, ok: true }],
      ["c2", { count: 2, ok: false }],
    ]);
    expect(cellsToRunFirst(cells, "c4", ran).map((c) => c.id)).toEqual(["c2", "c3"]);
    expect(cellsToRunFirst(cells, "c1", new Map())).toEqual([]);
    expect(cellsToRunFirst(cells, "nope", new Map())).toEqual([]);
  });
});

describe("a notebook session", () => {
  it("on a fresh session, runs the cells above first, each reported, then the cell asked for with its own code", async () => {
    const { kernel, ran } = standIn();
    const cells = notebook("a", "b", "c");
    const session = createNotebookSession(kernel, () => cells);
    const { seen, listen } = events();
    const outcome = await session.run({ cellId: "c3", code: "edited c" }, listen);
    expect(outcome).toEqual({ ok: true, count: 3 });
    expect(ran).toEqual(["a", "b", "edited c"]);
    expect(seen).toEqual(["first c1,c2", "begin c1", "out c1: ran a", "end c1 ok 1", "begin c2", "out c2: ran b", "end c2 ok 2", "begin c3", "out c3: ran edited c", "end c3 ok 3"]);
    expect(Object.fromEntries(session.ran())).toEqual({ c1: { count: 1, ok: true }, c2: { count: 2, ok: true }, c3: { count: 3, ok: true } });
    const again = events();
    await session.run({ cellId: "c2", code: "b" }, again.listen); // everything above ran: only the cell
    expect(again.seen[0]).toBe("begin c2");
    expect(ran).toEqual(["a", "b", "edited c", "b"]);
  });

  it("runs only the cells above that did not run, or failed; the cells' sources as they stand at the run", async () => {
    const { kernel, ran } = standIn();
    let cells = notebook("a", "fail b", "c", "d");
    const session = createNotebookSession(kernel, () => cells);
    await session.run({ cellId: "c1", code: "a" }, events().listen);
    const { seen, listen } = events();
    const outcome = await session.run({ cellId: "c4", code: "d" }, listen);
    expect(outcome).toEqual({ ok: false, count: null });
    expect(ran).toEqual(["a", "fail b"]); // c2 failed: c3 and c4 did not run
    expect(seen.slice(0, 2)).toEqual(["first c2,c3", "begin c2"]);
    expect(seen.slice(-3)).toEqual(["begin c4", "out c4: Not run: cell 2 above it failed in this session; fix it (or run it) first.\n", "end c4 failed null"]);
    expect(session.ran().get("c2")).toEqual({ count: 2, ok: false });
    cells = notebook("a", "b fixed", "c", "d");
    await session.run({ cellId: "c4", code: "d" }, events().listen);
    expect(ran.slice(2)).toEqual(["b fixed", "c", "d"]);
  });

  it("forgets what ran when the session loses its state, and runs the cells above again", async () => {
    const { kernel, ran } = standIn();
    const session = createNotebookSession(kernel, () => notebook("a", "b"));
    await session.run({ cellId: "c2", code: "b" }, events().listen);
    session.restart();
    expect(session.ran().size).toBe(0);
    await session.run({ cellId: "c2", code: "b" }, events().listen);
    expect(ran).toEqual(["a", "b", "a", "b"]);
    expect(session.ran().get("c2")).toEqual({ count: 2, ok: true });
  });

  it("takes requests in turn: a second run plans after the first's cells ran, so nothing runs twice", async () => {
    const { kernel, ran } = standIn();
    const session = createNotebookSession(kernel, () => notebook("a", "b", "c"));
    await Promise.all([session.run({ cellId: "c2", code: "b" }, events().listen), session.run({ cellId: "c3", code: "c" }, events().listen)]);
    expect(ran).toEqual(["a", "b", "c"]);
  });

  it("an interrupt while the cells above run stops them; a request waiting its turn then does not run", async () => {
    const { kernel, ran, held } = standIn();
    const session = createNotebookSession(kernel, () => notebook("hold a", "b", "c"));
    const first = events();
    const running = session.run({ cellId: "c3", code: "c" }, first.listen);
    const waiting = events();
    const queued = session.run({ cellId: "c2", code: "b" }, waiting.listen);
    for (let i = 0; i < 50 && held.length === 0; i++) await new Promise((d) => setTimeout(d, 5));
    session.interrupt();
    expect(await running).toEqual({ ok: false, count: null, stopped: "interrupted" });
    expect(first.seen.slice(-2)).toEqual(["out c3: Not run: the session was interrupted while the cells above it ran.\n", "end c3 failed null interrupted"]);
    expect(await queued).toEqual({ ok: false, count: null, stopped: "interrupted" });
    expect(waiting.seen[1]).toBe("out c2: Not run: the session was interrupted or restarted before this cell's turn.\n");
    expect(ran).toEqual(["hold a"]);
    expect(session.ran().size).toBe(0);
  });

  it("scratch code (no cell id) runs alone and is not remembered as a cell", async () => {
    const { kernel, ran } = standIn();
    const session = createNotebookSession(kernel, () => notebook("a"));
    const { seen, listen } = events();
    await session.run({ code: "1 + 1" }, listen);
    expect([ran, seen[0], session.ran().size]).toEqual([["1 + 1"], "begin null", 0]);
  });
});
