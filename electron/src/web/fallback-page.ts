// What the web host shows when the renderer has not been built: what to run, not a blank page.

export function fallbackPage(rendererDir: string): string {
  const escaped = rendererDir.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>June Studio — renderer not built</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; color: #1d1d1f; background: #fafafa; }
  code { background: #eee; padding: 0.1rem 0.3rem; border-radius: 4px; }
  @media (prefers-color-scheme: dark) { body { color: #eee; background: #1d1d1f; } code { background: #333; } }
</style>
</head>
<body>
<main>
<h1>June Studio's interface is not built yet</h1>
<p>The web studio is running, but there is no built renderer in <code>${escaped}</code>.</p>
<p>Build it with <code>npm run build -w renderer</code> in the June folder, then reload this page (this browser keeps the token in a cookie now).</p>
</main>
</body>
</html>
`;
}
