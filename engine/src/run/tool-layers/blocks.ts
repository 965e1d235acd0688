// A block's loader tool assembles context rather than acting: each call is recorded as a block
// load of the run (beside its node), and its layers have no replay and no boundary — it runs live
// in a replay and is not where a stepping run stops.
import type { Place } from "../run-context.ts";
import { layer, type ToolLayer } from "./tool-call.ts";

/**
 * Records each call of the loader of `block` in the run's block loads.
 *
 * @example
 * composeLayers([blockLoadLayer(place, "style"), traceLayer(place, stepNodeId, { kind: "block-load", name: "style" })], liveExecute(loader, place));
 */
export function blockLoadLayer(place: Place, block: string): ToolLayer {
  return (next) =>
    layer((call) => {
      place.ctx.blocksLoaded.push({ block, agentPath: [...place.agentPath], step: place.stepId ?? "" });
      return next.execute(call);
    });
}
