// Public surface of fork/: the "Fork from here" form and a model call's whole prompt.
export { ForkForm } from "./ForkForm.tsx";
export type { ForkFormProps } from "./ForkForm.tsx";
export { fullPrompt } from "./full-prompt.ts";
