// Just enough of Bun's global for the spec's example programs to typecheck unmodified under tsc.
// The tests only inspect the examples, so no tool's execute (and so no Bun call) ever runs.
declare namespace Bun {
  interface BunFile {
    text(): Promise<string>;
  }
  function file(path: string): BunFile;
  function write(path: string, data: string): Promise<number>;
}
