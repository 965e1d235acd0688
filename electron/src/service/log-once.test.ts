// logOnce: a problem met again is said the first time only.
import { describe, expect, it } from "vitest";
import { logOnce } from "./log-once.ts";

describe("logOnce", () => {
  it("says each message once, and each different message", () => {
    const said: string[] = [];
    const report = logOnce((message) => said.push(message));
    report("a record can't be read");
    report("a record can't be read");
    report("another can't be listed");
    expect(said).toEqual(["a record can't be read", "another can't be listed"]);
  });
});
