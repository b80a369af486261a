/**
 * `node:module` in the browser runtime: `createRequire(…).resolve` finds an npm package's files under the
 * in-memory `node_modules/` (grammar packages, read on demand by `fs-shim.ts`), which is all lib asks of it.
 */
import { PROJECT_ROOT } from "./files.js";

export function createRequire(): { resolve(spec: string): string } {
  return { resolve: (spec: string) => `${PROJECT_ROOT}/node_modules/${spec}` };
}
export default { createRequire };
