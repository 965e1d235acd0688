// The renderer's entry: pick the page's Bridge, create the store, render the studio, start the stream.
import "@xyflow/react/dist/style.css";
import "./styles/index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { FatalError } from "./app/FatalError.tsx";
import { BridgeError, createWebBridge, selectBridge } from "./bridge/index.ts";
import type { Bridge } from "./contract/index.ts";
import { createStudioStore, initialTheme, saveTheme, StudioProvider } from "./store/index.ts";

const root = createRoot(document.getElementById("root")!);
const theme = initialTheme();
document.documentElement.dataset.theme = theme;

let bridge: Bridge | undefined;
try {
  bridge = selectBridge(window as unknown as { june?: Bridge; location: Location }, createWebBridge);
} catch (error) {
  const code = error instanceof BridgeError ? error.code : "STUDIO_BRIDGE_FAILED";
  root.render(<FatalError code={code} message={error instanceof Error ? error.message : String(error)} />);
}

if (bridge) {
  const store = createStudioStore(bridge, { theme, onThemeChange: saveTheme });
  root.render(
    <StrictMode>
      <StudioProvider store={store}>
        <App />
      </StudioProvider>
    </StrictMode>,
  );
  void store.getState().start();
}
