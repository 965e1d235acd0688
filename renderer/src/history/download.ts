// Saves a value as a JSON file through a Blob and an <a download>: the browser's download in the
// web host, Electron's save dialog on the desktop. No Node API, no new window.

/**
 * Offers `value` as `<fileName>` for download.
 *
 * @example
 * downloadJson("run_abc.json", runExport);
 */
export function downloadJson(fileName: string, value: unknown, doc: Document = document): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click has handed the Blob to the download; the URL is not needed after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** A file name for a run's export: its id, safe on every file system. */
export function exportFileName(runId: string): string {
  return `june-run-${runId.replace(/[^A-Za-z0-9._-]+/g, "_")}.json`;
}
