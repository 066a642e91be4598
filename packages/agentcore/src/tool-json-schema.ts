import type { JSONSchema7 } from "@ai-sdk/provider";
import { z } from "zod";
import type { Tool } from "./tool.js";

const converted = new WeakMap<Tool, JSONSchema7>();

/**
 * A tool's input schema as JSON Schema, as the model is shown it. Converted once per tool: a
 * session offers the same tool objects on every request, and a harness that measures the tools
 * (the tool search's `auto` threshold) reads the same copy.
 */
export function toolJsonSchema(tool: Tool): JSONSchema7 {
  let schema = converted.get(tool);
  if (schema === undefined) {
    schema = z.toJSONSchema(tool.inputSchema, {
      target: "draft-7",
      io: "input",
      unrepresentable: "any",
    }) as JSONSchema7;
    converted.set(tool, schema);
  }
  return schema;
}
