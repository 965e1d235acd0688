// How declarations, bundles and wrappers are named in records and errors — always as the JSX a
// user wrote, never with props that could carry secrets (a command's cwd or env).
import type { SourceLocation } from "../errors/index.ts";
import type { Frame } from "./declaration.ts";

export function toolLabel(name: string): string {
  return `<Tool name=${JSON.stringify(name)}>`;
}

export function bashLabel(name: string | undefined): string {
  return name === undefined ? "<Bash>" : `<Bash name=${JSON.stringify(name)}>`;
}

export function inheritLabel(names: readonly unknown[]): string {
  return `<Inherit capabilities={[${names.map((n) => JSON.stringify(n)).join(", ")}]}>`;
}

export function toolsLabel(sourceName: string): string {
  return `<Tools from=${JSON.stringify(sourceName)}>`;
}

export function callableLabel(name: string): string {
  return `defineAgent({ name: ${JSON.stringify(name)} })`;
}

export function delegateLabel(name: string): string {
  return `<Delegate name=${JSON.stringify(name)}>`;
}

export function toolsPropLabel(name: string): string {
  return `<Agent tools={{ ${JSON.stringify(name)} }}>`;
}

export function frameLabel(frame: Frame): string {
  switch (frame.kind) {
    case "bundle":
      return `<${frame.name}>`;
    case "namespace":
      return `<Namespace name=${JSON.stringify(frame.name)}>`;
    case "require-approval":
      return "<RequireApproval>";
  }
}

/** `<Tool name="search"> in <Namespace name="github">`: the declaration, then its frames outermost first. */
export function sourceString(label: string, frames: readonly Frame[]): string {
  return [label, ...frames.map(frameLabel)].join(" in ");
}

export function at(source: SourceLocation | undefined): string {
  return source ? ` (${source.file}:${source.line}:${source.column})` : "";
}
