// Roving focus for a list whose items hold their own controls (cards with buttons): the list is
// one tab stop — the item last focused (the first at first) keeps its controls on the Tab order,
// the other items' controls leave it — and ↑ ↓ Home End move between items. Works on the DOM the
// list already renders, so the items' components need not know (a shared toggle button keeps its
// props). Only tab indexes this hook set are given back.
import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from "react";

const FOCUSABLE = "button, a[href], input, select, textarea, summary, [tabindex]";
/** Marks a control whose tab index this hook took away (its own value, or "" for none). */
const TAKEN = "data-roving-tabindex";

function items(list: HTMLElement): HTMLElement[] {
  return [...list.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el.tagName === "LI");
}

function controls(item: HTMLElement): HTMLElement[] {
  return [...item.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/**
 * @example
 * const list = useRef<HTMLUListElement>(null);
 * const onKeyDown = useRovingFocus(list);
 * return <ul ref={list} onKeyDown={onKeyDown}>…</ul>;
 */
export function useRovingFocus(list: RefObject<HTMLElement | null>): (event: KeyboardEvent<HTMLElement>) => void {
  const active = useRef<HTMLElement | null>(null);

  const apply = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const all = items(el);
    if (!active.current || !all.includes(active.current)) active.current = all[0] ?? null;
    for (const item of all) {
      for (const control of controls(item)) {
        if (item === active.current) {
          if (!control.hasAttribute(TAKEN)) continue;
          const own = control.getAttribute(TAKEN);
          control.removeAttribute(TAKEN);
          if (own) control.setAttribute("tabindex", own);
          else control.removeAttribute("tabindex");
        } else if (!control.hasAttribute(TAKEN)) {
          control.setAttribute(TAKEN, control.getAttribute("tabindex") ?? "");
          control.tabIndex = -1;
        }
      }
    }
  }, [list]);

  // After every render of the list's owner, and whenever its items change underneath. The list
  // may come and go (an empty state in its place), so what is watched follows the element.
  const watched = useRef<{ el: HTMLElement; stop: () => void } | null>(null);
  useEffect(() => {
    const el = list.current;
    if (watched.current?.el !== el) {
      watched.current?.stop();
      watched.current = el ? { el, stop: watch(el) } : null;
    }
    apply();
  });
  useEffect(() => () => watched.current?.stop(), []);

  const watch = (el: HTMLElement): (() => void) => {
    const observer = typeof MutationObserver === "undefined" ? undefined : new MutationObserver(apply);
    observer?.observe(el, { childList: true, subtree: true });
    const onFocusIn = (event: FocusEvent) => {
      const item = items(el).find((i) => i.contains(event.target as Node));
      if (item && item !== active.current) {
        active.current = item;
        apply();
      }
    };
    el.addEventListener("focusin", onFocusIn);
    return () => {
      observer?.disconnect();
      el.removeEventListener("focusin", onFocusIn);
    };
  };

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const el = list.current;
      if (!el) return;
      const all = items(el);
      const at = all.findIndex((item) => item.contains(document.activeElement));
      if (at < 0) return;
      const next = event.key === "ArrowDown" ? at + 1 : event.key === "ArrowUp" ? at - 1 : event.key === "Home" ? 0 : event.key === "End" ? all.length - 1 : undefined;
      if (next === undefined) return;
      const item = all[Math.max(0, Math.min(all.length - 1, next))];
      if (!item) return;
      event.preventDefault();
      active.current = item;
      apply();
      (controls(item)[0] ?? item).focus();
    },
    [list, apply],
  );
}
