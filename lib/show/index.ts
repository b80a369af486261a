/** Presentation helpers for notebooks: HTML tables, SVG charts, the committed diagrams. */
export { htmlTable, formatCell, visibleWhitespace, TABLE_DEFAULTS, type TableOptions } from "./table.js";
export { barChart, lineChart, type BarChartOptions, type LineChartOptions, type Series } from "./chart.js";
export { diagram, diagramNames } from "./diagram.js";
