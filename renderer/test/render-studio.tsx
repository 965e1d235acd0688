// Renders the whole studio over a fake Bridge, started as main.tsx starts it.
import { act, render } from "@testing-library/react";
import { App } from "../src/app/App.tsx";
import type { ProjectSnapshot } from "../src/contract/index.ts";
import { createStudioStore, StudioProvider } from "../src/store/index.ts";
import { createFakeBridge, type FakeBridge } from "./fake-bridge.ts";

export async function renderStudio(options: { project?: ProjectSnapshot | null; host?: "electron" | "web"; answers?: NonNullable<Parameters<typeof createFakeBridge>[0]>["answers"] } = {}) {
  const bridge: FakeBridge = createFakeBridge(options);
  const store = createStudioStore(bridge, { theme: "dark" });
  const view = render(
    <StudioProvider store={store}>
      <App />
    </StudioProvider>,
  );
  await act(() => store.getState().start());
  /** Sends a batch as the host would, inside act() so React has rendered when it returns. */
  const emit: FakeBridge["emit"] = (events) => act(() => bridge.emit(events));
  return { ...view, bridge, store, emit };
}
