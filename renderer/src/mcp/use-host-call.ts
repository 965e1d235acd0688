// One browsing call's state (idle, waiting, its value or its error) for a component: each call
// starts an MCP server, so the component shows it waiting, and only the newest call's answer
// shows (asked again before the first answered, or the component went away).
import { useCallback, useEffect, useRef, useState } from "react";
import type { Result, StudioError } from "../contract/index.ts";

export type CallState<T> = { status: "idle" } | { status: "waiting" } | { status: "done"; value: T } | { status: "failed"; error: StudioError };

export function useHostCall<T>(): [CallState<T>, (request: () => Promise<Result<T>>) => Promise<void>] {
  const [state, setState] = useState<CallState<T>>({ status: "idle" });
  const latest = useRef(0);
  useEffect(
    () => () => {
      latest.current = -1;
    },
    [],
  );
  const run = useCallback(async (request: () => Promise<Result<T>>) => {
    const id = ++latest.current;
    setState({ status: "waiting" });
    const result = await request();
    if (id !== latest.current) return;
    setState(result.ok ? { status: "done", value: result.value } : { status: "failed", error: result.error });
  }, []);
  return [state, run];
}
