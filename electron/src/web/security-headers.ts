// Headers on every response of the web host: a strict CSP (scripts and styles from the studio
// itself, the socket only to itself, no framing), no MIME sniffing, no referrer (the printed URL
// carries the token until the renderer takes it out of the address bar).

export function securityHeaders(port: number): Record<string, string> {
  return {
    "Content-Security-Policy": [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      `connect-src ws://127.0.0.1:${port}`,
      "img-src 'self' data:",
      "frame-ancestors 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
}
