// The Content-Security-Policy sent with every response of the `app://` protocol. Only the
// studio's own files run; inline styles are allowed because @xyflow/react and React's `style`
// props set them; nothing may frame the studio, and no plugin or <base> can redirect it.

/** The CSP directives, in the order they are sent. */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
] as const;

/** The header value: `default-src 'self'; script-src 'self'; …`. */
export const CONTENT_SECURITY_POLICY = CSP_DIRECTIVES.join("; ");

/** Headers every `app://` response carries, whatever its status. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Referrer-Policy": "no-referrer",
};
