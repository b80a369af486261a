/** Conformance against Aider's golden vectors: the suites and the runner the `conformance` command uses. */
export * from "./format.js";
export * from "./suite.js";
export { SUITES } from "./suites.js";
