// Describing whatever a user's module threw — an Error, a string, null, an object with no
// prototype, a Proxy that throws on every read — without ever throwing while doing it: a load
// that fails must still become a JUNE_LOAD_FAILED naming its file.

/** `Name: message` for an Error, the value printed otherwise. Never throws. */
export function thrownDetail(error: unknown): string {
  return printed(error, () => (isError(error) ? `${String(error.name)}: ${String(error.message)}` : String(error)));
}

/** An Error's stack, when it has one that can be read. */
export function thrownStack(error: unknown): string | undefined {
  try {
    return isError(error) && typeof error.stack === "string" ? error.stack : undefined;
  } catch {
    return undefined;
  }
}

function isError(value: unknown): value is Error {
  try {
    return value instanceof Error;
  } catch {
    return false;
  }
}

function printed(value: unknown, describe: () => string): string {
  try {
    return describe();
  } catch {
    // An object with no prototype has no toString; a Proxy may refuse even that.
    try {
      return Object.prototype.toString.call(value);
    } catch {
      return "a value that can't be printed";
    }
  }
}
