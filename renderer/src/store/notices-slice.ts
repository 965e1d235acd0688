// The notices slice: errors shown to the user, each in the area it belongs to, until dismissed.
import type { StudioError } from "../contract/index.ts";
import type { StudioSlice } from "./slice.ts";

/** Where an error is shown: inline in its panel (Agents, Run, Runs), or in the app's alert strip ("global"). */
export type NoticeArea = "project" | "run" | "runs" | "global";

export interface Notice {
  id: number;
  area: NoticeArea;
  error: StudioError;
}

export interface NoticesData {
  notices: Notice[];
}

export interface NoticesActions {
  dismissNotice(id: number): void;
  report(area: NoticeArea, error: StudioError): void;
}

export function initialNotices(): NoticesData {
  return { notices: [] };
}

// Ids are unique across stores, so a notice's React key never repeats within a page.
let noticeIds = 0;

export function noticesSlice(): StudioSlice<NoticesData & NoticesActions> {
  return (set, get) => ({
    ...initialNotices(),

    dismissNotice(id) {
      set({ notices: get().notices.filter((n) => n.id !== id) });
    },

    report(area, error) {
      set({ notices: [...get().notices, { id: ++noticeIds, area, error }] });
    },
  });
}
