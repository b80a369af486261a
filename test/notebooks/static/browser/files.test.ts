import { describe, expect, it, vi } from "vitest";
import { loadFiles, NOTEBOOK_DIR, projectFiles } from "../../../../lib/notebooks/static/browser/files.js";

describe("the browser runtime's in-memory files", () => {
  it("fetches files.json beside the worker once and puts its files under the project root", async () => {
    vi.stubGlobal("self", { location: { href: "http://site.test/sub/assets/site/worker.js" } });
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (u: URL) => (asked.push(String(u)), new Response(JSON.stringify({ "lib/a.ts": "x" }))));
    await Promise.all([loadFiles(), loadFiles()]);
    expect(asked).toEqual(["http://site.test/sub/assets/site/files.json"]);
    expect([...projectFiles()]).toEqual([["/project/lib/a.ts", "x"]]);
    expect(NOTEBOOK_DIR).toBe("/project/notebooks");
  });
});
