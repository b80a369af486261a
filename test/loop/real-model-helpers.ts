import { OpenAIChatModel, type LoopModel, runSession } from "../../lib/index.js";
import { startStandInServer, type StandInServer, type StandInStep } from "../../lib/loop/stand-in-server.js";
import { type OpenAIClientOptions } from "../../lib/loop/openai-client.js";

export const KEY = "sk-test-4f9a2c1e8b7d6a5f";
export const MODEL = "stand-in";

/** A one-file session; its scripted replies are unused when a model is given. */
export const SESSION = {
  files: { "calc.py": ["def add(a, b):", "    return a - b"] },
  chat: ["calc.py"],
  message: "add() subtracts; fix it",
  replies: [],
  options: { retry: { firstDelay: 0.01, factor: 2, maxDelay: 5 } },
};

export const block = (search: string, replace: string) =>
  ["Here is the fix.", "", "calc.py", "```python", "<<<<<<< SEARCH", search, "=======", replace, ">>>>>>> REPLACE", "```", ""].join("\n");
export const FIX = block("    return a - b", "    return a + b");
export const WRONG = block("    return a - b  # wrong", "    return a + b");

/** Starts the stand-in with `steps`, runs `fn` with it and a client configured for it, and closes it. */
export async function withStandIn<T>(
  steps: StandInStep[],
  fn: (server: StandInServer, model: OpenAIChatModel) => Promise<T>,
  options: Partial<OpenAIClientOptions> = {},
): Promise<T> {
  const server = await startStandInServer(steps, { models: [MODEL], key: KEY });
  try {
    const model = OpenAIChatModel.fromEnv(`openai:${MODEL}`, { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: KEY }, options);
    return await fn(server, model);
  } finally {
    await server.close();
  }
}

/** Runs SESSION with `model`, collecting the streamed pieces. */
export async function runWith(model: LoopModel, session: unknown = SESSION) {
  const pieces: string[] = [];
  const run = await runSession(session, { model, onChunk: (t) => pieces.push(t) });
  return { run, result: run.result, pieces };
}
