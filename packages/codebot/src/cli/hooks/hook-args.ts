import fs from "node:fs";
import { CliError } from "../cli-error.js";
import { readStdin } from "../read-input.js";

/**
 * The `--args` of `hooks test`: inline JSON, `@path` (a file) or `-` (stdin) — real arguments
 * can be megabytes. Must be a JSON object.
 */
export async function readArgsOption(value: string): Promise<Record<string, unknown>> {
  let text: string;
  let from: string;
  if (value === "-") {
    text = await readStdin();
    from = "stdin";
  } else if (value.startsWith("@")) {
    const file = value.slice(1);
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (error) {
      throw new CliError(
        `hooks test: --args ${value}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      );
    }
    from = file;
  } else {
    text = value;
    from = "the argument";
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`hooks test: --args: ${from} is not valid JSON (${(error as Error).message})`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new CliError(`hooks test: --args: ${from} must be a JSON object`);
  }
  return parsed as Record<string, unknown>;
}
