// `june run` uses the project's june.config.* (nearest above the file): its default model and
// tool policy, as the studio does.
import { spawnSync } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const engine = new URL("../..", import.meta.url).pathname;
let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-run-config-"));
  await mkdir(join(folder, "flows"));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe("june run with a june.config.ts", () => {
  it("an agent without a model runs on the config's model, and the policy withholds what it denies", async () => {
    await writeFile(
      join(folder, "june.config.ts"),
      `import { defineConfig } from "june";\nimport { scripted } from "june/sdk/scripted";\nexport default defineConfig({\n  model: scripted(() => ({ text: "from the config" })),\n  toolPolicy: { fn: true, builtin: false, mcp: false },\n});\n`,
    );
    await writeFile(
      join(folder, "flows/plain.tsx"),
      `import { Agent, Bash, Step } from "june";\nexport default function Plain() {\n  return (\n    <Agent>\n      <Bash />\n      <Step id="s" prompt="hi" />\n    </Agent>\n  );\n}\n`,
    );
    const child = spawnSync(process.execPath, ["bin/june.js", "run", join(folder, "flows/plain.tsx")], {
      cwd: engine,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(child.status).toBe(0);
    expect(child.stdout).toContain("from the config");
    expect(child.stdout).toContain("bash withheld by the tool policy");
  });
});
