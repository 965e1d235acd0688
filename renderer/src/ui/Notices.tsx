// Errors the host answered with, shown where they happened (never swallowed), each dismissible.
import { useShallow } from "zustand/react/shallow";
import type { NoticeArea } from "../store/index.ts";
import { useStudio } from "../store/index.ts";

export function Notices({ area, className }: { area: NoticeArea; className?: string }) {
  const notices = useStudio(useShallow((s) => s.notices.filter((n) => n.area === area)));
  const dismiss = useStudio((s) => s.dismissNotice);
  if (notices.length === 0) return null;
  return (
    <div className={`notices${className ? ` ${className}` : ""}`}>
      {notices.map((notice) => (
        <div key={notice.id} className="notice" role="alert">
          <div className="notice-text">
            <code className="code">{notice.error.code}</code> {notice.error.message}
          </div>
          <button type="button" className="icon-button" aria-label="Dismiss" title="Dismiss" onClick={() => dismiss(notice.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
