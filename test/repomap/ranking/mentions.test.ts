/** The "mentioned" sets the ranking personalises on (ranking/mentions.ts): identifiers, path components, stems. */
import { describe, expect, it } from "vitest";
import { currentMessageText, identFilenameMatches, mentionedIdentsFromText, pathComponents, pathStem } from "../../../lib/repomap/ranking/mentions.js";

describe("mentions", () => {
  it("splits on Python's Unicode \\W+: letters and digits of any script and _ are word characters, marks are not", () => {
    expect([...mentionedIdentsFromText("Fix foo_bar() in café.py!")]).toEqual(["Fix", "foo_bar", "in", "café", "py", ""]);
    expect([...mentionedIdentsFromText("cafe\u0301 ٣x")]).toEqual(["cafe", "٣x"]);
    expect([...mentionedIdentsFromText("")]).toEqual([""]);
    expect(currentMessageText(["a", "b c"])).toBe("a\nb c\n");
  });

  it("path components: parts ∪ basename ∪ basename without its last extension (os.path.splitext)", () => {
    expect([...pathComponents("src/pkg/utils.py")].sort()).toEqual(["pkg", "src", "utils", "utils.py"]);
    expect([...pathComponents("./x//y.tar.gz")].sort()).toEqual(["x", "y.tar", "y.tar.gz"]);
    expect([...pathComponents(".env")]).toEqual([".env"]);
    expect([...pathComponents("..a")]).toEqual(["..a"]);
  });

  it("ident-filename matches: ≥ 5 code points on both sides, case-insensitive, on pathlib stems", () => {
    expect(pathStem("a/b.tar.gz")).toBe("b.tar");
    expect(pathStem(".bashrc")).toBe(".bashrc");
    expect(identFilenameMatches(["Utils5", "abc", "Readme"], ["src/utils5.py", "x/UTILS5.md", "abc.py", "README", "docs/readme.rst"])).toEqual([
      "src/utils5.py",
      "x/UTILS5.md",
      "README",
      "docs/readme.rst",
    ]);
    expect(identFilenameMatches(["abcd"], ["abcd.py"])).toEqual([]);
  });
});
