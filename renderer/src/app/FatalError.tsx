// What the page shows when it cannot reach the studio at all (no bridge): what failed and what to do.
export function FatalError({ code, message }: { code: string; message: string }) {
  return (
    <div className="fatal" role="alert">
      <h1 className="brand-name">June Studio can't start</h1>
      <p>
        <code className="code">{code}</code> {message}
      </p>
    </div>
  );
}
