/**
 * The parser laws (lib/explore/laws-parser.ts) on hand-built replies: getEdits yields edits or one of its three
 * errors quoting a prefix of the reply; formatEditBlock → getEdits gives the edits back on plain names and lines,
 * and not when a line is a marker (the format has no escaping, `aider/coders/editblock_coder.py` `find_original_update_blocks`) or a name loses what strip_filename
 * trims. The fast-check runs are test/properties/parser.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { Fence } from "../../lib/editblock/fence.js";
import { formatAndParse, PARSER_LAWS, parserRoundTrip, parserRoundTripAnyName, parserRoundTripAnyText, parserTotal } from "../../lib/explore/laws-parser.js";
import { expectCatalogued } from "./catalogued.js";

const TICKS: Fence = ["```", "```"];
const SOURCE: Fence = ["<source>", "</source>"];

describe("formatAndParse", () => {
  it("formats each edit as a block (name, fence, markers) and parses the reply with the edits' names", () => {
    const { reply, parsed } = formatAndParse({ edits: [{ path: "a.py", search: "x\n", replace: "y\n" }], fence: TICKS });
    expect(reply).toBe("a.py\n```\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n");
    expect(parsed).toEqual({ ok: true, edits: [{ path: "a.py", search: "x\n", replace: "y\n" }], shellCommands: [] });
  });
});

describe("the parser laws on hand-built replies", () => {
  it("any reply gives edits, shell blocks, or a documented error after a prefix of it", () => {
    const replies = [
      "a.py\n```\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n",
      "```bash\nls\n```\n",
      "a.py\n<<<<<<< SEARCH\nx\n", // no divider: "Expected `=======`"
      "a.py\n<<<<<<< SEARCH\nx\n=======\ny\n", // no end marker
      "<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n", // no file name
      "",
      "\u0000\r\u2028",
    ];
    for (const content of replies) expect(parserTotal.check({ content, fence: TICKS, validFnames: null }), JSON.stringify(content)).toBeNull();
  });

  it("plain names and lines come back the same with every fence, several edits in one reply", () => {
    const edits = [{ path: "a.py", search: "x\n", replace: "y\n" }, { path: "src/b.py", search: "", replace: "z\n" }];
    expect(parserRoundTrip.check({ edits, fence: TICKS })).toBeNull();
    expect(parserRoundTrip.check({ edits, fence: SOURCE })).toBeNull();
    expect(parserRoundTripAnyText.check({ edits, fence: TICKS })).toBeNull();
    expect(parserRoundTripAnyName.check({ edits, fence: TICKS })).toBeNull();
  });

  it("a REPLACE line '>>>>>>> REPLACE' ends the block there: REPLACE comes back empty", () => {
    const c = { edits: [{ path: "a.py", search: "x\n", replace: ">>>>>>> REPLACE\ny\n" }], fence: TICKS };
    expect(parserRoundTripAnyText.check(c)).toBe('parsed back as [{"path":"a.py","search":"x\\n","replace":""}]');
  });

  it("a name that is only a space is stripped to nothing: the reply is rejected for its missing file name", () => {
    expect(parserRoundTripAnyName.check({ edits: [{ path: " ", search: "x\n", replace: "y\n" }], fence: TICKS })).toBe(
      "parse error: ^^^ Bad/missing filename. The filename must be alone on the line before the opening fence ```",
    );
  });

  it("'b:' loses its colon, and 'b' is too short to be matched back to it (close match needs a ratio ≥ 0.8)", () => {
    expect(parserRoundTripAnyName.check({ edits: [{ path: "b:", search: "x\n", replace: "y\n" }], fence: TICKS })).toBe(
      'parsed back as [{"path":"b","search":"x\\n","replace":"y\\n"}]',
    );
    // "a.py" against "a.py:" has ratio 8/9: the close match restores the name and the round trip holds
    expect(parserRoundTripAnyName.check({ edits: [{ path: "a.py:", search: "x\n", replace: "y\n" }], fence: TICKS })).toBeNull();
  });
});

describe("the parser laws' rows and metadata", () => {
  it("the reply law shows the reply and what came of it", () => {
    expect(parserTotal.rows({ content: "```bash\nls\n```\n", fence: TICKS, validFnames: null })).toEqual([
      { what: "reply", text: "```bash\nls\n```\n" },
      { what: "0 edit(s), 1 shell block(s)", text: "[]" },
    ]);
    expect(parserTotal.rows({ content: "a.py\n<<<<<<< SEARCH\nx\n", fence: TICKS, validFnames: null })[1]).toEqual({
      what: "error",
      text: "a.py\n<<<<<<< SEARCH\nx\n\n^^^ Expected `=======`",
    });
  });

  it("the round-trip laws show the reply, the edits and what was parsed (or the error)", () => {
    const rows = parserRoundTripAnyText.rows({ edits: [{ path: "a.py", search: "x\n", replace: ">>>>>>> REPLACE\n" }], fence: TICKS });
    expect(rows.map((r) => [r.what, r.replace])).toEqual([["reply", ""], ["edit 1", ">>>>>>> REPLACE\n"], ["parsed 1", ""]]);
    expect(parserRoundTripAnyName.rows({ edits: [{ path: " ", search: "", replace: "" }], fence: TICKS }).at(-1)!.what).toBe("parse error");
  });

  it("are the catalogue's parser laws; the two refuted ones are those parted above", () => {
    expectCatalogued(PARSER_LAWS, "parser");
    expect(PARSER_LAWS.map((l) => l.verdict)).toEqual(["holds", "holds", "fails", "fails"]);
  });
});
