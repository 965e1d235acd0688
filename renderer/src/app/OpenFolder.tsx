// "Open folder": Electron asks with its native dialog; the web host can't, so it takes a path.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useStudio } from "../store/index.ts";

export function OpenFolder() {
  const host = useStudio((s) => s.host);
  const openFolder = useStudio((s) => s.openFolder);
  const current = useStudio((s) => s.project?.folder ?? "");
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState("");
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  if (host === "electron") {
    return (
      <button type="button" className="button" aria-keyshortcuts="Control+O Meta+O" onClick={() => void openFolder()}>
        Open folder
      </button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!path.trim()) return;
    setBusy(true);
    const ok = await openFolder(path.trim());
    setBusy(false);
    if (ok) setOpen(false);
  };

  return (
    <div className="open-folder">
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls="open-folder-form"
        onClick={() => {
          if (!open) setPath(current);
          setOpen(!open);
        }}
      >
        Open folder
      </button>
      {open && (
        <form id="open-folder-form" className="popover" aria-label="Open a folder" onSubmit={(e) => void submit(e)} onKeyDown={(e) => e.key === "Escape" && setOpen(false)}>
          <label htmlFor="folder-path" className="field-label">
            Folder path on the studio's machine
          </label>
          <div className="row">
            <input id="folder-path" ref={inputRef} className="text-input mono" value={path} placeholder="/home/you/project" onChange={(e) => setPath(e.target.value)} />
            <button type="submit" className="button button-primary" disabled={busy || !path.trim()}>
              {busy ? "Opening…" : "Open"}
            </button>
          </div>
          <p className="muted small">Errors show in Agents.</p>
        </form>
      )}
    </div>
  );
}
