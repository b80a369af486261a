// mermaid-cli depends on puppeteer; we render with Debian's chromium instead of a downloaded browser.
module.exports = { skipDownload: true };
