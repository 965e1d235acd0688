// The wrapper elements: <Namespace name> prefixes, <RequireApproval> adds approval, to every
// capability declared inside them and nothing else.
import { marked, type JuneNode } from "../jsx/index.ts";

export interface NamespaceProps {
  name: string;
  children?: JuneNode;
}

/**
 * Puts `name_` in front of every tool inside.
 *
 * @example
 * <Namespace name="github"><Tool name="search" value={search} /></Namespace> // github_search
 */
export const Namespace = marked("namespace", "Namespace", (_props: NamespaceProps): JuneNode => null);

export interface RequireApprovalProps {
  children?: JuneNode;
}

/**
 * Every tool inside waits for approval, whatever it says itself.
 *
 * @example
 * <RequireApproval><Tool name="close" value={closeIssue} /></RequireApproval>
 */
export const RequireApproval = marked(
  "require-approval",
  "RequireApproval",
  (_props: RequireApprovalProps): JuneNode => null,
);
