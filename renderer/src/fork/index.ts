// Public surface of fork/: the "Fork from here" form.
export { ForkForm } from "./ForkForm.tsx";
export type { ForkFormProps } from "./ForkForm.tsx";
