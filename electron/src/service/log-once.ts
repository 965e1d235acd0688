// A log that says each message once: a problem met again (the history listed again, another
// window's snapshot) is news only the first time.

/** Wraps `log` so a message already said is not said again. */
export function logOnce(log: (message: string) => void): (message: string) => void {
  const said = new Set<string>();
  return (message) => {
    if (said.has(message)) return;
    said.add(message);
    log(message);
  };
}
