// The restricted-mode banner (VS Code's Workspace Trust): shown while the open folder is not
// trusted, saying what that means — none of its code has run, workflows are only listed, Run is
// off — and what trusting it does, with the one button that trusts it.
import { useState } from "react";
import { useStudio } from "../store/index.ts";
import "./trust.css";

export function TrustBanner() {
  const project = useStudio((s) => s.project);
  const trustFolder = useStudio((s) => s.trustFolder);
  const [trusting, setTrusting] = useState(false);
  if (project?.trust !== "restricted") return null;

  const trust = async () => {
    setTrusting(true);
    try {
      await trustFolder();
    } finally {
      setTrusting(false);
    }
  };

  return (
    <section className="trust-banner" aria-label="Restricted mode" aria-describedby="trust-banner-text">
      <div className="trust-banner-text" id="trust-banner-text">
        <p>
          <strong>Restricted mode.</strong> June has not run any code from <code className="code">{project.folder}</code>: its workflows are listed by file name
          without being loaded, <code className="code">june.config</code> is not loaded, markdown agents show only what needs no config, and Run is off.
        </p>
        <p className="muted">
          Trust the folder only if you trust whoever wrote it: trusting it loads and runs its workflows, its config and their tools, which can read and change
          your files, run programs and use the network. June remembers the folder (and the folders inside it) as trusted.
        </p>
      </div>
      <button type="button" className="button button-primary" onClick={() => void trust()} disabled={trusting}>
        Trust folder
      </button>
    </section>
  );
}
