// "Fork from here" on a recorded run's model call: the call's whole prompt prefilled as editable
// JSON, an optional model, and forkRun sent with what was changed; errors shown in the form.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import { buildRunTrace } from "../trace/index.ts";
import { fullPrompt } from "../trace/index.ts";

beforeEach(() => resetSeq());

const trace = () => screen.getByRole("region", { name: "Trace" });
const detail = () => within(trace()).getByRole("region", { name: "Node detail" });
const form = () => within(detail()).getByRole("form", { name: "Fork from this model call" });
const prompt = () => within(form()).getByLabelText("Prompt (JSON messages)") as HTMLTextAreaElement;
const whole = fullPrompt(buildRunTrace(recordedEvents("report")).nodes, "n12");

async function reportRun(status: "succeeded" | "running" = "succeeded", answers: NonNullable<Parameters<typeof renderStudio>[0]>["answers"] = {}) {
  const studio = await renderStudio({ project: samplesProject(), answers });
  fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Report workflow" }));
  const summary = { entryId: "workflow:report.tsx", name: "Report" };
  studio.emit([
    ev({ type: "run-started", run: runSummary("r1", summary) }),
    ...traceEvents("r1", recordedEvents("report")),
    ...(status === "succeeded" ? [ev({ type: "run-ended", run: runSummary("r1", { ...summary, status, endedAt: 1795998815309 }) })] : []),
  ]);
  // n12: the step's second model call (the trace's last model call).
  fireEvent.click(within(trace()).getAllByRole("treeitem", { name: /^model-call scripted/ }).at(-1)!);
  return studio;
}

describe("Fork from here", () => {
  it("prefills the call's whole prompt (earlier calls' messages, then its own)", async () => {
    await reportRun();
    fireEvent.click(within(detail()).getByRole("button", { name: "Fork from here" }));
    expect(JSON.parse(prompt().value)).toEqual(whole);
  });

  it("sends the edited prompt and the model, and opens the new run", async () => {
    const { bridge, store } = await reportRun();
    fireEvent.click(within(detail()).getByRole("button", { name: "Fork from here" }));
    const edited = structuredClone(whole) as Array<{ content: Array<{ text?: string }> }>;
    edited[0]!.content[0]!.text = "Research how Suspense works, then write a haiku";
    fireEvent.change(prompt(), { target: { value: JSON.stringify(edited) } });
    fireEvent.change(within(form()).getByLabelText("Model (optional)"), { target: { value: " openai:gpt-5-mini " } });
    await act(async () => fireEvent.click(within(form()).getByRole("button", { name: "Fork" })));
    expect(bridge.callsOf("forkRun")).toEqual([{ runId: "r1", nodeId: "n12", model: "openai:gpt-5-mini", prompt: edited }]);
    expect(store.getState().selectedRunId).toBe("run_fork");
  });

  it("leaves the prompt out when it was not changed", async () => {
    const { bridge } = await reportRun();
    fireEvent.click(within(detail()).getByRole("button", { name: "Fork from here" }));
    await act(async () => fireEvent.click(within(form()).getByRole("button", { name: "Fork" })));
    expect(bridge.callsOf("forkRun")).toEqual([{ runId: "r1", nodeId: "n12" }]);
  });

  it("refuses a prompt that is not a JSON array, and sends nothing", async () => {
    const { bridge } = await reportRun();
    fireEvent.click(within(detail()).getByRole("button", { name: "Fork from here" }));
    fireEvent.change(prompt(), { target: { value: '{"role": "user"' } });
    await act(async () => fireEvent.click(within(form()).getByRole("button", { name: "Fork" })));
    expect(within(form()).getByRole("alert").textContent).toMatch(/not valid JSON/);
    expect(prompt().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(prompt());
    expect(bridge.callsOf("forkRun")).toEqual([]);
  });

  it("shows the host's error about the model beside the Model field, and keeps the form open", async () => {
    await reportRun("succeeded", { forkRun: () => ({ ok: false, error: { code: "STUDIO_UNKNOWN_MODEL", message: 'no provider "nope" for the model "nope:x"' } }) });
    fireEvent.click(within(detail()).getByRole("button", { name: "Fork from here" }));
    const model = within(form()).getByLabelText("Model (optional)");
    fireEvent.change(model, { target: { value: "nope:x" } });
    await act(async () => fireEvent.click(within(form()).getByRole("button", { name: "Fork" })));
    expect(within(form()).getByRole("alert").textContent).toContain("STUDIO_UNKNOWN_MODEL");
    expect(model.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(model.getAttribute("aria-describedby")!)!.textContent).toContain("STUDIO_UNKNOWN_MODEL");
    expect(document.activeElement).toBe(model);
  });

  it("shows any other error of the host under the form", async () => {
    await reportRun("succeeded", { forkRun: () => ({ ok: false, error: { code: "JUNE_REPLAY_EMPTY", message: "run r1 has no recorded events" } }) });
    fireEvent.click(within(detail()).getByRole("button", { name: "Fork from here" }));
    await act(async () => fireEvent.click(within(form()).getByRole("button", { name: "Fork" })));
    expect(within(form()).getByRole("alert").textContent).toContain("JUNE_REPLAY_EMPTY");
    expect(within(form()).getByLabelText("Model (optional)").getAttribute("aria-invalid")).toBeNull();
  });

  it("takes the focus when it opens and gives it back to Fork from here on Cancel or Escape", async () => {
    await reportRun();
    fireEvent.click(within(detail()).getByRole("button", { name: "Fork from here" }));
    expect(document.activeElement).toBe(within(form()).getByLabelText("Model (optional)"));
    fireEvent.click(within(form()).getByRole("button", { name: "Cancel" }));
    expect(document.activeElement).toBe(within(detail()).getByRole("button", { name: "Fork from here" }));
    fireEvent.click(within(detail()).getByRole("button", { name: "Fork from here" }));
    fireEvent.keyDown(prompt(), { key: "Escape" });
    expect(within(detail()).queryByRole("form")).toBeNull();
    expect(document.activeElement).toBe(within(detail()).getByRole("button", { name: "Fork from here" }));
  });

  it("is not offered while the run is live", async () => {
    await reportRun("running");
    expect(within(detail()).queryByRole("button", { name: "Fork from here" })).toBeNull();
  });
});
