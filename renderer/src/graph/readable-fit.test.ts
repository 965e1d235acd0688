import { describe, expect, it } from "vitest";
import { MAX_FIT_ZOOM, MIN_READABLE_ZOOM, readableViewport } from "./readable-fit.ts";

describe("readableViewport", () => {
  it("fits a small tree whole, centred, no larger than the fit's maximum", () => {
    const view = readableViewport({ width: 800, height: 600 }, { x: 0, y: 0, width: 200, height: 100 });
    expect(view.zoom).toBe(MAX_FIT_ZOOM);
    expect(view.x).toBeCloseTo((800 - 200 * MAX_FIT_ZOOM) / 2);
    expect(view.y).toBeCloseTo((600 - 100 * MAX_FIT_ZOOM) / 2);
  });

  it("zooms out to fit a tree that fits at a readable size", () => {
    const view = readableViewport({ width: 540, height: 400 }, { x: 0, y: 0, width: 500, height: 300 });
    expect(view.zoom).toBe(1);
  });

  it("never zooms a big tree below the readable zoom: it shows the top of it instead", () => {
    const view = readableViewport({ width: 400, height: 300 }, { x: 0, y: 0, width: 2000, height: 900 });
    expect(view.zoom).toBe(MIN_READABLE_ZOOM);
    expect(view.y).toBe(20);
    // The top centre of the tree is in the middle of the pane.
    expect(view.x).toBeCloseTo(200 - 1000);
  });

  it("pans to the focused node when the tree does not fit, without leaving empty space past the tree's edge", () => {
    const bounds = { x: 0, y: 0, width: 2000, height: 900 };
    const deep = readableViewport({ width: 400, height: 300 }, bounds, { x: 1800, y: 800, width: 200, height: 52 });
    expect(deep.zoom).toBe(1);
    expect(deep.x).toBe(400 - 20 - 2000); // clamped: the tree's right edge at the pane's padding
    expect(deep.y).toBe(300 - 20 - 900);
    const middle = readableViewport({ width: 400, height: 300 }, bounds, { x: 900, y: 400, width: 200, height: 52 });
    expect(middle.x).toBe(200 - 1000);
    expect(middle.y).toBe(150 - 426);
  });
});
