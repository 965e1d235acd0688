// What the studio's host holds, as the memory benches sample it: heap and RSS after two full
// collections (the second catches what finalizers of the first freed), and what the service says
// it retains. One place for the measurement, so the benches' figures are taken the same way.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { StudioService } from "../src/service/studio-service.ts";

setFlagsFromString("--expose-gc");
/** A full collection of this isolate. */
export const gc = runInNewContext("gc") as () => void;

export interface HostMemory {
  heapMb: number;
  rssMb: number;
  loggedEvents: number;
  runEvents: number;
  runHandles: number;
}

export const mb = (bytes: number) => bytes / 1024 / 1024;

export function hostMemory(service: StudioService): HostMemory {
  gc();
  gc();
  const memory = process.memoryUsage();
  const { loggedEvents, runEvents, runHandles } = service.retained();
  return { heapMb: mb(memory.heapUsed), rssMb: mb(memory.rss), loggedEvents, runEvents, runHandles };
}
