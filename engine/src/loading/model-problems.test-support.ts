// For tests whose fixtures' agents get their model from the run (run(…, { model }), a scripted
// override), not from the project: the project's problems apart from its agents' models, which
// model-problems.test.ts holds to account. (Without a model, or a key in this machine's
// environment, the project says so, and that is not what those tests are about.)
import type { Problem } from "./problem.ts";

/** The problems that are not JUNE_NO_MODEL or JUNE_MISSING_API_KEY. */
export function apartFromModels<P extends Pick<Problem, "code">>(problems: readonly P[]): P[] {
  return problems.filter((p) => p.code !== "JUNE_NO_MODEL" && p.code !== "JUNE_MISSING_API_KEY");
}
