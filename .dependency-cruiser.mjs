// The architecture's layers as dependency-cruiser rules (`npm run lint:deps`, part of `npm test`).
// The tables are not written here: they are read from docs/architecture.md (its tables marked
// `dependency-cruiser: …`), so the page and the rules cannot disagree. What this file adds is how
// a table becomes rules. engine/src/architecture.test.ts proves the rules catch what they should.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
const doc = join(root, "docs", "architecture.md");

/** Shipped code only: tests, fixtures, benchmarks and test helpers may reach across layers. */
export const NOT_SHIPPED = "(^|/)(fixtures|bench|test)/|\\.test\\.tsx?$|\\.test-support\\.tsx?$|\\.bench\\.tsx?$";

/**
 * The rows of the table after `<!-- dependency-cruiser: NAME -->` in docs/architecture.md, as
 * arrays of cells with backticks dropped. Throws when the marker or the table is missing (or has
 * no rows, unless it may be empty), so a page edited out of shape fails the lint instead of
 * silently checking nothing.
 */
export function readTable(text, name, { mayBeEmpty = false } = {}) {
  const marker = `<!-- dependency-cruiser: ${name} -->`;
  const at = text.indexOf(marker);
  if (at === -1) throw new Error(`docs/architecture.md has no table marked "${marker}"`);
  const lines = text.slice(at + marker.length).split("\n").map((line) => line.trim());
  const first = lines.findIndex((line) => line !== "");
  const rows = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith("|")) break;
    rows.push(line.slice(1, line.endsWith("|") ? -1 : undefined).split("|").map((cell) => cell.trim().replaceAll("`", "")));
  }
  // Header and the --- line first, then the rows.
  if (rows.length < 2 || !/^-+$/.test(rows[1][0])) throw new Error(`docs/architecture.md: no table follows "${marker}"`);
  if (rows.length === 2 && !mayBeEmpty) throw new Error(`docs/architecture.md: the table marked "${marker}" has no rows`);
  return rows.slice(2);
}

/** A floors table: `| floor | folder | what it is for | may also import |`. */
export function readFloors(text, name) {
  return readTable(text, name).map(([floor, folder, purpose, also], index) => {
    if (!/^\d+$/.test(floor ?? "") || !/^[a-z][a-z0-9-]*$/.test(folder ?? "")) {
      throw new Error(`docs/architecture.md: row ${index + 1} of "${name}" needs a floor number and a folder name`);
    }
    // "project (a known cycle, below)" names project; words in parentheses are the reason.
    const names = (also ?? "").replace(/\([^)]*\)/g, "").split(",").map((cell) => cell.trim()).filter(Boolean);
    return { floor: Number(floor), folder, purpose, also: names };
  });
}

/** The architecture the page describes: both floors tables, the browser-safe entries, the known cycles. */
export function readArchitecture(text = readFileSync(doc, "utf8")) {
  return {
    engine: readFloors(text, "engine floors"),
    hosts: readFloors(text, "host floors"),
    browserEntries: readTable(text, "browser-safe entries").map(([entry]) => entry),
    // Empty once the last known cycle is taken apart.
    knownCycles: readTable(text, "known cycles", { mayBeEmpty: true }).map(([a, b]) => [a, b]),
  };
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const anyOf = (paths) => `^(${paths.map(escape).join("|")})$`;

/** Files the engine publishes (`exports` in engine/package.json), as paths from the repository root. */
function engineExports() {
  const exports = JSON.parse(readFileSync(join(root, "engine", "package.json"), "utf8")).exports;
  return Object.values(exports)
    .filter((target) => target.startsWith("./src/"))
    .map((target) => `engine/${target.slice(2)}`);
}

/** One rule per folder of a floors table: nothing on its own floor or above, but what it may also import. */
function floorRules(base, floors) {
  return floors.flatMap(({ floor, folder, also }) => {
    const barred = floors.filter((other) => other.folder !== folder && other.floor >= floor && !also.includes(other.folder)).map((other) => other.folder);
    if (barred.length === 0) return [];
    return [
      {
        name: "floor-order",
        comment: `${base}${folder}/ is on floor ${floor} of docs/architecture.md: it imports no folder on its own floor or above (${barred.join(", ")}).`,
        severity: "error",
        from: { path: `^${escape(base + folder)}/`, pathNot: NOT_SHIPPED },
        to: { path: `^${escape(base)}(${barred.map(escape).join("|")})/` },
      },
    ];
  });
}

/** Any shipped file of a folder the table doesn't list: every folder is placed on a floor on purpose. */
function listedRule(base, floors, unplaced = []) {
  const listed = [...floors.map(({ folder }) => folder), ...unplaced].map(escape).join("|");
  return {
    name: "folder-not-in-table",
    comment: `Every folder of ${base} has a floor in docs/architecture.md; add this one to its table.`,
    severity: "error",
    from: { path: `^${escape(base)}[^/]+/`, pathNot: `^${escape(base)}(${listed})/|${NOT_SHIPPED}` },
    to: {},
  };
}

/**
 * No folder imports another that (directly or round a cycle) imports it back; the known cycles
 * of docs/architecture.md are let through for exactly their pair of folders, nothing more.
 */
function cycleRules(knownCycles) {
  const partners = new Map();
  for (const [a, b] of knownCycles) {
    partners.set(a, [...(partners.get(a) ?? []), b]);
    partners.set(b, [...(partners.get(b) ?? []), a]);
  }
  const rule = (from, to) => ({
    name: "no-folder-cycle",
    comment: "Two folders import each other, directly or round a cycle (docs/architecture.md, Cycles): one of them must not need the other.",
    severity: "error",
    scope: "folder",
    from,
    to: { circular: true, ...to },
  });
  return [
    rule(partners.size > 0 ? { pathNot: anyOf([...partners.keys()]) } : {}, {}),
    ...[...partners].map(([folder, others]) => rule({ path: anyOf([folder]) }, { pathNot: anyOf(others) })),
  ];
}

/** A name in a "may also import" cell that is no folder of its table is a typo, not an allowance. */
function checkAlso(name, floors) {
  const folders = new Set(floors.map(({ folder }) => folder));
  for (const { folder, also } of floors) {
    const unknown = also.filter((other) => !folders.has(other));
    if (unknown.length > 0) throw new Error(`docs/architecture.md: ${folder} of "${name}" may also import ${unknown.join(", ")}, which is no folder of that table`);
  }
}

/** The rule set docs/architecture.md describes. */
export function rulesOf(architecture, exported = engineExports()) {
  const { engine, hosts, browserEntries, knownCycles } = architecture;
  checkAlso("engine floors", engine);
  checkAlso("host floors", hosts);
  return [
    ...floorRules("engine/src/", engine),
    ...floorRules("electron/src/", hosts),
    listedRule("engine/src/", engine),
    listedRule("electron/src/", hosts, ["packaging"]),
    ...cycleRules(knownCycles),
    {
      name: "engine-folder-entry",
      comment: "Another engine folder is entered through its index.ts, a file the package exports (engine/package.json), or a browser-safe entry (docs/architecture.md).",
      severity: "error",
      from: { path: "^engine/src/([^/]+)", pathNot: NOT_SHIPPED },
      to: { path: "^engine/src/[^/]+/", pathNot: `^engine/src/$1/|^engine/src/[^/]+/index\\.ts$|${anyOf([...exported, ...browserEntries])}` },
    },
    {
      name: "engine-not-to-hosts-or-ui",
      comment: "The engine knows nothing of Electron, React or the renderer.",
      severity: "error",
      from: { path: "^engine/", pathNot: NOT_SHIPPED },
      to: { path: "^(electron|renderer)/|(^|/)node_modules/(electron|react|react-dom)/" },
    },
    {
      name: "outside-engine-through-exports",
      comment: "Outside the engine, engine/src is imported as the june package (its exports), or through a browser-safe entry.",
      severity: "error",
      from: { pathNot: `^engine/|${NOT_SHIPPED}` },
      to: { path: "^engine/src/", pathNot: anyOf([...exported, ...browserEntries]) },
    },
    {
      name: "hosts-not-to-renderer",
      comment: "The hosts serve the built renderer's files; they never import its code.",
      severity: "error",
      from: { path: "^electron/", pathNot: NOT_SHIPPED },
      to: { path: "^renderer/" },
    },
    {
      name: "contract-runtime-zod-only",
      comment: "The contract imports nothing at run time but zod and its own files (engine types are import type), so the renderer can take it whole.",
      severity: "error",
      from: { path: "^electron/src/contract/", pathNot: NOT_SHIPPED },
      to: { pathNot: "^electron/src/contract/|(^|/)node_modules/zod/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "renderer-to-contract-only",
      comment: "Of electron/src, the renderer imports only the contract (electron/src/contract/).",
      severity: "error",
      from: { path: "^renderer/", pathNot: NOT_SHIPPED },
      to: { path: "^electron/", pathNot: "^electron/src/contract/" },
    },
    {
      name: "renderer-to-browser-entry-only",
      comment: "Of the engine, the renderer imports only its browser-safe entries (docs/architecture.md).",
      severity: "error",
      from: { path: "^renderer/", pathNot: NOT_SHIPPED },
      to: { path: "^engine/", pathNot: anyOf(browserEntries) },
    },
    {
      name: "renderer-not-to-node-or-electron",
      comment: "The renderer runs in a browser: no node:* modules, no Electron.",
      severity: "error",
      from: { path: "^renderer/", pathNot: NOT_SHIPPED },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "renderer-not-to-node-or-electron",
      comment: "The renderer runs in a browser: no node:* modules, no Electron.",
      severity: "error",
      from: { path: "^renderer/", pathNot: NOT_SHIPPED },
      to: { path: "(^|/)node_modules/electron/" },
    },
    {
      name: "browser-entry-node-free",
      comment: "A browser-safe entry reaches nothing outside engine/src: no node:* module, no npm package.",
      severity: "error",
      from: { path: anyOf(browserEntries) },
      to: { reachable: true, pathNot: "^engine/src/" },
    },
    {
      name: "no-unresolvable",
      comment: "An import that resolves to nothing can't be checked against the layers (or run).",
      severity: "error",
      from: { pathNot: NOT_SHIPPED },
      to: { couldNotResolve: true },
    },
  ];
}

// Where the cruise starts when run with no paths (`npm run lint:deps` names them; the test too).
export const SOURCES = ["engine/src", "electron/src", "renderer/src"].filter((path) => existsSync(join(root, path)));

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: rulesOf(readArchitecture()),
  options: {
    exclude: { path: NOT_SHIPPED },
    doNotFollow: { path: "(^|/)node_modules/" },
    // `import type` counts: a type is a dependency of the design even when erased at build.
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    // "june", "june/project", …: the engine as a package, through its exports.
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "default"], extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
    // Folder-level cycles (no-folder-cycle) are computed with the folder metrics.
    metrics: true,
  },
};
