import { describe, expect, it } from "vitest";
import { PAGES_WORKFLOW_PATH, pagesWorkflow } from "../../../lib/grader/release/pages.js";

describe("the GitHub Pages workflow a release adds", () => {
  it("builds the static site with the release's Node and publishes that folder", () => {
    const text = pagesWorkflow("22.4");
    expect(PAGES_WORKFLOW_PATH).toBe(".github/workflows/pages.yml");
    expect(text).toContain("node-version: '22.4'");
    const build = /npm run -s workbench -- site (\S+)/.exec(text);
    expect(build).not.toBeNull();
    expect(text).toMatch(new RegExp(`upload-pages-artifact@v\\d+\\n\\s+with:\\n\\s+path: ${build![1]}`));
    expect(text).toMatch(/pages: write/);
    expect(text).toMatch(/actions\/deploy-pages@v\d+/);
  });
});
