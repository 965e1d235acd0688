// Todos: the shown run's lists, one per agent that wrote one, live; as of the node selected in the
// Trace; each item's status in words for a screen reader; no panel for a run without.
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import { plannerRun } from "./todo-run.fixture.ts";

beforeEach(() => resetSeq());

const todos = () => screen.getByRole("region", { name: "Todos" });
const agentList = (agent: string) => within(within(todos()).getByRole("group", { name: agent })).getByRole("list", { name: "Todo list" });
/** Each item as a screen reader reads it: the status in words, then the text (the mark is hidden). */
const spoken = (list: HTMLElement) => within(list).getAllByRole("listitem").map((item) => within(item).getByRole("button").textContent!.replace(/^[○◐✓]/, ""));

async function plannerStudio(upTo?: number) {
  const studio = await renderStudio({ project: samplesProject() });
  fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Release workflow" }));
  studio.emit([ev({ type: "run-started", run: runSummary("r1", { name: "Planner" }) }), ...traceEvents("r1", plannerRun().slice(0, upTo))]);
  return studio;
}

describe("Todos", () => {
  it("shows the latest list of two TodoWrite calls, each item's status in words, and how many are done", async () => {
    await plannerStudio();
    const list = agentList("Planner");
    expect(spoken(list)).toEqual(["Completed: Read the diff", "In progress: Running the tests", "Pending: Write the summary"]);
    expect(within(within(todos()).getByRole("group", { name: "Planner" })).getByText("1/3 done")).toBeTruthy();
    expect(within(todos()).getByText("2 lists")).toBeTruthy();
    expect(list.getAttribute("aria-describedby")).toBeTruthy();
  });

  it("marks each status: ○ pending, ◐ in progress (its activeForm), ✓ completed and struck through", async () => {
    await plannerStudio();
    const items = within(agentList("Planner")).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector(".todo-mark")?.textContent)).toEqual(["✓", "◐", "○"]);
    expect(items.map((item) => item.className)).toEqual(["todo todo-completed", "todo todo-in_progress", "todo todo-pending"]);
    expect(items[1]!.querySelector(".todo-text")?.textContent).toBe("Running the tests");
  });

  it("shows a delegated agent's list apart, named by its agent path", async () => {
    await plannerStudio();
    expect(within(todos()).getAllByRole("group").map((g) => g.getAttribute("aria-labelledby") && document.getElementById(g.getAttribute("aria-labelledby")!)?.textContent)).toEqual([
      "Planner",
      "Planner › reviewer",
    ]);
    expect(spoken(agentList("Planner › reviewer"))).toEqual(["Completed: Check the error handling", "Pending: Check the names"]);
  });

  it("updates as the run's events stream in", async () => {
    const events = plannerRun();
    const afterFirst = events.findIndex((e) => e.type === "node-end" && e.nodeId === "n5") + 1;
    const { emit } = await plannerStudio(afterFirst);
    expect(spoken(agentList("Planner"))[0]).toBe("In progress: Reading the diff");
    emit(traceEvents("r1", events.slice(afterFirst)));
    expect(spoken(agentList("Planner"))[0]).toBe("Completed: Read the diff");
  });

  it("shows the lists as of the node selected in the Trace, and the latest again on Show latest", async () => {
    await plannerStudio();
    const trace = screen.getByRole("region", { name: "Trace" });
    fireEvent.click(within(trace).getAllByRole("treeitem", { name: /^model-call scripted/ })[1]!);
    expect(within(todos()).getByText(/as of the selected model-call/).textContent).toBe("as of the selected model-call scripted");
    expect(spoken(agentList("Planner"))).toEqual(["In progress: Reading the diff", "Pending: Run the tests", "Pending: Write the summary"]);
    expect(within(todos()).queryByRole("group", { name: "Planner › reviewer" })).toBeNull();
    fireEvent.click(within(todos()).getByRole("button", { name: "Show latest" }));
    expect(spoken(agentList("Planner"))[0]).toBe("Completed: Read the diff");
    expect(within(todos()).queryByText(/as of the selected/)).toBeNull();
  });

  it("selects in the Trace the TodoWrite call that set the list when an item is clicked", async () => {
    const { store } = await plannerStudio();
    fireEvent.click(within(agentList("Planner › reviewer")).getByRole("button", { name: "Pending: Check the names" }));
    expect(store.getState().selectedTraceNodeId).toBe("n12");
    expect(within(screen.getByRole("region", { name: "Node detail" })).getByText(/Check the names/)).toBeTruthy();
  });

  it("is not there for a run that wrote no list, and comes with the run's first list", async () => {
    const events = plannerRun();
    const { emit } = await plannerStudio(4);
    expect(screen.queryByRole("region", { name: "Todos" })).toBeNull();
    emit(traceEvents("r1", events.slice(4)));
    expect(todos()).toBeTruthy();
  });

  it("says when no list had been written yet at the selected node", async () => {
    await plannerStudio();
    fireEvent.click(within(screen.getByRole("region", { name: "Trace" })).getAllByRole("treeitem", { name: /^model-call scripted/ })[0]!);
    expect(within(todos()).getByText("No list had been written yet at the selected node.")).toBeTruthy();
    expect(within(todos()).queryByRole("list")).toBeNull();
  });
});
