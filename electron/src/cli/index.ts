// Public surface of cli/: the `june studio` command (the package exports studio-command.ts as
// june-studio/cli) and how it decides between the desktop app and the web studio.
export { runStudioCommand } from "./studio-command.ts";
export type { StudioArgs, StudioIo } from "./studio-command.ts";
export { findElectronApp, BUILT_MAIN } from "./electron-app.ts";
export type { ElectronApp, ElectronAppOptions } from "./electron-app.ts";
export { studioFolder, SAMPLES_FOLDER } from "./studio-folder.ts";
