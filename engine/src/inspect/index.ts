// Public surface of inspect/.
export { inspect, collectErrors } from "./inspect.ts";
export type { InspectOptions } from "./inspect.ts";
