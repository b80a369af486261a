/**
 * NDJSON lines with backpressure, on a real HTTP server and client: a client that reads gets every line in order;
 * one that stops reading makes `send` wait, then is cut off after `stallMs` (later lines refused at once, nothing
 * kept for it); one that goes away is noticed. The options are checked.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createLineStream, LINE_STREAM_DEFAULTS, type LineStream } from "../../../lib/notebooks/live/line-stream.js";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server whose one response is a line stream (`stallMs`), and a client request to it that is not read yet. */
async function pair(stallMs: number): Promise<{ out: LineStream; res: ServerResponse; client: IncomingMessage }> {
  let resolveOut!: (v: { out: LineStream; res: ServerResponse }) => void;
  const served = new Promise<{ out: LineStream; res: ServerResponse }>((r) => (resolveOut = r));
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/x-ndjson" }).flushHeaders();
    resolveOut({ out: createLineStream(res, { stallMs }), res });
  });
  await new Promise<void>((d) => server!.listen(0, "127.0.0.1", d));
  const port = (server.address() as { port: number }).port;
  const client = await new Promise<IncomingMessage>((resolve) => request({ host: "127.0.0.1", port }, resolve).end());
  client.pause();
  return { ...(await served), client };
}

const line = (i: number) => ({ i, pad: "z".repeat(64 * 1024) });

describe("createLineStream", () => {
  it("a client that reads gets every line, in order, and each send resolves true", async () => {
    const { out, client } = await pair(2000);
    const got: string[] = [];
    client.setEncoding("utf8");
    client.on("data", (d: string) => got.push(d));
    client.resume();
    for (let i = 0; i < 100; i++) expect(await out.send(line(i))).toBe(true); // 6.4 MB, far past the socket's buffers
    out.end();
    await new Promise((d) => client.on("end", d));
    const lines = got.join("").trim().split("\n").map((l) => (JSON.parse(l) as { i: number }).i);
    expect(lines).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(out.lost).toBe(null);
  }, 30_000);

  it("a client that stops reading makes send wait, and is cut off after stallMs; later lines are refused at once", async () => {
    const { out, res, client } = await pair(400);
    let sent = 0;
    let waited = 0;
    for (;;) {
      const t = Date.now();
      const ok = await out.send(line(sent));
      if (!ok) {
        waited = Date.now() - t;
        break;
      }
      sent++;
      expect(sent).toBeLessThan(2000); // the kernel's buffers fill long before 128 MB
    }
    expect(waited).toBeGreaterThanOrEqual(350);
    expect(out.lost).toBe("cut off");
    expect(res.destroyed).toBe(true);
    const t = Date.now();
    expect(await out.send(line(-1))).toBe(false);
    expect(Date.now() - t).toBeLessThan(50);
    client.resume(); // what it reads now ends short, without the line that waited
    const ended = await new Promise<string>((d) => {
      client.on("end", () => d("end"));
      client.on("aborted", () => d("aborted"));
      client.on("error", () => d("error"));
    });
    expect(["aborted", "error", "end"]).toContain(ended);
  }, 30_000);

  it("a client that goes away is noticed: send resolves false and ends nothing", async () => {
    const { out, client } = await pair(60_000);
    client.destroy();
    for (let i = 0; i < 500 && out.lost === null; i++) await out.send(line(i));
    expect(out.lost).toBe("gone");
    expect(await out.send(line(0))).toBe(false);
    out.end();
  }, 30_000);

  it("takes a 10 s stall by default and refuses one that is not a positive integer", () => {
    expect(LINE_STREAM_DEFAULTS.stallMs).toBe(10_000);
    expect(Object.isFrozen(LINE_STREAM_DEFAULTS)).toBe(true);
    const res = { on: () => res } as unknown as ServerResponse;
    for (const bad of [0, -5, 1.5]) expect(() => createLineStream(res, { stallMs: bad })).toThrow(/^createLineStream: options.stallMs must be a positive integer/);
  });
});
