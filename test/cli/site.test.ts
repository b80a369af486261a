import { describe, expect, it } from "vitest";
import { siteCommand } from "../../lib/cli/site.js";

const io = { stdout: () => {}, stderr: () => {}, isTTY: false };

describe("workbench site", () => {
  it("wants exactly one OUT folder and says so in one line", async () => {
    await expect(siteCommand.run([], io)).rejects.toThrow(/^site: give exactly one OUT folder/);
    await expect(siteCommand.run(["a", "b"], io)).rejects.toThrow(/exactly one OUT/);
    await expect(siteCommand.run(["--nope"], io)).rejects.toThrow(/site: .*--nope/);
  });
});
