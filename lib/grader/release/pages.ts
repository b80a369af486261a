/**
 * The GitHub Pages workflow a release adds: on each push to main it builds the static notebook site
 * (`workbench site`, lib/notebooks/static/) and publishes it, so the notebooks run in the reader's browser at
 * `https://<user>.github.io/<repo>/` with nothing to install. Pure.
 */

/** Where the workflow goes in the release. */
export const PAGES_WORKFLOW_PATH = ".github/workflows/pages.yml";

/** The workflow (GitHub's own Pages actions; the site works from the repository's sub-path as it is). */
export function pagesWorkflow(nodeVersion: string): string {
  return `# Publishes the study notebooks as a static site on GitHub Pages: every code cell runs in the reader's browser.
# Turn it on once: Settings → Pages → Source: GitHub Actions. Written by \`workbench release\`; see README.md.
name: Notebook site
'on':
  push:
    branches: [main]
  workflow_dispatch:
permissions:
  contents: read
  pages: write
  id-token: write
concurrency:
  group: pages
  cancel-in-progress: true
jobs:
  build:
    runs-on: ubuntu-latest
    timeout-minutes: 30
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: '${nodeVersion}'
          cache: npm
      - run: npm ci
      - run: npm run -s workbench -- site _site
      - uses: actions/upload-pages-artifact@v3
        with:
          path: _site
  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
`;
}
