/** The doughnut's limits (docs/dashboard.md, "Screen"): at most 275 px high, inner radius 0.75, redrawn 100 ms after resizing. */
export const CHART_MAX_HEIGHT = 275;
export const INNER_RADIUS = 0.75;
export const REDRAW_DEBOUNCE_MS = 100;
