// Geometry shared by the timeline's components and its CSS module.
export const ROW_H = 22;
/** The waterfall's scroll box height (.scroll in timeline.module.css). */
export const SCROLL_H = 560;
export const LABEL_W = 300;
export const LANE_H = 34;
export const MINIMAP_H = 48;
/** Wheel zoom per 100 px of delta; buttons zoom by ZOOM_STEP. */
export const WHEEL_ZOOM_PER_100PX = 1.25;
export const ZOOM_STEP = 1.6;
/** URL writes wait this long after the last change (history.replaceState is not free). */
export const URL_DEBOUNCE_MS = 300;
