// Public surface of source/: the "Source" panel, which shows the project file a file:line link
// opened (read through the host's readSource), highlighted, with the line marked.
export { SourcePanel } from "./SourcePanel.tsx";
