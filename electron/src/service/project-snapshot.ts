// A loaded project as the renderer sees it: plain data (entries with their inspected trees and
// problems), never the Project object with its elements and models.
import type { Project } from "june/project";
import type { ProjectSnapshot } from "../contract/index.ts";
import { plainJson } from "./plain-json.ts";

export function projectSnapshot(project: Project, loadedAt: number): ProjectSnapshot {
  return plainJson({
    folder: project.folder,
    ...(project.configFile ? { configFile: project.configFile } : {}),
    entries: project.entries,
    problems: project.problems,
    loadedAt,
  });
}
