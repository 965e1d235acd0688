// Spec section "Capabilities that wait": a declaration may take time to resolve; steps start only
// after all resolve; identical declarations in one run share one resolution; abort cancels the
// wait; a failure fails the agent.
import { describe, expect, it } from "vitest";
import type { ToolSet } from "ai";
import { Agent, Inherit, Step, Tool, Tools, inspect, toolSource } from "june";
import { aTool, agentOfStep, agents, errorOf, noErrors, toolNames } from "../../test/support/tree.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("Capabilities that wait", () => {
  it("the agent sees a source's tools as any other tools, once it has resolved", async () => {
    const github = toolSource({
      name: "github",
      load: async () => ({ mcp__github__search: aTool("search"), mcp__github__close: aTool("close") }),
    });
    const tree = await noErrors(
      <Agent>
        <Tools from={github} />
        <Tool name="local" value={aTool("local")} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    const agent = agentOfStep(tree, "s");
    expect(toolNames(agent)).toEqual(["mcp__github__search", "mcp__github__close", "local"]);
    expect(agent.capabilities![0]).toEqual({ name: "mcp__github__search", source: '<Tools from="github">' });
  });

  it("resolution waits for every source before it finishes (a step never sees a partial set)", async () => {
    const slow = deferred<ToolSet>();
    let settled = false;
    const pending = inspect(
      <Agent>
        <Tools from={toolSource({ name: "slow", load: () => slow.promise })} />
        <Tools from={toolSource({ name: "fast", load: async () => ({ fast: aTool("fast") }) })} />
        <Step id="s" prompt="p" />
      </Agent>,
    ).then((tree) => {
      settled = true;
      return tree;
    });
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    slow.resolve({ slow: aTool("slow") });
    expect(toolNames(agentOfStep(await pending, "s"))).toEqual(["slow", "fast"]);
  });

  it("several agents that declare the same source in one run share one resolution", async () => {
    let loads = 0;
    const github = toolSource({
      name: "github",
      load: async () => {
        loads++;
        return { gh_search: aTool("search") };
      },
    });
    const tree = await noErrors(
      <>
        <Agent>
          <Tools from={github} />
          <Step id="a" prompt="p" />
        </Agent>
        <Agent>
          <Tools from={github} />
          <Step id="b" prompt="p" />
          <Agent>
            <Tools from={github} />
            <Step id="c" prompt="p" />
          </Agent>
        </Agent>
      </>,
    );
    expect(loads).toBe(1);
    expect(agents(tree).map(toolNames)).toEqual([["gh_search"], ["gh_search"], ["gh_search"]]);
  });

  it("sources with the same key share one resolution; another inspect resolves again", async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      return { t: aTool("t") };
    };
    const element = (
      <>
        <Agent>
          <Tools from={toolSource({ name: "x", key: "server:x", load })} />
        </Agent>
        <Agent>
          <Tools from={toolSource({ name: "x", key: "server:x", load })} />
        </Agent>
      </>
    );
    await noErrors(element);
    await noErrors(element);
    expect(loads).toBe(2);
  });

  it("a failure fails the agent, naming the source and the reason", async () => {
    const error = await errorOf(
      <Agent name="triage">
        <Tools from={toolSource({ name: "github", load: async () => Promise.reject(new Error("connection refused")) })} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_CAPABILITY_FAILED");
    expect(error.message).toContain('<Tools from="github">');
    expect(error.message).toContain('<Agent> "triage"');
    expect(error.message).toContain("connection refused");
  });

  it("a failing agent doesn't hide its siblings", async () => {
    const tree = await inspect(
      <>
        <Agent name="broken">
          <Tools from={toolSource({ name: "down", load: async () => Promise.reject(new Error("down")) })} />
        </Agent>
        <Agent name="fine">
          <Tool name="ok" value={aTool("ok")} />
        </Agent>
      </>,
    );
    expect(tree.children.map((c) => [c.name, c.status, toolNames(c)])).toEqual([
      ["broken", "failed", []],
      ["fine", "pending", ["ok"]],
    ]);
  });

  it("aborting cancels the wait, and the source's own load sees the abort", async () => {
    const controller = new AbortController();
    let loadSignal: AbortSignal | undefined;
    const pending = inspect(
      <Agent>
        <Tools
          from={toolSource({
            name: "hang",
            load: ({ signal }) => {
              loadSignal = signal;
              return new Promise<ToolSet>(() => {});
            },
          })}
        />
      </Agent>,
      { signal: controller.signal },
    );
    await new Promise((r) => setImmediate(r));
    controller.abort();
    const tree = await pending;
    expect(tree.children[0]!.error!.code).toBe("JUNE_ABORTED");
    expect(tree.children[0]!.error!.message).toContain('<Tools from="hang">');
    expect(loadSignal!.aborted).toBe(true);
  });

  it("tools from a source can be inherited and collide like any others", async () => {
    const src = toolSource({ name: "s", load: async () => ({ shared: aTool("shared") }) });
    const tree = await noErrors(
      <Agent>
        <Tools from={src} />
        <Agent>
          <Inherit capabilities={["shared"]} />
          <Step id="s" prompt="p" />
        </Agent>
      </Agent>,
    );
    expect(agentOfStep(tree, "s").capabilities![0]!.granted).toBe('<Tools from="s"> in the enclosing <Agent>');
    const error = await errorOf(
      <Agent>
        <Tools from={src} />
        <Tool name="shared" value={aTool("x")} />
      </Agent>,
    );
    expect(error.code).toBe("JUNE_COLLISION");
    expect(error.message).toContain('<Tools from="s">');
  });
});
