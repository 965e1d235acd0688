// `<>…</>`: groups children without adding anything of its own.
import { marked, type JuneNode } from "./element.ts";

export const Fragment = marked("fragment", "Fragment", (props: { children?: JuneNode }): JuneNode => props.children);
