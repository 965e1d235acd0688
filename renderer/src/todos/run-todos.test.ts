// A run's todo lists from its trace: each agent's latest TodoWrite call, or the latest at or above a
// node's row; remembered per subtree, so a batch reads only the nodes it changed.
import { describe, expect, it } from "vitest";
import { applyTraceEvents, buildRunTrace } from "../trace/index.ts";
import { runTodos } from "./run-todos.ts";
import { FIRST_LIST, plannerRun, RunEvents } from "./todo-run.fixture.ts";

const contents = (list: { todos: readonly { content: string; status: string }[] } | undefined) => list?.todos.map((t) => `${t.status} ${t.content}`);

describe("an agent's list is its latest TodoWrite call's", () => {
  it("takes the second of two calls: each call replaces the list", () => {
    const [planner] = runTodos(buildRunTrace(plannerRun()));
    expect(planner).toMatchObject({ agentId: "n2", agentPath: ["Planner"], label: "Planner", callId: "n7", done: 1 });
    expect(contents(planner)).toEqual(["completed Read the diff", "in_progress Run the tests", "pending Write the summary"]);
    expect(planner!.todos[1]!.activeForm).toBe("Running the tests");
  });

  it("keeps a delegated agent's list apart, labelled by its agent path, after the outer agent's", () => {
    const lists = runTodos(buildRunTrace(plannerRun()));
    expect(lists.map((l) => l.label)).toEqual(["Planner", "Planner › reviewer"]);
    expect(lists[1]).toMatchObject({ agentId: "n10", callId: "n12", done: 1 });
    // The older schema's ids and priorities are dropped; it has no activeForm.
    expect(lists[1]!.todos).toEqual([
      { content: "Check the error handling", status: "completed" },
      { content: "Check the names", status: "pending" },
    ]);
  });

  it("lists the outer agent first even when a delegated agent wrote its list earlier", () => {
    const events = new RunEvents()
      .start("n1", null, "run", "Lead")
      .start("n2", "n1", "agent", "Lead")
      .start("n3", "n2", "step", "main")
      .start("n4", "n3", "tool-call", "Agent")
      .start("n5", "n4", "composite", "Agent:helper")
      .start("n6", "n5", "agent", "helper")
      .call("n7", "n6", "TodoWrite", FIRST_LIST)
      .end("n6")
      .end("n5")
      .end("n4")
      .call("n8", "n3", "TodoWrite", FIRST_LIST).events;
    expect(runTodos(buildRunTrace(events)).map((l) => l.label)).toEqual(["Lead", "Lead › helper"]);
  });

  it("tells apart two runs of one delegated agent by number", () => {
    const events = new RunEvents().start("n1", null, "run", "Lead").start("n2", "n1", "agent", "Lead").start("n3", "n2", "step", "main");
    for (const at of [10, 20]) {
      events
        .start(`n${at}`, "n3", "tool-call", "Agent")
        .start(`n${at + 1}`, `n${at}`, "composite", "Agent:helper")
        .start(`n${at + 2}`, `n${at + 1}`, "agent", "helper")
        .call(`n${at + 3}`, `n${at + 2}`, "TodoWrite", FIRST_LIST);
    }
    expect(runTodos(buildRunTrace(events.events)).map((l) => [l.label, l.callId])).toEqual([
      ["Lead › helper", "n13"],
      ["Lead › helper #2", "n23"],
    ]);
  });

  it("skips a call that failed, or whose input is no todo list", () => {
    const events = new RunEvents()
      .start("n1", null, "run", "Lead")
      .start("n2", "n1", "agent", "Lead")
      .call("n3", "n2", "TodoWrite", FIRST_LIST)
      .call("n4", "n2", "TodoWrite", { todos: [{ content: "No status" }] })
      .call("n5", "n2", "TodoWrite", { todos: [{ content: "Refused", status: "pending" }] }, "failed")
      .call("n6", "n2", "TodoRead", { todos: [{ content: "Another tool", status: "pending" }] }).events;
    expect(runTodos(buildRunTrace(events)).map((l) => l.callId)).toEqual(["n3"]);
  });

  it("shows a list while its call is still running, and an empty list as empty", () => {
    const running = new RunEvents().start("n1", null, "run", "Lead").start("n2", "n1", "agent", "Lead").start("n3", "n2", "tool-call", "TodoWrite", FIRST_LIST).events;
    expect(runTodos(buildRunTrace(running))[0]?.callId).toBe("n3");
    const cleared = new RunEvents().start("n1", null, "run", "Lead").start("n2", "n1", "agent", "Lead").call("n3", "n2", "TodoWrite", FIRST_LIST).call("n4", "n2", "TodoWrite", { todos: [] }).events;
    expect(runTodos(buildRunTrace(cleared))[0]).toMatchObject({ callId: "n4", todos: [], done: 0 });
  });

  it("has no lists for a run without TodoWrite calls, or without a trace yet", () => {
    const events = new RunEvents().start("n1", null, "run", "Lead").start("n2", "n1", "agent", "Lead").call("n3", "n2", "search", { q: "x" }).events;
    expect(runTodos(buildRunTrace(events))).toEqual([]);
    expect(runTodos(buildRunTrace([]))).toEqual([]);
  });
});

describe("the lists as of a node: the calls at or above its row", () => {
  const trace = buildRunTrace(plannerRun());

  it("at the model call between the two calls, the first list, and no reviewer yet", () => {
    const lists = runTodos(trace, "n6");
    expect(lists.map((l) => l.callId)).toEqual(["n5"]);
    expect(contents(lists[0])).toEqual(["in_progress Read the diff", "pending Run the tests", "pending Write the summary"]);
  });

  it("at a TodoWrite call, the list that call set", () => {
    expect(runTodos(trace, "n7").map((l) => l.callId)).toEqual(["n7"]);
  });

  it("inside the delegated agent, the outer agent's list so far and the reviewer's", () => {
    expect(runTodos(trace, "n11").map((l) => l.callId)).toEqual(["n7"]);
    expect(runTodos(trace, "n12").map((l) => l.callId)).toEqual(["n7", "n12"]);
  });

  it("at the run's first rows, nothing yet; at a node not in the trace, the latest", () => {
    expect(runTodos(trace, "n2")).toEqual([]);
    expect(runTodos(trace, "gone").map((l) => l.callId)).toEqual(["n7", "n12"]);
  });
});

describe("reading a live run", () => {
  it("updates as events come: a new call replaces the list", () => {
    const events = plannerRun();
    const upToFirst = events.findIndex((e) => e.type === "node-end" && e.nodeId === "n5") + 1;
    const before = buildRunTrace(events.slice(0, upToFirst));
    expect(runTodos(before).map((l) => l.callId)).toEqual(["n5"]);
    const after = applyTraceEvents(before, events.slice(upToFirst));
    expect(runTodos(after).map((l) => l.callId)).toEqual(["n7", "n12"]);
  });

  it("does not read again what a batch left alone: an untouched call's list is the same object", () => {
    const events = plannerRun();
    const before = buildRunTrace(events);
    const first = runTodos(before);
    const next = new RunEvents().start("n13", "n3", "model-call", "scripted").events.map((e) => ({ ...e, seq: events.length + 1 }));
    const after = applyTraceEvents(before, next);
    expect(after.root).not.toBe(before.root);
    const second = runTodos(after);
    expect(second[0]!.todos).toBe(first[0]!.todos);
    expect(second[1]!.todos).toBe(first[1]!.todos);
  });

  it("reads a run 20,000 nodes deep without recursing", () => {
    const events = new RunEvents().start("n0", null, "run", "Deep").start("a", "n0", "agent", "Deep");
    let parent = "a";
    for (let i = 1; i <= 20_000; i++) {
      events.start(`s${i}`, parent, "step", `s${i}`);
      parent = `s${i}`;
    }
    events.call("todo", parent, "TodoWrite", FIRST_LIST);
    const trace = buildRunTrace(events.events);
    expect(runTodos(trace).map((l) => l.callId)).toEqual(["todo"]);
    expect(runTodos(trace, "todo").map((l) => l.callId)).toEqual(["todo"]);
  });
});
