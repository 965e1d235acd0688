// The environment of the processes the suite starts (the studio, the engine helper): offline
// (no provider keys, so the samples use their scripted models) and without colour codes.
export function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  // Playwright sets FORCE_COLOR for its workers; Node warns when it meets both.
  delete env.FORCE_COLOR;
  for (const key of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY"]) delete env[key];
  return env;
}
