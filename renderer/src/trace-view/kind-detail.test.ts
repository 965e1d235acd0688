// Every node kind has its drawing in the node detail, and a kind the engine adds fails the type
// check until it is drawn. The type assertions are checked by `npm run typecheck -w renderer`.
import { describe, expect, expectTypeOf, it } from "vitest";
import type { NodeKind } from "../contract/index.ts";
import { KIND_DETAIL } from "./KindDetail.tsx";

describe("the node detail's drawings", () => {
  it("are one per node kind of the engine's, no more, no fewer", () => {
    expectTypeOf<keyof typeof KIND_DETAIL>().toEqualTypeOf<NodeKind>();
    expect(Object.keys(KIND_DETAIL).sort()).toEqual(["agent", "approval", "block-load", "catch", "composite", "guard", "model-call", "run", "server-request", "step", "tool-call"]);
  });

  it("leave a kind added to NodeKind undrawn, which the type check refuses", () => {
    type WithANewKind = NodeKind | "new-kind";
    // @ts-expect-error the table has no drawing for "new-kind": adding a kind breaks the type check until it is drawn
    const drawings: { [K in WithANewKind]: unknown } = KIND_DETAIL;
    expect("new-kind" in drawings).toBe(false);
  });
});
