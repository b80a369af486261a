/**
 * `npm run -s record:stand-in`: makes lib/loop/recordings/stand-in-run.json, the "real" run notebook 06 shows
 * (issue 22). No real model is reachable where this project is built (no network), so the run is recorded through
 * the real client and the real `workbench loop --model … --record …` path against the local stand-in server
 * (lib/loop/stand-in-server.ts, 127.0.0.1 only), whose script plays a rate limit with Retry-After, a server
 * error, a connection dropped mid-stream, and two streamed replies — the first with a SEARCH that misremembers
 * a line. With a real server, run the same command line yourself (see lib/loop/README.md, "A real model").
 */
import { fileURLToPath } from "node:url";
import { runCli } from "../lib/cli.js";
import { startStandInServer, type StandInStep } from "../lib/loop/stand-in-server.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const session = `${root}lib/loop/sessions/one-reflection.json`;
const out = `${root}lib/loop/recordings/stand-in-run.json`;

const block = (search: string) =>
  [
    "I'll change the greeting.",
    "",
    "greet.py",
    "```python",
    "<<<<<<< SEARCH",
    "def greet(name):",
    search,
    "    return message",
    "=======",
    "def greet(name):",
    '    message = "Hello, " + name + "!"',
    "    return message",
    ">>>>>>> REPLACE",
    "```",
    "",
  ].join("\n");

const steps: StandInStep[] = [
  { status: 429, message: "Rate limit reached for requests", retryAfter: 1 },
  { reply: block('    message = "Hello, " + name'), pieceSize: 12, usage: { prompt: 212, completion: 61 } },
  { status: 500, message: "The server had an error while processing your request" },
  { drop: "mid-stream", reply: "You're right, the second line", after: 14 },
  { reply: block('    message = "Hello " + name'), pieceSize: 12, usage: { prompt: 401, completion: 60 } },
];

const server = await startStandInServer(steps, { models: ["stand-in"], key: "stand-in-key" });
process.env.OPENAI_BASE_URL = server.url;
process.env.OPENAI_API_KEY = "stand-in-key";
process.env.WORKBENCH_RECORDING_NOTE =
  "Recorded against the workbench's local stand-in server (lib/loop/stand-in-server.ts), not a real LLM: no model was reachable where it was made. The client, the HTTP/SSE traffic, the retries and their waits were real.";
const io = { stdout: (t: string) => void process.stdout.write(t), stderr: (t: string) => void process.stderr.write(t), isTTY: false };
const code = await runCli(["loop", session, "--model", "openai:stand-in", "--record", out, "--brief"], io);
await server.close();
process.exit(code);
