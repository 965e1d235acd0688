// The thin React binding over the vanilla store: a context holding the store and a selector hook.
import { createContext, createElement, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import type { Studio, StudioStore } from "./studio-store.ts";

const StudioContext = createContext<StudioStore | null>(null);

export function StudioProvider({ store, children }: { store: StudioStore; children: ReactNode }) {
  return createElement(StudioContext.Provider, { value: store }, children);
}

export function useStudioStore(): StudioStore {
  const store = useContext(StudioContext);
  if (!store) throw new Error("June Studio: a component read the store outside <StudioProvider>.");
  return store;
}

/** Reads a slice of the studio; re-renders when the slice changes (Object.is). */
export function useStudio<T>(selector: (studio: Studio) => T): T {
  return useStore(useStudioStore(), selector);
}
