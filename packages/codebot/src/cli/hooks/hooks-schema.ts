import { settingsJsonSchema } from "@codebot/hooks";
import { settingsFileSchema } from "../../settings/settings-schema.js";

/**
 * `codebot hooks schema`: the JSON Schema of a whole settings file (hooks and the runtime's own
 * keys), generated from the zod objects that validate settings files (§3.2).
 */
export function hooksSchema(): number {
  process.stdout.write(`${JSON.stringify(settingsJsonSchema(settingsFileSchema), null, 2)}\n`);
  return 0;
}
