// A step's calls record only the messages new since its previous call; a prompt that is not the
// previous one grown is recorded whole.
import { describe, expect, it } from "vitest";
import { SentMessages } from "./sent-messages.ts";

describe("the messages a call records", () => {
  it("are all of the step's first prompt", () => {
    expect(new SentMessages().take(["user"])).toBe(0);
  });

  it("are those after the previous call's prompt when the conversation grew", () => {
    const sent = new SentMessages();
    sent.take(["user"]);
    expect(sent.offset(["user", "assistant", "tool"])).toBe(1);
    expect(sent.take(["user", "assistant", "tool"])).toBe(1);
    expect(sent.take(["user", "assistant", "tool", "assistant", "tool"])).toBe(3);
  });

  it("are the whole prompt when it is shorter than the previous one (a new conversation)", () => {
    const sent = new SentMessages();
    sent.take(["user", "assistant", "tool"]);
    expect(sent.take(["user"])).toBe(0);
  });

  it("don't move on when only looked at (a stop shows the request before the call is recorded)", () => {
    const sent = new SentMessages();
    sent.take(["user"]);
    sent.offset(["user", "assistant", "tool"]);
    expect(sent.take(["user", "assistant", "tool"])).toBe(1);
  });
});
