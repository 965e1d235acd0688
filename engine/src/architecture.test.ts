// The architecture's rules (.dependency-cruiser.mjs, read from docs/architecture.md) catch what
// they should: each forbidden import in a small tree written here is reported under its rule's
// name, the real tree reports nothing, and the page's tables still fit the code (every folder is
// placed, every known cycle still exists). `npm run lint:deps` runs the same rules on the real tree.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { cruise, type ICruiseOptions, type ICruiseResult, type IConfiguration, type IForbiddenRuleType } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repo = join(new URL(".", import.meta.url).pathname, "..", "..");

interface Architecture {
  engine: { floor: number; folder: string; also: string[] }[];
  hosts: { floor: number; folder: string; also: string[] }[];
  browserEntries: string[];
  knownCycles: [string, string][];
}

interface RuleFile {
  default: IConfiguration;
  readArchitecture(): Architecture;
  rulesOf(architecture: Architecture): IForbiddenRuleType[];
  SOURCES: string[];
}

// A plain-JavaScript config (dependency-cruiser loads it as is), imported by URL so the type check
// doesn't look for its declarations.
const ruleFile = (await import(pathToFileURL(join(repo, ".dependency-cruiser.mjs")).href)) as RuleFile;
const config = ruleFile.default;

async function cruiseTree(baseDir: string, sources: string[], forbidden = config.forbidden as IForbiddenRuleType[]): Promise<ICruiseResult> {
  const options: ICruiseOptions = {
    ...config.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden },
    outputType: "json",
  };
  const { output } = await cruise(sources, options);
  return typeof output === "string" ? (JSON.parse(output) as ICruiseResult) : output;
}

function violations(result: ICruiseResult): string[] {
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

// Each case: the files of a small tree, laid out like the repository's, and what it must report.
const fixture: Record<string, string> = {
  // (a) a lower floor importing a higher one: trace (floor 1) imports run (floor 5).
  "engine/src/trace/index.ts": 'import { run } from "../run/index.ts";\nexport const trace = run;\n',
  "engine/src/run/index.ts": "export const run = 1;\n",
  // (b) a cycle between folders (renderer folders have no floors, so only the cycle is wrong).
  "renderer/src/graph/index.ts": 'import { store } from "../store/index.ts";\nexport const graph = () => store;\n',
  "renderer/src/store/index.ts": 'import { graph } from "../graph/index.ts";\nexport const store = () => graph;\n',
  // (c) the renderer reaching into the web host for its WebSocket client.
  "renderer/src/bridge/index.ts": 'import { client } from "../../../electron/src/web/client.ts";\nexport const bridge = client;\n',
  "electron/src/web/client.ts": "export const client = 1;\n",
  // A known cycle (compare ⇄ usage) is let through for its own pair, and no other.
  "renderer/src/compare/index.ts": 'import { usage } from "../usage/index.ts";\nimport { trust } from "../trust/index.ts";\nexport const compare = () => [usage, trust];\n',
  "renderer/src/usage/index.ts": 'import { compare } from "../compare/index.ts";\nexport const usage = () => compare;\n',
  "renderer/src/trust/index.ts": 'import { compare } from "../compare/index.ts";\nexport const trust = () => compare;\n',
  // The engine importing React, and one folder entering another past its index.ts.
  "engine/src/jsx/index.ts": 'import type { ReactNode } from "react";\nimport { JuneError } from "../errors/june-error.ts";\nexport type Node = ReactNode | JuneError;\n',
  "engine/src/errors/june-error.ts": "export class JuneError extends Error {}\n",
  "engine/src/errors/index.ts": 'export { JuneError } from "./june-error.ts";\n',
  // The renderer reaching into the engine past its browser-safe entry.
  "renderer/src/trace/index.ts": 'import { JuneError } from "../../../engine/src/errors/index.ts";\nexport const failed = JuneError;\n',
  // A folder docs/architecture.md doesn't place.
  "engine/src/unplaced/index.ts": 'import { JuneError } from "../errors/index.ts";\nexport const unplaced = JuneError;\n',
};

let tree: string;
let fixtureReport: string[];

beforeAll(async () => {
  tree = mkdtempSync(join(tmpdir(), "june-architecture-"));
  for (const [path, text] of Object.entries(fixture)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  // "react" must resolve for the rule to see where it leads.
  mkdirSync(join(tree, "node_modules", "react"), { recursive: true });
  writeFileSync(join(tree, "node_modules", "react", "package.json"), '{ "name": "react", "main": "index.js" }\n');
  writeFileSync(join(tree, "node_modules", "react", "index.js"), "module.exports = {};\n");
  // The page's rules with a known cycle of the fixture's own: the real table may list none.
  const rules = ruleFile.rulesOf({ ...ruleFile.readArchitecture(), knownCycles: [["renderer/src/compare", "renderer/src/usage"]] });
  fixtureReport = violations(await cruiseTree(tree, ["engine/src", "electron/src", "renderer/src"], rules));
});

afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe("the rules report a forbidden import under the rule's name", () => {
  it("a lower floor importing a higher one: floor-order", () => {
    expect(fixtureReport).toContain("floor-order: engine/src/trace/index.ts -> engine/src/run/index.ts");
  });

  it("two folders importing each other: no-folder-cycle, from both sides", () => {
    expect(fixtureReport).toContain("no-folder-cycle: renderer/src/graph -> renderer/src/store");
    expect(fixtureReport).toContain("no-folder-cycle: renderer/src/store -> renderer/src/graph");
  });

  it("the renderer importing electron/src/web: renderer-to-contract-only", () => {
    expect(fixtureReport).toContain("renderer-to-contract-only: renderer/src/bridge/index.ts -> electron/src/web/client.ts");
  });

  it("a known cycle is let through for its own pair of folders only", () => {
    const cycles = fixtureReport.filter((line) => line.startsWith("no-folder-cycle: renderer/src/compare") || line.startsWith("no-folder-cycle: renderer/src/usage"));
    expect(cycles).toEqual(["no-folder-cycle: renderer/src/compare -> renderer/src/trust"]);
    expect(fixtureReport).toContain("no-folder-cycle: renderer/src/trust -> renderer/src/compare");
  });

  it("the engine importing React: engine-not-to-hosts-or-ui", () => {
    expect(fixtureReport).toContain("engine-not-to-hosts-or-ui: engine/src/jsx/index.ts -> node_modules/react/index.js");
  });

  it("a folder entered past its index.ts: engine-folder-entry", () => {
    expect(fixtureReport).toContain("engine-folder-entry: engine/src/jsx/index.ts -> engine/src/errors/june-error.ts");
  });

  it("the renderer importing the engine past its browser-safe entry: renderer-to-browser-entry-only", () => {
    expect(fixtureReport).toContain("renderer-to-browser-entry-only: renderer/src/trace/index.ts -> engine/src/errors/index.ts");
  });

  it("a folder in no table of docs/architecture.md: folder-not-in-table", () => {
    expect(fixtureReport).toContain("folder-not-in-table: engine/src/unplaced/index.ts -> engine/src/errors/index.ts");
  });
});

describe("the real tree keeps to docs/architecture.md", () => {
  let real: ICruiseResult;
  beforeAll(async () => {
    real = await cruiseTree(repo, ruleFile.SOURCES);
  });

  it("reports nothing", () => {
    expect(real.summary.totalCruised).toBeGreaterThan(300);
    expect(violations(real)).toEqual([]);
  });

  it("every known cycle still exists (a fixed one leaves the table)", () => {
    const circular = new Set(
      (real.folders ?? []).flatMap((folder) => (folder.dependencies ?? []).filter((d) => d.circular).map((d) => `${folder.name} -> ${d.name}`)),
    );
    for (const [a, b] of ruleFile.readArchitecture().knownCycles) expect(circular).toContain(`${a} -> ${b}`);
  });

  it("every engine folder and host folder with shipped code has a floor", () => {
    const { engine, hosts } = ruleFile.readArchitecture();
    const shipped = (base: string) =>
      readdirSync(join(repo, base), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|test-support|bench)\.tsx?$/.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name).slice(join(repo, base).length + 1))
        .filter((path) => path.includes("/") && !/(^|\/)fixtures\//.test(path))
        .map((path) => path.split("/")[0]!);
    expect(new Set(shipped("engine/src"))).toEqual(new Set(engine.map((row) => row.folder)));
    expect(new Set(shipped("electron/src"))).toEqual(new Set(hosts.map((row) => row.folder)));
  });
});
