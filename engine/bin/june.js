#!/usr/bin/env node
// The `june` command. June ships TypeScript sources that Node runs directly (type stripping), so
// before loading them this checks the Node version, says what to do when it is too old, and
// hides Node's "type stripping is experimental" notice — and only that warning.

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 6)) {
  process.stderr.write(
    `june: June needs Node ≥ 22 (22.18 or later runs it as is); this is Node ${process.versions.node}. ` +
      "Install Node 22 or later, or run june through npm inside the June workspace " +
      "(npm exec -- june run <file.tsx>, or an npm script), which uses the Node 22 pinned there.\n",
  );
  process.exit(2);
}
if (!process.features.typescript) {
  process.stderr.write(
    `june: Node ${process.versions.node} runs TypeScript only with --experimental-strip-types, and June's sources are ` +
      "TypeScript. Upgrade to Node 22.18 or later, or run with NODE_OPTIONS=--experimental-strip-types.\n",
  );
  process.exit(2);
}

// Node prints warnings from its own "warning" listener; keep it for every other warning.
const printWarning = process.listeners("warning");
process.removeAllListeners("warning");
process.on("warning", (warning) => {
  if (warning.name === "ExperimentalWarning" && /type stripping|transform types/i.test(warning.message)) return;
  for (const listener of printWarning) listener.call(process, warning);
});

await import("../src/cli/main.ts");
