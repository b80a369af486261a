/**
 * Suite `editblock_replace` (`aider/coders/editblock_coder.py` `replace_most_similar_chunk`; test/fixtures/golden/README.md): every case runs `replaceMostSimilarChunk(whole, part, replace)`
 * and must give Aider's return value (`expected`, null for None) AND the step that produced it (`stage`), written
 * as the vectors write it: the step name, or "none(dotdotdots ValueError: <text>)" when try_dotdotdots raised.
 */
import { replaceMostSimilarChunk, type ReplaceOutcome } from "../editblock/replace.js";
import { compareCase } from "./editblock-fields.js";
import { readCases } from "./format.js";
import type { ConformanceSuite } from "./suite.js";

/** The vectors' `stage` label for an outcome. */
export function stageLabel(o: ReplaceOutcome): string {
  return o.result === null && o.dotsError !== null ? `none(dotdotdots ValueError: ${o.dotsError})` : o.stage;
}

export const editblockReplaceSuite: ConformanceSuite = {
  name: "editblock_replace",
  description: "replace_most_similar_chunk: result and stage (perfect, whitespace, blank line, ...)",
  run(file) {
    return readCases(file, "cases").map((c) => {
      const whole = c.get<string>("whole", "string");
      const part = c.get<string>("part", "string");
      const replace = c.get<string>("replace", "string");
      const expected = { result: c.get<string | null>("expected", "string|null"), stage: c.get<string>("stage", "string") };
      return compareCase(c.id, expected, () => {
        const o = replaceMostSimilarChunk(whole, part, replace);
        return { result: o.result, stage: stageLabel(o) };
      });
    });
  },
};
