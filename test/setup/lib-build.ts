/**
 * vitest globalSetup: notebooks (and the tests that run them) `require` lib's build, lib/dist. Rebuild it once,
 * before any test file starts, when it is missing or older than lib's sources — never concurrently from tests.
 */
import { join } from "node:path";
import { ensureLibBuilt } from "../../lib/notebooks/project.js";

export default function setup(): void {
  ensureLibBuilt(join(__dirname, "..", ".."), (line) => process.stderr.write(`test setup: ${line}\n`));
}
