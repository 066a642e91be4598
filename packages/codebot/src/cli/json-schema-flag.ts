import { type OutputSchema, parseJsonSchema } from "../tools/structured-output-tool.js";
import { CliError } from "./cli-error.js";

/** `--json-schema <schema>`: the schema and its checker, or a one-line error before anything runs. */
export function jsonSchemaFlag(text: string): OutputSchema {
  const parsed = parseJsonSchema(text);
  if ("error" in parsed) throw new CliError(parsed.error);
  return parsed;
}
