/** Presentation helpers for notebooks: HTML tables, SVG charts and pictures (graph, iteration, budget, diffs, sets, loop timeline, a call's context), the committed diagrams. */
export { htmlTable, formatCell, visibleWhitespace, TABLE_DEFAULTS, type TableOptions } from "./table.js";
export { barChart, lineChart, type BarChartOptions, type LineChartOptions, type Series } from "./chart.js";
export { diagram, diagramNames } from "./diagram.js";
export { graphPicture, GRAPH_PICTURE_DEFAULTS, type GraphPictureOptions } from "./graph.js";
export { graphLayout, LAYOUT_DEFAULTS, type GraphPictureInput, type LayoutBox, type PictureEdge } from "./graph-input.js";
export { iterationFrames, stepFlows, ITERATION_DEFAULTS, type IterationInput, type IterationFramesOptions, type StepFlow } from "./iteration.js";
export { stepper, type Frame, type StepperOptions } from "./stepper.js";
export { budgetPicture, strictPrefixLength, BUDGET_PICTURE_DEFAULTS, type BudgetEntry, type BudgetProbe, type BudgetPictureInput, type BudgetPictureOptions } from "./budget.js";
export { diffView, patchView, type DiffViewOptions } from "./diff.js";
export { vennPicture, type VennInput, type VennOptions } from "./venn.js";
export { timelinePicture, TIMELINE_DEFAULTS, type TimelineEvent, type TimelineOptions } from "./timeline.js";
export { foldedHtml } from "./fold.js";
export { loopRunPanel, runSummary, foldedText, type LoopRunPanelOptions, type LoopRunView } from "./loop-run.js";
export { contextPicture, contextPanel, CONTEXT_PICTURE_DEFAULTS, type ContextMessageView, type ContextPictureOptions } from "./context.js";
