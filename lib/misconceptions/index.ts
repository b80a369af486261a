/**
 * Misconceptions: the catalogue of known wrong variants per exercise, the matcher that names the one a wrong answer
 * follows, and its text (English or a translation). The constructors and checks the variant files share stay in
 * their files (tests import them there). See README.md.
 */
export { MISCONCEPTIONS, misconceptionById, misconceptionsOf, RIGHT_ANSWERS } from "./catalogue.js";
export { matchMisconception, misconceptionReport, type MisconceptionReport, type ObservedCall } from "./match.js";
export { misconceptionText } from "./translations.js";
export { sameOutput } from "./same.js";
export type { Misconception, MisconceptionText, NotebookSection, RightAnswer } from "./types.js";
