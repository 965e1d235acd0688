// Public surface of pricing/: model prices and what a call cost.
export { defaultPrices } from "./price-table.ts";
export { costOf, priceOf } from "./cost.ts";
export type { ModelPrice, PriceTable } from "./types.ts";
