import { settingsJsonSchema } from "@codebot/hooks";

/**
 * `codebot hooks schema`: the JSON Schema of a settings file, generated from the zod objects that
 * validate hooks. The runtime's own keys (model, permissions, env, postStopValidation) are checked
 * by hand-written code and have no schema object yet, so they are not described here; the schema
 * leaves unknown keys open, so files using them still validate.
 */
export function hooksSchema(): number {
  process.stdout.write(`${JSON.stringify(settingsJsonSchema(), null, 2)}\n`);
  return 0;
}
