import { parseJsonSchema } from "../tools/structured-output-tool.js";
import { CliError } from "./cli-error.js";

/** `--json-schema <schema>`: the schema, or a one-line error before anything runs. */
export function jsonSchemaFlag(text: string): Record<string, unknown> {
  const parsed = parseJsonSchema(text);
  if ("error" in parsed) throw new CliError(parsed.error);
  return parsed.schema;
}
