// Fitting the Agent tree without making it unreadable: the view zooms to fit the whole tree only
// down to the zoom at which a node's smallest text is still 12 CSS px; past that it keeps that
// zoom and pans instead — to the node the user should see (the one the run is busy in, or the
// selected one), else to the tree's top. React Flow's own fitView would shrink a deep tree until
// its text is a few pixels high.

/** A node's smallest text (its detail line) is 12 px at zoom 1: fitting never goes below. */
export const MIN_READABLE_ZOOM = 1;
/** Small trees are not blown up past this. */
export const MAX_FIT_ZOOM = 1.25;
const PADDING = 20;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/**
 * The viewport that shows `bounds` (the laid-out tree, in flow coordinates) in a pane of `pane`
 * pixels: all of it when it fits at a readable zoom, else the part around `focus` (default: the
 * top centre of the tree), never leaving empty space where the tree could be.
 *
 * @example
 * readableViewport({ width: 400, height: 300 }, { x: 0, y: 0, width: 2000, height: 900 });
 * // { x: …, y: 20, zoom: 1 } — the top of the tree, at a readable size
 */
export function readableViewport(pane: { width: number; height: number }, bounds: Box, focus?: Box): Viewport {
  const room = { width: Math.max(1, pane.width - 2 * PADDING), height: Math.max(1, pane.height - 2 * PADDING) };
  const fits = Math.min(room.width / Math.max(1, bounds.width), room.height / Math.max(1, bounds.height));
  const zoom = Math.min(MAX_FIT_ZOOM, Math.max(MIN_READABLE_ZOOM, fits));
  const target = focus ?? { x: bounds.x, y: bounds.y, width: bounds.width, height: 0 };
  return {
    x: axis(pane.width, bounds.x, bounds.width, target.x + target.width / 2, zoom),
    y: focus ? axis(pane.height, bounds.y, bounds.height, target.y + target.height / 2, zoom) : top(pane.height, bounds.y, bounds.height, zoom),
    zoom,
  };
}

// One axis: centre the content when it fits; else centre `at`, clamped so the content's edges
// stay at or beyond the pane's padding.
function axis(size: number, start: number, length: number, at: number, zoom: number): number {
  const content = length * zoom;
  if (content <= size - 2 * PADDING) return (size - content) / 2 - start * zoom;
  const centred = size / 2 - at * zoom;
  const most = PADDING - start * zoom;
  const least = size - PADDING - (start + length) * zoom;
  return Math.min(most, Math.max(least, centred));
}

function top(size: number, start: number, length: number, zoom: number): number {
  const content = length * zoom;
  if (content <= size - 2 * PADDING) return (size - content) / 2 - start * zoom;
  return PADDING - start * zoom;
}
