// `june studio <folder>`: the folder named on the command line and the samples are trusted (their
// code loads at once); a folder opened later from the page starts restricted; nothing is written.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HELLO_FLOW, makeProject, type ProjectFixture } from "../service/project-fixture.test-support.ts";
import { StudioService } from "../service/index.ts";
import { commandLineTrust } from "./command-line-trust.ts";
import { SAMPLES_FOLDER } from "./studio-folder.ts";

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function setup() {
  const config = await mkdtemp(join(tmpdir(), "june-xdg-"));
  const named: ProjectFixture = await makeProject({ "hello.tsx": HELLO_FLOW });
  const other: ProjectFixture = await makeProject({ "hello.tsx": HELLO_FLOW });
  const service = new StudioService({ log: () => {}, trust: commandLineTrust(named.folder, { XDG_CONFIG_HOME: config }) });
  cleanup.push(() => rm(config, { recursive: true, force: true }), named.remove, other.remove, () => service.close());
  return { config, named, other, service };
}

describe("trust for the folder named on the command line", () => {
  it("the named folder opens trusted, another opened from the page restricted, and no trust is written down", async () => {
    const { config, named, other, service } = await setup();
    expect(await service.openFolder({ folder: named.folder })).toMatchObject({ ok: true, value: { trust: "trusted", entries: [{ name: "Hello" }] } });
    expect(await service.openFolder({ folder: other.folder })).toMatchObject({ ok: true, value: { trust: "restricted", entries: [{ name: "hello.tsx" }] } });
    expect(existsSync(join(config, "june", "trusted-folders.json"))).toBe(false);
  });

  it("trusting a folder from the page remembers it in $XDG_CONFIG_HOME/june/trusted-folders.json", async () => {
    const { config, other, service } = await setup();
    await service.openFolder({ folder: other.folder });
    expect(await service.trustFolder({ folder: other.folder })).toMatchObject({ ok: true, value: { trust: "trusted" } });
    expect(existsSync(join(config, "june", "trusted-folders.json"))).toBe(true);
  });

  it("the samples are trusted", async () => {
    const { service } = await setup();
    expect(await service.openFolder({ folder: SAMPLES_FOLDER })).toMatchObject({ ok: true, value: { trust: "trusted" } });
  });
});
