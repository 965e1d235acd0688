// An MCP server's sampling request in the inbox: the card says which server asks which model to
// answer during which tool call, shows everything that would be sent, and says what approving does.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pending } from "../../test/events.ts";
import { ApprovalCard } from "./ApprovalCard.tsx";
import { askPatch, everythingSampling } from "./everything-asks.fixture.ts";

function renderCard(ask = everythingSampling) {
  const approved: unknown[] = [];
  const denied: string[] = [];
  render(
    <ol>
      <ApprovalCard approval={pending("r1", "s1", askPatch(ask))} onApprove={(content) => approved.push(content)} onDeny={(reason) => denied.push(reason)} onMove={() => {}} />
    </ol>,
  );
  const card = screen.getByRole("listitem", { name: `everything asks ${ask.model} to answer during trigger-sampling-request in Release` });
  return { approved, denied, card };
}

describe("a sampling request", () => {
  it("names the server, the model asked and the tool call it asks during", () => {
    const { card } = renderCard();
    expect(card.textContent).toContain("MCP server everything asks the agent's model anthropic:claude-sonnet-4-5 to answer during tool call trigger-sampling-request");
  });

  it("shows the system prompt, each message with its role, the token limit and the temperature", () => {
    const { card } = renderCard();
    expect(within(card).getByRole("region", { name: "System prompt" }).textContent).toContain("You are a helpful test server.");
    const messages = within(within(card).getByRole("list", { name: "Messages" })).getAllByRole("listitem");
    expect(messages.map((m) => m.textContent)).toEqual(["userResource sampling-llm context: What is 2+2?", "assistantLet me think."]);
    const facts = [...card.querySelectorAll(".sampling-request dt")].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(facts).toEqual(["Max tokens: 100", "Temperature: 0.7"]);
  });

  it("says plainly that approving sends the messages to that model, at a cost", () => {
    const { card } = renderCard();
    expect(within(card).getByRole("note").textContent).toBe(
      "Approving sends these 2 messages to anthropic:claude-sonnet-4-5 and returns its answer to everything. It may cost tokens.",
    );
  });

  it("leaves out a system prompt it was not given, and says the model's default temperature applies", () => {
    const { card } = renderCard({ ...everythingSampling, systemPrompt: undefined, temperature: undefined, messages: [{ role: "user", text: "Hi" }] });
    expect(within(card).queryByRole("region", { name: "System prompt" })).toBeNull();
    expect(card.textContent).toContain("Temperaturemodel default");
    expect(within(card).getByRole("note").textContent).toContain("Approving sends this message to");
  });

  it("approves with Approve (no content) and denies with the reason typed", () => {
    const { approved, denied, card } = renderCard();
    fireEvent.click(within(card).getByRole("button", { name: "Approve" }));
    fireEvent.change(within(card).getByLabelText("Reason (sent with a denial)"), { target: { value: "too costly" } });
    fireEvent.click(within(card).getByRole("button", { name: "Deny" }));
    expect(approved).toEqual([undefined]);
    expect(denied).toEqual(["too costly"]);
  });
});
