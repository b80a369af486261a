/** Misconceptions: the catalogue of known wrong variants per exercise and the matcher that names one. */
export * from "./types.js";
export * from "./same.js";
export * from "./catalogue.js";
export * from "./match.js";
export * from "./translations.js";
