// Fails as checked in: slugify leaves a "-" where the title's punctuation ended. The fix sample
// repairs it (in samples/.june/sandbox/, never here). Run it (Node 22): node --test samples/repo/test/slugify.test.ts
import assert from "node:assert/strict";
import { test } from "node:test";
import { slugify } from "../src/slugify.ts";

test("slugify lowercases words and joins them with dashes", () => {
  assert.equal(slugify("Capability Scopes"), "capability-scopes");
});

test("slugify drops punctuation at the ends", () => {
  assert.equal(slugify("Hello, World!"), "hello-world");
});
