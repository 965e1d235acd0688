// <Step>: one tool loop in its enclosing agent's scope. A function child renders what it returns
// once the step has finished — how a workflow renders a new agent later.
import type { OutputInterface } from "ai";
import { marked, type JuneNode } from "../jsx/index.ts";

export interface StepProps {
  id: string;
  prompt: string;
  /** An AI SDK output, e.g. `Output.object({ schema })`, for a typed step result. */
  output?: OutputInterface<any, any>;
  children?: (result: any) => JuneNode;
}

/**
 * A step of the enclosing agent.
 *
 * @example
 * <Step id="plan" prompt="Plan the release">
 *   {(plan) => <Agent model={model}><Step id="do" prompt={`Do: ${plan}`} /></Agent>}
 * </Step>
 */
export const Step = marked("step", "Step", (_props: StepProps): JuneNode => null);
