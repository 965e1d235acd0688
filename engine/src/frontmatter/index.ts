// Public surface of frontmatter/: the tolerant YAML frontmatter reader that markdown agents
// (markdown/) and skills (blocks/) share. It sits below both, so neither imports the other for it.
export { readFrontmatter } from "./read-frontmatter.ts";
export type { Frontmatter, FrontmatterProblem, FrontmatterResult } from "./read-frontmatter.ts";
