// The preload (bundled to electron/dist/preload.cjs; it runs sandboxed, so it is one file that
// requires nothing but "electron"). It exposes `window.june` and nothing else.
import { contextBridge, ipcRenderer } from "electron";
import { createJuneApi } from "./june-api.ts";

contextBridge.exposeInMainWorld(
  "june",
  createJuneApi({
    invoke: (channel, request) => ipcRenderer.invoke(channel, request),
    on: (channel, listener) => void ipcRenderer.on(channel, listener),
    off: (channel, listener) => void ipcRenderer.off(channel, listener),
  }),
);
