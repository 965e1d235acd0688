// The rules of an elicitation form: the control each field gets, what it starts with, and how the
// entries become typed content, or the problems that stop it being sent.
import { describe, expect, it } from "vitest";
import { choicesOf, controlOf, initialEntries, inputTypeOf, readForm } from "./elicit-form.ts";
import { everythingSchema } from "./everything-asks.fixture.ts";

const field = (name: string) => everythingSchema.properties[name]!;

describe("the control of each field", () => {
  it("gives text, number, select, checkbox and checkbox group by type and choices", () => {
    expect(Object.fromEntries(Object.entries(everythingSchema.properties).map(([name, f]) => [name, controlOf(f)]))).toEqual({
      name: "text",
      check: "checkbox",
      email: "text",
      homepage: "text",
      birthdate: "text",
      integer: "number",
      number: "number",
      untitledSingleSelectEnum: "select",
      untitledMultipleSelectEnum: "checkboxes",
      titledSingleSelectEnum: "select",
      titledMultipleSelectEnum: "checkboxes",
      legacyTitledEnum: "select",
    });
  });

  it("uses the browser's email, url, date and local date-time inputs for those formats", () => {
    expect([field("name"), field("email"), field("homepage"), field("birthdate"), { type: "string" as const, format: "date-time" as const }].map(inputTypeOf)).toEqual([
      "text",
      "email",
      "url",
      "date",
      "datetime-local",
    ]);
  });

  it("shows enumNames for legacy enums, titles for oneOf / anyOf, and the value itself otherwise", () => {
    expect(choicesOf(field("legacyTitledEnum")).map((c) => c.title)).toEqual(["Cats", "Dogs", "Birds", "Fish", "Reptiles"]);
    expect(choicesOf(field("titledSingleSelectEnum"))[1]).toEqual({ const: "hero-2", title: "Green Lantern" });
    expect(choicesOf(field("titledMultipleSelectEnum"))[2]).toEqual({ const: "fish-3", title: "Trout" });
    expect(choicesOf(field("untitledMultipleSelectEnum"))[0]).toEqual({ const: "Guitar", title: "Guitar" });
  });
});

describe("the entries a form starts with", () => {
  it("are the schema's defaults, and empty (unticked, nothing chosen) where there is none", () => {
    expect(initialEntries(everythingSchema)).toEqual({
      name: "",
      check: false,
      email: "",
      homepage: "",
      birthdate: "",
      integer: "42",
      number: "3.14",
      untitledSingleSelectEnum: "Monica",
      untitledMultipleSelectEnum: ["Guitar"],
      titledSingleSelectEnum: "hero-1",
      titledMultipleSelectEnum: ["fish-1"],
      legacyTitledEnum: "pet-1",
    });
  });
});

describe("reading a form into content", () => {
  it("types the values: numbers as numbers, ticks as booleans, choices as lists; leaves out empty optional fields", () => {
    const entries = { ...initialEntries(everythingSchema), name: " Ada Lovelace ", check: true, integer: "7", homepage: "https://ada.example" };
    expect(readForm(everythingSchema, entries)).toEqual({
      ok: true,
      content: {
        name: "Ada Lovelace",
        check: true,
        homepage: "https://ada.example",
        integer: 7,
        number: 3.14,
        untitledSingleSelectEnum: "Monica",
        untitledMultipleSelectEnum: ["Guitar"],
        titledSingleSelectEnum: "hero-1",
        titledMultipleSelectEnum: ["fish-1"],
        legacyTitledEnum: "pet-1",
      },
    });
  });

  it("names each field that is wrong, by its label, and sends nothing", () => {
    const entries = {
      ...initialEntries(everythingSchema),
      name: "  ",
      email: "ada@localhost",
      homepage: "ada.example",
      integer: "4.5",
      number: "1001",
      untitledMultipleSelectEnum: ["Guitar", "Piano", "Drums", "Bass"],
      titledSingleSelectEnum: "hero-9",
    };
    expect(readForm(everythingSchema, entries)).toEqual({
      ok: false,
      problems: {
        name: "String is required",
        email: "String with email format must be an email address, like ada@example.com",
        homepage: "String with uri format must be a full URL, like https://example.com",
        integer: "Integer must be a whole number",
        number: "Number in range 1-1000 must be at most 1000",
        untitledMultipleSelectEnum: "Untitled Multiple Select Enum allows at most 3 chosen",
        titledSingleSelectEnum: 'Titled Single Select Enum must be one of "hero-1", "hero-2", "hero-3"',
      },
    });
  });

  it("checks lengths, minimums and the fewest choices of a required group", () => {
    const schema = {
      type: "object" as const,
      properties: {
        code: { type: "string" as const, minLength: 3, maxLength: 4 },
        age: { type: "integer" as const, minimum: 18 },
        tags: { type: "array" as const, items: { enum: ["a", "b"] } },
      },
      required: ["tags"],
    };
    expect(readForm(schema, { code: "ab", age: "17", tags: [] })).toEqual({
      ok: false,
      problems: { code: "code must be at least 3 characters", age: "age must be at least 18", tags: "tags is required" },
    });
    expect(readForm(schema, { code: "abcde", age: "18", tags: ["b"] })).toEqual({ ok: false, problems: { code: "code must be at most 4 characters" } });
  });

  it("leaves out an optional group with nothing chosen, even when it asks for at least one", () => {
    const reading = readForm(everythingSchema, { ...initialEntries(everythingSchema), name: "Ada", untitledMultipleSelectEnum: [] });
    expect(reading.ok && "untitledMultipleSelectEnum" in reading.content).toBe(false);
  });
});
