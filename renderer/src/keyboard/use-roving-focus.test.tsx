// Roving focus: a list of items with their own controls is one tab stop; arrows move between items.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it } from "vitest";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import { act } from "react";
import { useRovingFocus } from "./use-roving-focus.ts";

function Cards({ names }: { names: string[] }) {
  const list = useRef<HTMLUListElement>(null);
  const onKeyDown = useRovingFocus(list);
  return (
    <ul ref={list} aria-label="Cards" onKeyDown={onKeyDown}>
      {names.map((name) => (
        <li key={name}>
          <button type="button">{name}</button>
          <button type="button" tabIndex={0}>
            {name} more
          </button>
        </li>
      ))}
    </ul>
  );
}

const tabbable = () => screen.getAllByRole("button").filter((b) => b.tabIndex >= 0).map((b) => b.textContent);

describe("useRovingFocus", () => {
  it("keeps only the first item's controls on the Tab order, and moves with the arrows", () => {
    render(<Cards names={["a", "b", "c"]} />);
    expect(tabbable()).toEqual(["a", "a more"]);
    screen.getByRole("button", { name: "a" }).focus();
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "b" }));
    expect(tabbable()).toEqual(["b", "b more"]);
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "c" }));
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    expect(tabbable()).toEqual(["a", "a more"]);
    // A tab index the item set itself comes back as it was.
    expect(screen.getByRole("button", { name: "a more" }).getAttribute("tabindex")).toBe("0");
    expect(screen.getByRole("button", { name: "a" }).hasAttribute("tabindex")).toBe(false);
  });

  it("takes new items off the Tab order as they arrive", async () => {
    const { rerender } = render(<Cards names={["a"]} />);
    rerender(<Cards names={["a", "b"]} />);
    expect(tabbable()).toEqual(["a", "a more"]);
  });

  it("makes Capabilities' tool cards one tab stop", async () => {
    const { store } = await renderStudio({ project: samplesProject() });
    act(() => store.getState().selectEntry("workflow:release.tsx"));
    const list = within(screen.getByRole("region", { name: "Capabilities" })).getByRole("list", { name: "Tools of Release" });
    const cards = within(list).getAllByRole("listitem").filter((li) => li.parentElement === list);
    expect(cards.length).toBeGreaterThan(1);
    const onTabOrder = within(list).getAllByRole("button").filter((b) => b.tabIndex >= 0);
    expect(onTabOrder.length).toBeGreaterThan(0);
    expect(onTabOrder.every((b) => cards[0]!.contains(b))).toBe(true);
  });
});
