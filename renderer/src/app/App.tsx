// The studio's frame: the top bar, the trust banner and global notices, and the workbench
// (layout/Workbench.tsx: the side columns and the main stage).
import { useEffect } from "react";
import { useStudio } from "../store/index.ts";
import { Notices } from "../ui/Notices.tsx";
import { TrustBanner } from "../trust/index.ts";
import { TopBar } from "./TopBar.tsx";
import { Workbench } from "../layout/index.ts";
import { CommandPalette } from "../palette/index.ts";

export function App() {
  const theme = useStudio((s) => s.theme);
  const ready = useStudio((s) => s.ready);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return (
    <div className="app" data-ready={ready ? "true" : "false"}>
      <TopBar />
      {/* Always present, so the grid's rows stay put when there is nothing to say. */}
      <div className="global-notices-slot">
        <TrustBanner />
        <Notices area="global" className="global-notices" />
      </div>
      <Workbench />
      <CommandPalette />
    </div>
  );
}
