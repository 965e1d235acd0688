// The theme slice: the theme the store starts with, and toggling it (the host page persists it).
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import type { Theme } from "./studio-state.ts";
import { createStudioStore } from "./studio-store.ts";

describe("the theme", () => {
  it("starts dark unless the page gives one", () => {
    expect(createStudioStore(createFakeBridge()).getState().theme).toBe("dark");
    expect(createStudioStore(createFakeBridge(), { theme: "light" }).getState().theme).toBe("light");
  });

  it("toggles between dark and light, telling the page each new theme", () => {
    const changes: Theme[] = [];
    const store = createStudioStore(createFakeBridge(), { onThemeChange: (theme) => changes.push(theme) });
    store.getState().toggleTheme();
    expect(store.getState().theme).toBe("light");
    store.getState().toggleTheme();
    expect(store.getState().theme).toBe("dark");
    expect(changes).toEqual(["light", "dark"]);
  });
});
