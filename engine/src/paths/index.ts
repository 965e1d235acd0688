// Path containment shared by every floor above (the file tools, the sandbox, a Claude Code project).
export { isWithin } from "./within.ts";
