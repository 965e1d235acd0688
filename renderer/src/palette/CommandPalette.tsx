// The command palette (Ctrl+K or Ctrl+Shift+P, Cmd on macOS): a modal dialog "Command palette"
// with a combobox that filters every action of the studio (actions.ts) and each agent of the
// folder ("Go to agent …"), each with its keys; actions that do not apply now are shown disabled
// with the reason. Arrow keys move, Enter performs, Escape closes; the focus goes back where it
// was, then the action runs (so an action that moves the focus keeps it). Mounting it also starts
// the global keys (use-global-keys.ts) and the approvals' announcement (ApprovalAnnouncer.tsx).
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { useShallow } from "zustand/react/shallow";
import { ariaShortcut, isMac, shortcutLabel } from "../keyboard/index.ts";
import { useStudio, useStudioStore } from "../store/index.ts";
import { ModalDialog } from "../ui/ModalDialog.tsx";
import { ACTIONS, agentActions, type PaletteAction } from "./actions.ts";
import { ApprovalAnnouncer } from "./ApprovalAnnouncer.tsx";
import { filterActions } from "./filter.ts";
import { usePalette } from "./palette-state.ts";
import { useGlobalKeys } from "./use-global-keys.ts";
import "./palette.css";

export const PALETTE_TITLE = "Command palette";

/** How an action's keys read here ("Ctrl+B", "⌘B"; the debugger's "F5"). */
export function keysOf(action: PaletteAction, mac = isMac()): string {
  if (action.keys) return action.keys.map((key) => shortcutLabel(key, mac)).join(" or ");
  return action.shownKey ?? "";
}

export function CommandPalette() {
  useGlobalKeys();
  const open = usePalette((s) => s.open);
  const store = useStudioStore();

  // Closed (Escape, or an action chosen): the dialog leaves at once, the focus goes back where it
  // was, then the action runs — in the key press or click itself, so an action that shows a panel
  // first (flushSync) can focus into it.
  const close = (action?: PaletteAction) => {
    flushSync(() => usePalette.getState().hide());
    const opener = usePalette.getState().opener;
    if (opener?.isConnected) opener.focus();
    if (action && action.unavailable?.(store.getState()) === undefined) action.perform(store);
  };

  return (
    <>
      <ApprovalAnnouncer />
      {open && <PaletteDialog onClose={() => close()} onPerform={close} />}
    </>
  );
}

function PaletteDialog({ onClose, onPerform }: { onClose: () => void; onPerform: (action: PaletteAction) => void }) {
  const ids = useId();
  const data = useStudio(useShallow((s) => ({ ...s })));
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const mac = isMac();
  const all = useMemo(() => [...ACTIONS, ...agentActions(data)], [data]);
  const shown = useMemo(() => filterActions(all, query, (a) => keysOf(a, mac)), [all, query, mac]);
  const reasons = shown.map((action) => action.unavailable?.(data));
  const firstEnabled = reasons.findIndex((r) => r === undefined);
  const current = shown[active] && reasons[active] === undefined ? active : firstEnabled;
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    list.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [current]);

  const move = (from: number, step: 1 | -1) => {
    for (let i = 1; i <= shown.length; i++) {
      const index = (from + step * i + shown.length * 2) % shown.length;
      if (reasons[index] === undefined) return setActive(index);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") move(current, 1);
    else if (event.key === "ArrowUp") move(current < 0 ? 0 : current, -1);
    else if (event.key === "Home" && event.ctrlKey) move(-1, 1);
    else if (event.key === "End" && event.ctrlKey) move(0, -1);
    else if (event.key === "Enter") {
      const action = shown[current];
      if (action && reasons[current] === undefined) onPerform(action);
    } else return;
    event.preventDefault();
  };

  const optionId = (index: number) => `${ids}-option-${index}`;
  return (
    <ModalDialog className="palette-dialog" labelledBy={`${ids}-title`} focus="input" onClose={onClose}>
      <h2 id={`${ids}-title`} className="sr-only">
        {PALETTE_TITLE}
      </h2>
      <input
        className="text-input palette-input"
        role="combobox"
        aria-label="Type a command or an agent's name"
        aria-expanded="true"
        aria-controls={`${ids}-list`}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        placeholder="Type a command or an agent's name…"
        spellCheck={false}
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul ref={list} id={`${ids}-list`} role="listbox" aria-label="Commands" className="palette-list">
        {shown.map((action, index) => {
          const keys = keysOf(action, mac);
          const reason = reasons[index];
          return (
            <li
              key={action.id}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-label={action.title}
              aria-selected={index === current}
              aria-disabled={reason !== undefined || undefined}
              aria-keyshortcuts={action.keys ? action.keys.map((key) => ariaShortcut(key, mac)).join(" ") : action.shownKey}
              aria-describedby={reason ? `${optionId(index)}-why` : undefined}
              className={`palette-option${index === current ? " is-active" : ""}${reason ? " is-disabled" : ""}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => reason === undefined && onPerform(action)}
            >
              {/* The title is the option's text; group, reason and keys are drawn from data-text, so the
                  visible text is the name (WCAG 2.5.3). The reason is the description, the keys are
                  aria-keyshortcuts. */}
              <span className="palette-group" data-text={action.group} aria-hidden="true" />
              <span className="palette-title">{action.title}</span>
              {reason && <span id={`${optionId(index)}-why`} className="palette-why" data-text={reason} />}
              {keys && <kbd className="palette-keys" data-text={keys} aria-hidden="true" />}
            </li>
          );
        })}
        {shown.length === 0 && (
          <li role="option" aria-disabled="true" aria-selected="false" className="palette-option palette-empty is-disabled">
            No command or agent matches “{query}”
          </li>
        )}
      </ul>
      <p className="palette-hint muted small">
        <kbd>↑</kbd> <kbd>↓</kbd> move · <kbd>Enter</kbd> run · <kbd>Esc</kbd> close
      </p>
    </ModalDialog>
  );
}
