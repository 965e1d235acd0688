// Public surface of history/: the "Runs" region and the JSON download it exports with.
export { RunsPanel } from "./RunsPanel.tsx";
export { downloadJson, exportFileName } from "./download.ts";
