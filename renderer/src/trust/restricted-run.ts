// Why Run is off in restricted mode: the Run region says it, and the Run button's tooltip.
export const RESTRICTED_RUN_REASON = "Run is off in restricted mode: none of this folder's code runs until you trust it (Trust folder, above).";
