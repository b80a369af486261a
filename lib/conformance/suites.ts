/**
 * Every conformance suite, by name (each is the base name of a golden vector file in `test/fixtures/golden/`, except
 * `render_tree`, which reads `treecontext-render.json`: the name the vector file gives it, after Aider's function).
 */
import { editblockMiscSuite } from "./suite-editblock-misc.js";
import { editblockParseSuite } from "./suite-editblock-parse.js";
import { editblockReplaceSuite } from "./suite-editblock-replace.js";
import type { ConformanceSuite } from "./suite.js";
import { mapSearchSuite } from "./suite-map-search.js";
import { pagerankSuite } from "./suite-pagerank.js";
import { repomapRankingSuite } from "./suite-repomap-ranking.js";
import { renderTreeSuite } from "./suite-render-tree.js";
import { udiffSuite } from "./suite-udiff.js";
import { patchSuite } from "./suite-patch.js";
import { wholefileSuite } from "./suite-wholefile.js";
import { editblockFencedSuite } from "./suite-editblock-fenced.js";

export const SUITES: readonly ConformanceSuite[] = [
  pagerankSuite,
  mapSearchSuite,
  repomapRankingSuite,
  editblockReplaceSuite,
  editblockParseSuite,
  editblockMiscSuite,
  renderTreeSuite(),
  udiffSuite,
  patchSuite,
  wholefileSuite,
  editblockFencedSuite,
];
