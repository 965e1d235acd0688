// "Show 25 more of 80 runs": what a list that draws its first rows (use-list-limit.ts) has left.
// In a list it is an item of its own, between the first rows and the one drawn beyond them (not a
// listitem to a screen reader: the list's items are its rows); under a table, a button.
import type { ListLimit } from "./use-list-limit.ts";

export function ShowMore({ list, total, inList = false }: { list: ListLimit<unknown>; total: number; inList?: boolean }) {
  if (list.hidden === 0) return null;
  const button = (
    <button type="button" className={`link small${inList ? "" : " list-more"}`} onClick={list.more}>
      Show {list.next} more of {total} runs
    </button>
  );
  return inList ? (
    <li className="list-more" role="presentation">
      {button}
    </li>
  ) : (
    button
  );
}
