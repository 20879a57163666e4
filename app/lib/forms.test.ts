import { describe, expect, it } from "vitest";
import { z as classic } from "zod";
import * as z from "zod/mini";
import { fieldErrors, formObject, parseForm } from "./forms";

const schema = z
  .object({
    name: z.string({ error: "Name is required" }).check(z.trim(), z.minLength(3, "Name is too short"), z.maxLength(5, "Name is too long")),
    tags: z.optional(z.array(z.string({ error: "Tags must be text" }))),
  })
  .check(z.refine((value) => value.name !== "admin", "This name is reserved"));

function errorOf(input: unknown) {
  const parsed = z.safeParse(schema, input);
  if (parsed.success) throw new Error("expected a failure");
  return parsed.error;
}

describe("fieldErrors", () => {
  it("keeps the first message of each top-level field", () => {
    const error = errorOf({ name: "ab", tags: [1, "x", 2] });
    expect(error.issues.filter((issue) => issue.path[0] === "tags")).toHaveLength(2);
    expect(fieldErrors(error)).toEqual({ name: "Name is too short", tags: "Tags must be text" });
  });

  it("puts an issue about the whole form under form", () => {
    expect(fieldErrors(errorOf({ name: "admin" }))).toEqual({ form: "This name is reserved" });
  });

  it("reads errors of classic zod schemas too", () => {
    const parsed = classic.object({ age: classic.number("Age must be a number") }).safeParse({ age: "x" });
    expect(fieldErrors(parsed.error!)).toEqual({ age: "Age must be a number" });
  });
});

describe("formObject", () => {
  it("gives a name sent once as a value, a repeated one as a list, and leaves absent names out", () => {
    const form = new FormData();
    form.append("name", "Ada");
    form.append("tags", "a");
    form.append("tags", "b");
    expect(formObject(form)).toEqual({ name: "Ada", tags: ["a", "b"] });
  });
});

describe("parseForm", () => {
  it("returns the schema's output for a valid form", () => {
    const form = new FormData();
    form.append("name", "  Ada ");
    expect(parseForm(schema, form)).toEqual({ ok: true, data: { name: "Ada" } });
  });

  it("returns the field errors for an invalid one, the type message for a missing field", () => {
    expect(parseForm(schema, new FormData())).toEqual({ ok: false, errors: { name: "Name is required" } });
    expect(parseForm(schema, { name: "Ada Lovelace" })).toEqual({ ok: false, errors: { name: "Name is too long" } });
  });

  it("does not read a file as text", () => {
    const form = new FormData();
    form.append("name", new Blob(["Ada"]), "name.txt");
    expect(parseForm(schema, form)).toEqual({ ok: false, errors: { name: "Name is required" } });
  });
});
