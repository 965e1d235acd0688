// Public surface of contract/.
export * from "./studio-contract.ts";
