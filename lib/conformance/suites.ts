/** Every conformance suite, by name (the golden vector file it reads is named in each suite's description). */
import type { ConformanceSuite } from "./suite.js";
import { renderTreeSuite } from "./suite-render-tree.js";

export const SUITES: readonly ConformanceSuite[] = [renderTreeSuite()];
