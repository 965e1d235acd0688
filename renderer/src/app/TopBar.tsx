// The top bar: the product, the open folder, the project's problem count (it jumps to Problems),
// Open folder, the inbox count (it goes to the first pending approval), the command palette and the
// theme toggle.
import { useLayout } from "../layout/index.ts";
import { ProblemCount } from "../problems/index.ts";
import { useStudio } from "../store/index.ts";
import { OpenFolder } from "./OpenFolder.tsx";
import { KEYS, shortcutLabel } from "../keyboard/index.ts";
import { focusFirstApproval, usePalette } from "../palette/index.ts";

export function TopBar() {
  const folder = useStudio((s) => s.project?.folder);
  const configFile = useStudio((s) => s.project?.configFile);
  const loadingFolder = useStudio((s) => s.loadingFolder);
  const pending = useStudio((s) => s.inbox.length);
  const theme = useStudio((s) => s.theme);
  const toggleTheme = useStudio((s) => s.toggleTheme);
  const host = useStudio((s) => s.host);
  const connection = useStudio((s) => s.connection);
  // Problems sits in the left sidebar: its count shows the sidebar when it is folded away.
  const revealColumn = useLayout((s) => s.reveal);

  return (
    <header className="topbar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          J
        </span>
        <h1 className="brand-name">June Studio</h1>
      </div>
      <div className="topbar-folder" title={folder}>
        {loadingFolder ? (
          <span className="muted">
            <span className="spinner spinner-small" aria-hidden="true" /> Loading {loadingFolder}…
          </span>
        ) : folder ? (
          <>
            <span className="mono">{folder}</span>
            {configFile && <span className="chip" title={configFile}>config</span>}
          </>
        ) : (
          <span className="muted">No folder open</span>
        )}
      </div>
      <div className="topbar-actions">
        {connection !== "open" && (
          <span className={`connection connection-${connection}`} role="status">
            {connection === "connecting" ? "Connecting…" : connection === "reconnecting" ? "Connection lost — reconnecting…" : "Disconnected — reload the page"}
          </span>
        )}
        {!loadingFolder && <ProblemCount beforeReveal={() => revealColumn("left")} />}
        <OpenFolder />
        {/* Goes where Alt+A goes: the first pending card, unfolding the right sidebar or picking its tab. */}
        <button
          type="button"
          className={`inbox-count${pending > 0 ? " has-pending" : ""}`}
          aria-label={`${pending} pending approval${pending === 1 ? "" : "s"}`}
          title={`Review pending approvals (${shortcutLabel(KEYS.focusApproval[0])})`}
          onClick={() => focusFirstApproval()}
        >
          {pending} pending
        </button>
        <button type="button" className="button button-small palette-button" title={`Every action and its key (${shortcutLabel(KEYS.palette[0])})`} onClick={() => usePalette.getState().show()}>
          Commands <kbd className="kbd">{shortcutLabel(KEYS.palette[0])}</kbd>
        </button>
        <span className="host-tag" title={host === "electron" ? "Desktop app" : "Web host on 127.0.0.1"}>
          {host}
        </span>
        <button type="button" className="icon-button" aria-label="Toggle theme" title={`Switch to the ${theme === "dark" ? "light" : "dark"} theme`} onClick={toggleTheme}>
          {theme === "dark" ? "☀" : "☾"}
        </button>
      </div>
    </header>
  );
}
