/** lib/loop/mentions.ts: the files a reply mentions (Aider's get_file_mentions). */
import { describe, expect, it } from "vitest";
import { findFileMentions } from "../../lib/loop/mentions.js";

describe("findFileMentions", () => {
  it("findFileMentions matches whole paths as words, punctuation and quotes stripped", () => {
    const reply = "Please add `src/app.py`, and (lib/util.py). Not app.py.bak or xsrc/app.py";
    expect(findFileMentions(reply, ["src/app.py", "lib/util.py", "app.py", "README.md"])).toEqual(["src/app.py", "lib/util.py"]);
  });
});
