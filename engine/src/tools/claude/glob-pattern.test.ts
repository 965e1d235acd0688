// The glob matcher: which relative paths a pattern matches, and how a pattern splits into the
// folder a walk starts from and the part to match.
import { describe, expect, it } from "vitest";
import { isJuneError } from "../../errors/index.ts";
import { compileGlob, splitGlob } from "./glob-pattern.ts";

function matches(pattern: string, paths: string[]): string[] {
  const regex = compileGlob(pattern);
  return paths.filter((candidate) => regex.test(candidate));
}

const PATHS = ["a.ts", "b.tsx", ".env", "src/a.ts", "src/deep/er/b.ts", "src/c.js", "test/a.test.ts", "srcx/a.ts"];

describe("compileGlob", () => {
  it("`*` matches within one folder level, including hidden files", () => {
    expect(matches("*.ts", PATHS)).toEqual(["a.ts"]);
    expect(matches("*", PATHS)).toEqual(["a.ts", "b.tsx", ".env"]);
    expect(matches("src/*.ts", PATHS)).toEqual(["src/a.ts"]);
  });

  it("`**/` matches zero or more folders; a final `**` matches everything below", () => {
    expect(matches("**/*.ts", PATHS)).toEqual(["a.ts", "src/a.ts", "src/deep/er/b.ts", "test/a.test.ts", "srcx/a.ts"]);
    expect(matches("src/**/*.ts", PATHS)).toEqual(["src/a.ts", "src/deep/er/b.ts"]);
    expect(matches("src/**", PATHS)).toEqual(["src/a.ts", "src/deep/er/b.ts", "src/c.js"]);
  });

  it("`**` inside a name is a plain `*`", () => {
    expect(matches("src/a**.ts", PATHS)).toEqual(["src/a.ts"]);
  });

  it("`?` matches one character, never /", () => {
    expect(matches("?.ts", PATHS)).toEqual(["a.ts"]);
    expect(matches("src?a.ts", PATHS)).toEqual([]);
  });

  it("`{a,b}` alternatives, nested too", () => {
    expect(matches("*.{ts,tsx}", PATHS)).toEqual(["a.ts", "b.tsx"]);
    expect(matches("{src,test}/**/*.{ts,js}", PATHS)).toEqual(["src/a.ts", "src/deep/er/b.ts", "src/c.js", "test/a.test.ts"]);
    expect(matches("src/{c.{js,mjs},a.ts}", PATHS)).toEqual(["src/a.ts", "src/c.js"]);
  });

  it("`[...]` sets, ranges and negation, never matching /", () => {
    expect(matches("[ab].ts*", PATHS)).toEqual(["a.ts", "b.tsx"]);
    expect(matches("[a-b].ts", PATHS)).toEqual(["a.ts"]);
    expect(matches("[!a].tsx", PATHS)).toEqual(["b.tsx"]);
    expect(matches("src[/]a.ts", PATHS)).toEqual([]);
    expect(matches("src[!x]a.ts", PATHS)).toEqual([]);
  });

  it("takes / out of a range that spans it, and reads sets by code point", () => {
    expect(compileGlob("a[.-0]b").test("a/b")).toBe(false);
    expect(compileGlob("a[.-0]b").test("a.b")).toBe(true);
    expect(compileGlob("a[.-0]b").test("a0b")).toBe(true);
    expect(compileGlob("[😀-😂].md").test("😁.md")).toBe(true);
    expect(compileGlob("[a-]").test("-")).toBe(true);
    expect(compileGlob("[]a]").test("]")).toBe(true);
    expect(compileGlob("[a\\-z]").test("m")).toBe(false);
  });

  it("treats regex characters and unclosed brackets literally, and `\\` escapes", () => {
    expect(compileGlob("a+b(1).ts").test("a+b(1).ts")).toBe(true);
    expect(compileGlob("a.ts").test("abts")).toBe(false);
    expect(compileGlob("{a").test("{a")).toBe(true);
    expect(compileGlob("[a").test("[a")).toBe(true);
    expect(compileGlob("\\*.ts").test("*.ts")).toBe(true);
    expect(compileGlob("\\*.ts").test("a.ts")).toBe(false);
  });

  it("fails with JUNE_BUILTIN_FAILED for a glob that cannot compile", () => {
    try {
      compileGlob("[z-a]");
      expect.unreachable("expected an error");
    } catch (error) {
      expect(isJuneError(error) && error.code).toBe("JUNE_BUILTIN_FAILED");
      expect((error as Error).message).toContain("the glob [z-a] is not valid: the range z-a in it runs backwards");
    }
  });
});

describe("splitGlob", () => {
  it("moves leading literal folders into the base, keeping the last segment to match", () => {
    expect(splitGlob("src/**/*.ts")).toEqual({ base: "src", rest: "**/*.ts", maxDepth: Infinity });
    expect(splitGlob("src/lib/*.ts")).toEqual({ base: "src/lib", rest: "*.ts", maxDepth: 1 });
    expect(splitGlob("src/index.ts")).toEqual({ base: "src", rest: "index.ts", maxDepth: 1 });
    expect(splitGlob("*/*.md")).toEqual({ base: "", rest: "*/*.md", maxDepth: 2 });
  });

  it("keeps an absolute glob's folder absolute", () => {
    expect(splitGlob("/etc/*.conf")).toEqual({ base: "/etc", rest: "*.conf", maxDepth: 1 });
    expect(splitGlob("/*.conf")).toEqual({ base: "/", rest: "*.conf", maxDepth: 1 });
  });
});
