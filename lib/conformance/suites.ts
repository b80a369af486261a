/** Every conformance suite, by name (each is the base name of a golden vector file in `../shared/golden/`). */
import { editblockMiscSuite } from "./suite-editblock-misc.js";
import { editblockParseSuite } from "./suite-editblock-parse.js";
import { editblockReplaceSuite } from "./suite-editblock-replace.js";
import type { ConformanceSuite } from "./suite.js";

export const SUITES: readonly ConformanceSuite[] = [editblockReplaceSuite, editblockParseSuite, editblockMiscSuite];
