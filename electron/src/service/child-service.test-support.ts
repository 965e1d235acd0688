// Shared by the *-child.test-support.ts scripts a test runs in a child process: a StudioService
// that logs to stderr, opened on `folder`, or the child exits with code 3 and the error on stderr.
import { StudioService } from "./studio-service.ts";

export async function openServiceOrExit(folder: string): Promise<StudioService> {
  const service = new StudioService({ log: (message) => void process.stderr.write(`${message}\n`) });
  const opened = await service.openFolder({ folder });
  if (!opened.ok) {
    process.stderr.write(`${folder}: ${opened.error.code}: ${opened.error.message}\n`);
    process.exit(3);
  }
  return service;
}
