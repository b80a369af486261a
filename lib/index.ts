/**
 * @aider-workbench/lib — the public API. Per mechanism, the seed page's teaching model (`teaching-*.ts`) and the
 * Aider-style production path (`aider-*.ts`) live side by side: repomap/, editblock/, git/;
 * loop/ runs Aider's whole loop on them with a scripted model.
 */
export { WorkbenchInputError, describeValue } from "./core/errors.js";
export * as pystr from "./core/pystr.js";
export * as difflib from "./core/difflib.js";
export { PythonError } from "./core/pyerror.js";
export * from "./repomap/index.js";
export * from "./editblock/index.js";
export * from "./git/index.js";
export * as editformats from "./editformats/index.js";
export * from "./loop/index.js";
export * from "./conformance/index.js";
export * as show from "./show/index.js";
export * as explore from "./explore/index.js";
export * as misconceptions from "./misconceptions/index.js";
