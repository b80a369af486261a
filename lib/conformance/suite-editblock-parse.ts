/**
 * Suite `editblock_parse` (`aider/coders/editblock_coder.py` `find_original_update_blocks`; test/fixtures/golden/README.md): every case parses `content` with `findOriginalUpdateBlocks` and
 * must give the items Aider's generator yielded before stopping (`[path, search, replace]` or `[null, shell]`) and
 * the ValueError text it stopped with (or null).
 */
import { findOriginalUpdateBlocks } from "../editblock/parse.js";
import { compareCase, readFence, readStringsOrNull } from "./editblock-fields.js";
import { readCases } from "./format.js";
import type { ConformanceSuite } from "./suite.js";

export const editblockParseSuite: ConformanceSuite = {
  name: "editblock_parse",
  description: "find_original_update_blocks: edits, shell blocks and error text",
  run(file) {
    return readCases(file, "cases").map((c) => {
      const content = c.get<string>("content", "string");
      const fence = readFence(c);
      const validFnames = readStringsOrNull(c, "valid_fnames");
      const expected = { edits: c.get<unknown[]>("expected.edits", "array"), error: c.get<string | null>("expected.error", "string|null") };
      return compareCase(c.id, expected, () => {
        const { items, error } = findOriginalUpdateBlocks(content, fence, validFnames);
        return { edits: items.map((it) => (it.kind === "shell" ? [null, it.text] : [it.path, it.search, it.replace])), error };
      });
    });
  },
};
