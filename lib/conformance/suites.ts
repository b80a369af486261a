/** Every conformance suite, by name (each is the base name of a golden vector file in `../shared/golden/`). */
import type { ConformanceSuite } from "./suite.js";

export const SUITES: readonly ConformanceSuite[] = [];
