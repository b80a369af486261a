/**
 * The reply parser (lib/explore/laws-parser.ts): total on any text, and the format → parse round trip, where it
 * holds and where it breaks. The teaching model has no parser. Example-based parser tests:
 * test/editblock/parse.test.ts.
 */
import { describe, expect } from "vitest";
import { formatEditBlock, getEdits } from "../../lib/index.js";
import { MISSING_FILENAME_ERROR } from "../../lib/editblock/parse.js";
import { catalogueCovered, lawHolds, lawRefuted } from "./laws.js";
import { parserRoundTrip, parserRoundTripAnyName, parserRoundTripAnyText, parserTotal } from "../../lib/explore/laws-parser.js";

describe("the reply parser", () => {
  lawHolds(parserTotal, 300);
  lawHolds(parserRoundTrip, 200);

  lawRefuted(parserRoundTripAnyText, [
    {
      name: "a REPLACE line '=======' is read as a second divider and ends the block",
      seed: 1,
      path: "0:0:0:0:1:1:1:1:1",
      counterexample: { edits: [{ path: "0_", search: "", replace: "=======\n" }], fence: ["```", "```"] },
      shows(c) {
        const reply = formatEditBlock(c.edits[0]!, c.fence);
        expect(reply).toBe("0_\n```\n<<<<<<< SEARCH\n=======\n=======\n>>>>>>> REPLACE\n```\n");
        expect(getEdits(reply, c.fence, ["0_"])).toEqual({ ok: true, edits: [{ path: "0_", search: "", replace: "" }], shellCommands: [] });
      },
    },
  ]);

  lawRefuted(parserRoundTripAnyName, [
    {
      name: "a file named '`' is stripped to nothing: the reply is rejected",
      seed: 1,
      path: "0:0:0:1:1:1",
      counterexample: { edits: [{ path: "`", search: "", replace: "" }], fence: ["```", "```"] },
      shows(c) {
        const r = getEdits(formatEditBlock(c.edits[0]!, c.fence), c.fence, ["`"]);
        expect(r.ok).toBe(false);
        expect(!r.ok && r.error.endsWith(`^^^ ${MISSING_FILENAME_ERROR(c.fence)}`)).toBe(true);
      },
    },
    {
      name: "a file named '*a' comes back as 'a'",
      seed: 10,
      path: "0:0:1:0:2:2:2:2:2",
      counterexample: { edits: [{ path: "*a", search: "", replace: "" }], fence: ["```", "```"] },
      shows(c) {
        const r = getEdits(formatEditBlock(c.edits[0]!, c.fence), c.fence, ["*a"]);
        expect(r).toEqual({ ok: true, edits: [{ path: "a", search: "", replace: "" }], shellCommands: [] });
      },
    },
  ]);

  catalogueCovered("parser");
});
