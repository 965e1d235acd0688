// Run ids: time-ordered (base 36 milliseconds) with a random tail, so runs started in the same
// millisecond (or in different workers) never share one.
import { randomUUID } from "node:crypto";

/** A fresh run id, e.g. `run_mx2jbost_6b3827b9`. */
export function newRunId(): string {
  return `run_${Date.now().toString(36)}_${randomUUID().slice(0, 8)}`;
}
