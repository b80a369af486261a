/**
 * @aider-workbench/lib/show — what the notebooks display: HTML tables, charts, the committed diagrams, and one
 * picture per mechanism (the reference graph, the power iteration, the token budget, diffs, D and E, a loop run,
 * a model call's context). Each picture is a pure function of its input. Defaults, layouts and helpers stay in
 * their files (tests import them there). See README.md.
 */

// tables, charts, folds and the committed diagrams
export { htmlTable, visibleWhitespace, type TableOptions } from "./table.js";
export { barChart, lineChart } from "./chart.js";
export { foldedHtml } from "./fold.js";
export { diagram } from "./diagram.js";

// repo map: the reference graph, the power iteration frame by frame, the token budget
export { graphPicture } from "./graph.js";
export { type GraphPictureInput } from "./graph-input.js";
export { iterationFrames, type IterationInput } from "./iteration.js";
export { stepper, type Frame } from "./stepper.js";
export { budgetPicture, strictPrefixLength, type BudgetPictureInput } from "./budget.js";

// SEARCH/REPLACE and git: a result or a commit as a coloured diff, D and E as sets
export { diffView, patchView } from "./diff.js";
export { vennPicture, type VennInput } from "./venn.js";

// the loop: a run as a timeline and a panel, a model call's context
export { timelinePicture, type TimelineEvent } from "./timeline.js";
export { foldedText, loopRunPanel, type LoopRunView } from "./loop-run.js";
export { contextPanel, type ContextMessageView } from "./context.js";
