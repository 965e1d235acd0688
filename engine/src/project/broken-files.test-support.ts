// Broken project files for loader.invariant.test.ts, generated from a seed: markdown agent files
// with mutated frontmatter (wrong types, bad quoting, anchors and aliases, duplicate keys, huge
// values, deep nesting, binary bytes, CRLF, BOM/RTL/astral text, missing or extra `---`) and
// workflow files that fail every way a load can (syntax, a throw at import, a default export that
// is no component, a missing import, a render that throws). Every workflow is finite: no endless
// loops and no process.exit (those are about the process, not the loader).
import type { Random } from "../../test/support/invariants.ts";

/** One generated file: its bytes and the mutations that made it (for a failure's report). */
export interface GeneratedFile {
  content: string | Buffer;
  mutations: string[];
  /** True when the file can't load: the loader must report a problem naming it. */
  mustFail: boolean;
}

// ── Markdown agents ─────────────────────────────────────────────────────────────────────────

/** A markdown agent as lines, so mutations can work on the frontmatter before it is joined. */
interface AgentDraft {
  open: string | undefined;
  front: string[];
  close: string | undefined;
  body: string;
  eol: string;
  bom: boolean;
  /** Byte-level damage applied last. */
  bytes?: (content: Buffer) => Buffer;
}

/** A valid agent file named `name`: what a mutated file starts from, and what sits beside them. */
export function validAgent(name: string): string {
  return `---\nname: ${name}\ndescription: Reviews changes for ${name}: carefully\nmodel: sonnet\ntools: Read, Grep\n---\nYou are ${name}. Review what you are given.\n`;
}

const KNOWN_KEYS = ["name", "description", "model", "tools", "maxTurns", "principal", "reasoning", "skills", "disallowedTools"];
const WRONG_VALUES = ["42", "3.5", "true", "null", "~", "[a, b]", "{a: 1}", "2001-12-14", "!!binary aGVsbG8=", '""', '" "', ".inf", "0x1F", "[]", "{}", "-1", "0"];
const HOSTILE_KEYS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype", "color", "permissionMode", "hooks", "blocks", "output"];

type AgentMutation = (random: Random, draft: AgentDraft, tag: string) => void;

/** Where in the frontmatter a line goes: anywhere after the first line. */
const at = (random: Random, draft: AgentDraft) => random.int(0, draft.front.length);
const keyIndex = (draft: AgentDraft, key: string) => draft.front.findIndex((line) => line.startsWith(`${key}:`));

function setKey(draft: AgentDraft, key: string, value: string): void {
  const index = keyIndex(draft, key);
  if (index >= 0) draft.front[index] = `${key}: ${value}`;
  else draft.front.push(`${key}: ${value}`);
}

const AGENT_MUTATIONS: Record<string, AgentMutation> = {
  wrongType(random, draft) {
    const key = random.pick(KNOWN_KEYS);
    const value = random.pick(WRONG_VALUES);
    if (random.chance(0.2)) setKey(draft, key, `\n  - ${value}\n  - ${random.pick(WRONG_VALUES)}`);
    else setKey(draft, key, value);
  },
  unclosedQuote(random, draft, tag) {
    const quote = random.pick(['"', "'"]);
    setKey(draft, random.pick(["name", "description", "model", "tools"]), `${quote}${tag} never closed`);
  },
  anchorsAndAliases(random, draft, tag) {
    switch (random.int(0, 5)) {
      case 0:
        draft.front.push(`shared: &shared ${tag} via an anchor`);
        setKey(draft, "description", "*shared");
        break;
      case 1:
        setKey(draft, "name", `&n ${tag}`);
        setKey(draft, "description", "*n");
        break;
      case 2:
        setKey(draft, "description", "*nowhere");
        break;
      case 3: {
        // The billion laughs, small: each level multiplies the one before by nine.
        const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
        for (const name of "bcdefg") levels.push(`${name}: &${name} [${Array(9).fill(`*${String.fromCharCode(name.charCodeAt(0) - 1)}`).join(", ")}]`);
        draft.front.push(...levels);
        break;
      }
      case 4:
        draft.front.push("loop: &loop [*loop]");
        break;
      default:
        draft.front.push(...Array.from({ length: random.int(50, 500) }, (_, i) => `k${i}: &a${i} ${i > 0 && random.chance(0.5) ? `*a${i - 1}` : "v"}`));
    }
  },
  duplicateKeys(random, draft, tag) {
    const key = random.pick(["name", "description", "model", "tools", "color"]);
    draft.front.splice(at(random, draft), 0, `${key}: ${tag} again`);
    if (random.chance(0.3)) draft.front.push(`nested:\n  a: 1\n  a: 2`);
  },
  deepNesting(random, draft) {
    const depth = random.int(100, 2000);
    switch (random.int(0, 3)) {
      case 0:
        draft.front.push(`deep: ${"[".repeat(depth)}${"]".repeat(depth)}`);
        break;
      case 1:
        draft.front.push(`deep: ${"{a: ".repeat(depth)}1${"}".repeat(depth)}`);
        break;
      case 2:
        draft.front.push(`deep: ${"[".repeat(depth)}`);
        break;
      default: {
        const levels = Math.min(depth, 300);
        draft.front.push("deep:", ...Array.from({ length: levels }, (_, i) => `${" ".repeat(i + 1)}k${i}:`), `${" ".repeat(levels + 1)}leaf`);
      }
    }
  },
  binaryBytes(random, draft) {
    const count = random.int(1, 64);
    const whole = random.chance(0.1);
    draft.bytes = (content) => {
      if (whole) return random.bytes(random.int(0, 4096));
      const out = Buffer.from(content);
      for (let i = 0; i < count && out.length > 0; i++) out[random.int(0, out.length - 1)] = random.int(0, 255);
      return random.chance(0.3) ? Buffer.concat([out, Buffer.from([0, 0xff, 0xfe, 0xc3, 0x28])]) : out;
    };
  },
  lineEnds(random, draft) {
    draft.eol = random.pick(["\r\n", "\r", "\n\r", "\r\r\n"]);
  },
  unicode(random, draft, tag) {
    draft.bom = random.chance(0.5);
    const odd = random.pick(["\u202Eevil\u202C", "😀", "𝕏𝕐", "𠜎", "e\u0301\u0301", "\u200B\u200D", "\ud800", "\u2028", "\u00A0", "שלום", "مرحبا", "\uFEFF"]);
    if (random.chance(0.5)) setKey(draft, "name", `${tag}${odd}`);
    else setKey(draft, "description", `${odd} describes ${odd}`);
    if (random.chance(0.2)) draft.front.push(`\u00A0indented: ${odd}`);
  },
  fences(random, draft) {
    switch (random.int(0, 7)) {
      case 0:
        draft.open = undefined;
        break;
      case 1:
        draft.close = undefined;
        break;
      case 2:
        draft.open = "---\n---";
        break;
      case 3:
        draft.open = random.pick(["--- ", " ---", "----", "-- -", "---\t"]);
        break;
      case 4:
        draft.close = random.pick(["...", "----", " ---", "-- -"]);
        break;
      case 5:
        draft.front.splice(at(random, draft), 0, "---");
        break;
      case 6:
        draft.open = undefined;
        draft.close = undefined;
        draft.front = [];
        draft.body = random.pick(["", " ", "\n\n", "---", "---\n---\n"]);
        break;
      default:
        draft.front.unshift("%YAML 1.1", "---");
    }
  },
  hostileKeys(random, draft) {
    const key = random.pick(HOSTILE_KEYS);
    draft.front.splice(at(random, draft), 0, `${key}: ${random.pick(["x", "{a: 1}", "[1, 2]", "", "null"])}`);
  },
  oddKeys(random, draft) {
    draft.front.splice(at(random, draft), 0, random.pick(["? [a, b]\n: c", "1: one", "~: nothing", "? : empty", '"quoted key": v', "key with spaces: v", "[a]: b", "\tname: tabbed", "# a comment: with a colon"]));
  },
  oddTools(random, draft, tag) {
    const key = random.pick(["tools", "disallowedTools", "skills"]);
    const value =
      key === "skills"
        ? random.pick([`./missing-${tag}`, "npm:", `npm:${tag}-skill`, `["./a", 3]`, `[""]`])
        : random.pick(["mcp__nowhere__x", "Bash(git diff:*)", "MCP(nowhere)", '""', ",,,", "Read, , Grep", `[${Array(200).fill("Read").join(", ")}]`, "WebFetch", "Task(x)", "mcp__", "*"]);
    setKey(draft, key, value);
  },
};

/** Huge files: the only mutations big enough to find work that grows faster than the file. */
const HUGE_MUTATIONS: Record<string, AgentMutation> = {
  hugeValue(random, draft) {
    setKey(draft, "description", `${"so many words: ".repeat(random.int(100_000, 200_000))}end`);
  },
  manyKeys(random, draft) {
    // Under one key, so the file makes one unknown-key warning rather than 100,000; and strict
    // YAML, so it is parsed once (a `: ` in the description would parse it again, recovered).
    setKey(draft, "description", "Reviews with many keys");
    draft.front.push("extra:", ...Array.from({ length: random.int(100_000, 120_000) }, (_, i) => `  key${i}: v${i}`));
  },
  longBlankRun(random, draft) {
    // A value strict YAML refuses sends the frontmatter through recovery, line by line.
    setKey(draft, "description", "when: it breaks: fix it");
    draft.front.push(`x${" ".repeat(random.int(1_000_000, 2_000_000))}y`);
  },
  hugeBody(random, draft) {
    draft.body = "Instructions: do it.\n".repeat(random.int(100_000, 200_000));
  },
  hugeBlock(random, draft) {
    setKey(draft, "description", `|\n${"  a line of a block scalar: kept\n".repeat(random.int(50_000, 100_000))}`);
  },
};

/** The kinds of huge file, each a few megabytes; a suite cycles through them. */
export const HUGE_KINDS = Object.keys(HUGE_MUTATIONS);

/**
 * A mutated agent file whose name (where it still has one) holds `tag`, so no two generated files
 * share a name. With `huge` (one of HUGE_KINDS), a file of a few megabytes instead.
 */
export function mutatedAgent(random: Random, tag: string, huge?: string): GeneratedFile {
  const lines = validAgent(tag).split("\n");
  const close = lines.indexOf("---", 1);
  const draft: AgentDraft = { open: "---", front: lines.slice(1, close), close: "---", body: lines.slice(close + 1).join("\n"), eol: "\n", bom: false };
  const mutations = huge ? [huge] : Array.from({ length: random.int(1, 3) }, () => random.pick(Object.keys(AGENT_MUTATIONS)));
  for (const name of mutations) (huge ? HUGE_MUTATIONS : AGENT_MUTATIONS)[name]!(random, draft, tag);
  const text = [...(draft.open === undefined ? [] : [draft.open]), ...draft.front, ...(draft.close === undefined ? [] : [draft.close]), draft.body].join("\n");
  const content = Buffer.from(`${draft.bom ? "\uFEFF" : ""}${text.replace(/\n/g, draft.eol)}`, "utf8");
  return { content: draft.bytes ? draft.bytes(content) : content, mutations, mustFail: false };
}

// ── Workflows ───────────────────────────────────────────────────────────────────────────────

const HEADER = `import { Agent, Step, Tool } from "june";\nimport { scripted } from "june/sdk/scripted";\n`;

/** A valid workflow: one agent on a scripted model, one step. */
export function validWorkflow(name: string): string {
  return `${HEADER}
export default function ${name}() {
  return (
    <Agent model={scripted([{ text: "done" }])}>
      <Step id="go" prompt="Do it" />
    </Agent>
  );
}
`;
}

/** Throwables a careless or hostile module can throw: not every one is an Error, or even printable. */
const THROWABLES = [
  'new Error("boom")',
  '"a string"',
  "42",
  "null",
  "undefined",
  "Object.create(null)",
  'Object.defineProperty(new Error("x"), "message", { get() { throw new Error("message getter"); } })',
  'new Proxy({}, { get() { throw new Error("proxy get"); }, getPrototypeOf() { throw new Error("proxy proto"); } })',
  'Symbol("thrown")',
  '{ name: "JuneError", message: "not really" }',
];

type WorkflowMutation = (random: Random, tag: string) => { text: string | Buffer; mustFail: boolean };

const component = (tag: string, body: string) => `${HEADER}\nexport default function W${tag}() {\n${body}\n}\n`;

const WORKFLOW_MUTATIONS: Record<string, WorkflowMutation> = {
  syntaxError(random, tag) {
    const body = random.pick([
      "  return <Agent>;",
      "  return (<Agent model={scripted([])}><Step id=\"s\" prompt=\"p\"></Agent>);",
      "  const = 1;",
      "  return @@@;",
      "  if (true) {",
      '  return <Agent model={scripted([{ text: "x" }])}><Step id="s" prompt="p" /></Agent>;\n}}',
      "  return `unterminated;",
    ]);
    return { text: component(tag, body), mustFail: true };
  },
  truncated(random, tag) {
    const text = validWorkflow(`W${tag}`);
    const start = text.indexOf("export default") + "export default".length;
    return { text: text.slice(0, random.int(start, text.length - 1)), mustFail: false };
  },
  garbage(random, tag) {
    const text = Buffer.from(validWorkflow(`W${tag}`));
    const start = text.indexOf("export default") + 20;
    for (let i = 0; i < random.int(1, 16); i++) text[random.int(start, text.length - 1)] = random.int(0, 255);
    return { text, mustFail: false };
  },
  throwsAtImport(random, tag) {
    // Either a value thrown, or an expression that throws on its own.
    const statement = random.pick([...THROWABLES.map((thrown) => `throw ${thrown};`), 'JSON.parse("{");', "undefinedVariable.property;", "new Array(-1);"]);
    const where = random.pick(["top", "await", "helper"]);
    const code =
      where === "top" ? statement : where === "await" ? `await Promise.resolve().then(() => { ${statement} });` : `function helper() { ${statement} }\nhelper();`;
    return { text: `${HEADER}\n${code}\nexport default function W${tag}() { return null; }\n`, mustFail: true };
  },
  defaultNotAComponent(random, tag) {
    const value = random.pick(["42", "{}", '"a string"', "null", "undefined", "[Agent]", 'Symbol("x")', "new Map()", "Promise.resolve(1)", "true"]);
    return { text: `${HEADER}\nconst tag = "${tag}";\nexport default ${value};\n`, mustFail: true };
  },
  hostileDefault(random, tag) {
    const value = random.pick([
      `new Proxy(function W${tag}() { return null; }, { get() { throw new Error("proxy get"); } })`,
      `Object.defineProperty(function W${tag}() { return null; }, "name", { get() { throw new Error("name getter"); } })`,
      "class { static name = 42; }",
      `new Proxy(function W${tag}() { return null; }, { apply() { throw new Error("proxy apply"); } })`,
    ]);
    return { text: `${HEADER}
export default ${value};
`, mustFail: true };
  },
  missingImport(random, tag) {
    const line = random.pick([
      `import "./missing-${tag}.ts";`,
      `import missing from "no-such-package-${tag}";\nconsole.log(missing);`,
      `import { nothing } from "./missing-${tag}.json";\nconsole.log(nothing);`,
      `import * as nowhere from "june/no-such-entry";\nconsole.log(nowhere);`,
      `import { NoSuchExport } from "june";\nconsole.log(NoSuchExport);`,
      `import "node:no-such-builtin";`,
      `await import("./missing-dynamic-${tag}.ts");`,
    ]);
    return { text: `${HEADER}${line}\n${validWorkflow(`W${tag}`).slice(HEADER.length)}`, mustFail: true };
  },
  renderThrows(random, tag) {
    const thrown = random.pick(THROWABLES);
    const body = random.pick([
      `  throw ${thrown};`,
      `  const Child = () => { throw ${thrown}; };\n  return <Agent model={scripted([{ text: "x" }])}><Child /></Agent>;`,
      `  const Child = () => { throw ${thrown}; };\n  return <Child />;`,
    ]);
    return { text: component(tag, body), mustFail: true };
  },
  renderReturnsOddly(random, tag) {
    const body = random.pick([
      "  return 42;",
      '  return "text";',
      "  return {};",
      "  return Symbol('x');",
      "  return Promise.resolve(null);",
      "  return [1, [2, [3]]];",
      '  return <div>hi</div>;',
      "  return <Step id=\"alone\" prompt=\"no agent\" />;",
      '  return <Agent model={scripted([{ text: "x" }])}><Step prompt="no id" /></Agent>;',
      '  return <Agent model={42}><Tool name="t" value={42} /></Agent>;',
      "  const Self = ({ n }: { n: number }): any => (n > 0 ? <Self n={n - 1} /> : null);\n  return <Self n={50000} />;",
    ]);
    return { text: component(tag, body), mustFail: false };
  },
  oddText(random, tag) {
    const bom = random.chance(0.5) ? "\uFEFF" : "";
    const eol = random.pick(["\r\n", "\n", "\r"]);
    const odd = random.pick(["\u202Eevil\u202C", "😀", "𠜎", "שלום", "e\u0301"]);
    const text = `${bom}${validWorkflow(`W${tag}`).replace('"Do it"', JSON.stringify(`Do it ${odd}`)).replace(/\n/g, eol)}`;
    return { text, mustFail: false };
  },
};

/** The ways a workflow breaks; a suite cycles through them so each is tried every run. */
export const WORKFLOW_KINDS = Object.keys(WORKFLOW_MUTATIONS);

/** A broken workflow file of `kind` (one of WORKFLOW_KINDS), its component (if any) named after `tag`. */
export function brokenWorkflow(random: Random, tag: string, kind: string): GeneratedFile {
  const { text, mustFail } = WORKFLOW_MUTATIONS[kind]!(random, tag);
  return { content: text, mutations: [kind], mustFail };
}

// ── june.config.ts ──────────────────────────────────────────────────────────────────────────

const CONFIGS = [
  'import { defineConfig } from "june";\nexport default defineConfig({ model: 42 as never });\n',
  "export default { agents: 42 };\n",
  "export default { unknownField: true };\n",
  'throw new Error("the config throws");\nexport default {};\n',
  'import { defineConfig } from "june";\nexport default defineConfig({\n',
  'import "./missing-config-helper.ts";\nexport default {};\n',
  "export default 42;\n",
  "export const notDefault = 1;\n",
  'export default { toolPolicy: { nope: true } };\n',
  'export default { mcp: { x: { command: "" } } };\n',
  'export default { prices: { m: { input: -1, output: "free" } } };\n',
  'export default new Proxy({}, { get() { throw new Error("proxy get"); }, ownKeys() { throw new Error("proxy keys"); } });\n',
  "throw Object.create(null);\n",
];

/** A june.config.ts that can't load or doesn't check; the project must still open without it. */
export function brokenConfig(random: Random): GeneratedFile {
  const index = random.int(0, CONFIGS.length - 1);
  return { content: CONFIGS[index]!, mutations: [`config#${index}`], mustFail: true };
}
