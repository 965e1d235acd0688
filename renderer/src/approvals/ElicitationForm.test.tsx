// An MCP server's elicitation in the inbox: the card says who asks during which tool call, draws
// a labelled control per field of the schema (server-everything's, every kind MCP allows), and
// sends typed answers on Submit, or declines or cancels.
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pending } from "../../test/events.ts";
import type { ElicitContent } from "./ask-types.ts";
import { ApprovalCard, type ApprovalCardProps } from "./ApprovalCard.tsx";
import { askPatch, everythingElicitation } from "./everything-asks.fixture.ts";

function renderCard(patch: Partial<ApprovalCardProps> = {}) {
  const approved: Array<ElicitContent | undefined> = [];
  const denied: Array<{ reason: string; cancel?: boolean }> = [];
  const approval = pending("r1", "e1", askPatch(everythingElicitation));
  render(
    <ol>
      <ApprovalCard
        approval={approval}
        onApprove={(content) => approved.push(content)}
        onDeny={(reason, cancel) => denied.push(cancel ? { reason, cancel } : { reason })}
        onMove={() => {}}
        {...patch}
      />
    </ol>,
  );
  const card = screen.getByRole("listitem", { name: "everything asks for input during trigger-elicitation-request in Release" });
  const form = within(card).getByRole("form", { name: "Form from everything" });
  return { approved, denied, card, form };
}

describe("who asks", () => {
  it("names the MCP server, the tool call it asks during, and shows its message", () => {
    const { card } = renderCard();
    expect(card.textContent).toContain("MCP server everything asks for input during tool call trigger-elicitation-request");
    expect(card.textContent).toContain("Please provide inputs for the following fields:");
    expect(within(card).getByRole("button", { name: "Submit" }).getAttribute("aria-keyshortcuts")).toBe("a");
    expect(within(card).getByRole("button", { name: "Decline" }).getAttribute("aria-keyshortcuts")).toBe("d");
    expect(within(card).getByRole("button", { name: "Cancel" })).toBeTruthy();
  });
});

describe("the form drawn from the schema", () => {
  it("labels each control by the field's title, ties its description as help, and marks the required ones", () => {
    const { form } = renderCard();
    const name = within(form).getByRole("textbox", { name: "String", description: "Your full, legal name" });
    expect(name.hasAttribute("required")).toBe(true);
    expect(within(form).getByRole("checkbox", { name: "Boolean", description: "Agree to the terms and conditions" }).hasAttribute("required")).toBe(false);
    expect(form.querySelectorAll(".elicit-required")).toHaveLength(1);
  });

  it("gives a format its own input type, and numbers their bounds and step", () => {
    const { form } = renderCard();
    expect(within(form).getByLabelText("String with email format").getAttribute("type")).toBe("email");
    expect(within(form).getByLabelText("String with uri format").getAttribute("type")).toBe("url");
    expect(within(form).getByLabelText("String with date format").getAttribute("type")).toBe("date");
    const integer = within(form).getByRole("spinbutton", { name: "Integer" });
    expect([integer.getAttribute("min"), integer.getAttribute("max"), integer.getAttribute("step")]).toEqual(["1", "100", "1"]);
    expect(within(form).getByRole("spinbutton", { name: "Number in range 1-1000" }).getAttribute("step")).toBe("any");
  });

  it("offers single choices in a select (enumNames and oneOf titles shown) and several as a group of checkboxes", () => {
    const { form } = renderCard();
    const options = (name: string) => within(within(form).getByRole("combobox", { name })).getAllByRole("option").map((o) => o.textContent);
    expect(options("Untitled Single Select Enum")).toEqual(["—", "Monica", "Rachel", "Joey", "Chandler", "Ross", "Phoebe"]);
    expect(options("Titled Single Select Enum")).toEqual(["—", "Superman", "Green Lantern", "Wonder Woman"]);
    expect(options("Legacy Titled Single Select Enum")).toEqual(["—", "Cats", "Dogs", "Birds", "Fish", "Reptiles"]);
    const fish = within(form).getByRole("group", { name: "Titled Multiple Select Enum" });
    expect(within(fish).getAllByRole("checkbox").map((c) => c.parentElement?.textContent?.trim())).toEqual(["Tuna", "Salmon", "Trout"]);
  });

  it("prefills the defaults", () => {
    const { form } = renderCard();
    expect((within(form).getByRole("spinbutton", { name: "Integer" }) as HTMLInputElement).value).toBe("42");
    expect((within(form).getByRole("spinbutton", { name: "Number in range 1-1000" }) as HTMLInputElement).value).toBe("3.14");
    expect((within(form).getByRole("combobox", { name: "Untitled Single Select Enum" }) as HTMLSelectElement).value).toBe("Monica");
    expect((within(form).getByRole("combobox", { name: "Legacy Titled Single Select Enum" }) as HTMLSelectElement).value).toBe("pet-1");
    const instruments = within(form).getByRole("group", { name: "Untitled Multiple Select Enum" });
    expect((within(instruments).getByRole("checkbox", { name: "Guitar" }) as HTMLInputElement).checked).toBe(true);
    expect((within(instruments).getByRole("checkbox", { name: "Piano" }) as HTMLInputElement).checked).toBe(false);
  });
});

describe("submitting", () => {
  it("sends the typed content: numbers as numbers, booleans, lists of strings; empty optional fields left out", () => {
    const { approved, form, card } = renderCard();
    fireEvent.change(within(form).getByRole("textbox", { name: "String" }), { target: { value: "Ada Lovelace" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: "Boolean" }));
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Integer" }), { target: { value: "7" } });
    fireEvent.change(within(form).getByRole("combobox", { name: "Titled Single Select Enum" }), { target: { value: "hero-3" } });
    fireEvent.click(within(within(form).getByRole("group", { name: "Untitled Multiple Select Enum" })).getByRole("checkbox", { name: "Drums" }));
    fireEvent.click(within(card).getByRole("button", { name: "Submit" }));
    expect(approved).toEqual([
      {
        name: "Ada Lovelace",
        check: true,
        integer: 7,
        number: 3.14,
        untitledSingleSelectEnum: "Monica",
        untitledMultipleSelectEnum: ["Guitar", "Drums"],
        titledSingleSelectEnum: "hero-3",
        titledMultipleSelectEnum: ["fish-1"],
        legacyTitledEnum: "pet-1",
      },
    ]);
  });

  it("does not send while a required field is empty, and says which, beside it", () => {
    const { approved, form, card } = renderCard();
    fireEvent.click(within(card).getByRole("button", { name: "Submit" }));
    expect(approved).toEqual([]);
    const name = within(form).getByRole("textbox", { name: "String" });
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(within(form).getByRole("textbox", { name: "String", description: "Your full, legal name String is required" })).toBe(name);
    expect(document.activeElement).toBe(name);
    // Fixing it clears the message; submitting again sends.
    fireEvent.change(name, { target: { value: "Ada" } });
    expect(name.getAttribute("aria-invalid")).toBeNull();
    fireEvent.click(within(card).getByRole("button", { name: "Submit" }));
    expect(approved).toHaveLength(1);
  });

  it("holds to the number of choices a group allows and to a number's bounds", () => {
    const { approved, form, card } = renderCard();
    fireEvent.change(within(form).getByRole("textbox", { name: "String" }), { target: { value: "Ada" } });
    const instruments = within(form).getByRole("group", { name: "Untitled Multiple Select Enum" });
    for (const name of ["Piano", "Violin", "Drums"]) fireEvent.click(within(instruments).getByRole("checkbox", { name }));
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Integer" }), { target: { value: "101" } });
    fireEvent.click(within(card).getByRole("button", { name: "Submit" }));
    expect(approved).toEqual([]);
    expect(instruments.getAttribute("aria-invalid")).toBe("true");
    expect(instruments.textContent).toContain("Untitled Multiple Select Enum allows at most 3 chosen");
    expect(within(form).getByRole("spinbutton", { name: "Integer", description: "Your favorite integer Integer must be at most 100" })).toBeTruthy();
  });

  it("submits on Enter in a text field", () => {
    const { approved, form } = renderCard();
    const name = within(form).getByRole("textbox", { name: "String" });
    fireEvent.change(name, { target: { value: "Ada" } });
    fireEvent.keyDown(name, { key: "Enter" });
    expect(approved).toEqual([expect.objectContaining({ name: "Ada" })]);
  });
});

describe("declining and cancelling", () => {
  it("declines with the reason typed, and cancels apart from declining", () => {
    const { denied, card } = renderCard();
    fireEvent.change(within(card).getByLabelText("Reason (sent with a decline)"), { target: { value: "not mine to give" } });
    fireEvent.click(within(card).getByRole("button", { name: "Decline" }));
    fireEvent.click(within(card).getByRole("button", { name: "Cancel" }));
    expect(denied).toEqual([{ reason: "not mine to give" }, { reason: "not mine to give", cancel: true }]);
  });
});

describe("the keyboard", () => {
  it("submits with `a` and declines with `d` when the card has focus, not while typing in the form", async () => {
    const { approved, denied, card, form } = renderCard();
    const name = within(form).getByRole("textbox", { name: "String" });
    fireEvent.change(name, { target: { value: "Ada" } });
    fireEvent.keyDown(name, { key: "a" });
    fireEvent.keyDown(within(form).getByRole("combobox", { name: "Legacy Titled Single Select Enum" }), { key: "d" });
    expect([approved, denied]).toEqual([[], []]);
    await act(async () => fireEvent.keyDown(card, { key: "a" }));
    await act(async () => fireEvent.keyDown(card, { key: "d" }));
    expect(approved).toEqual([expect.objectContaining({ name: "Ada", integer: 42 })]);
    expect(denied).toEqual([{ reason: "" }]);
  });

  it("says while each decision is being sent", () => {
    const { card } = renderCard({ deciding: "cancel" });
    expect(within(card).getByRole("button", { name: "Cancelling…" }).hasAttribute("disabled")).toBe(true);
    expect(within(card).getByRole("button", { name: "Submit" }).hasAttribute("disabled")).toBe(true);
  });
});
