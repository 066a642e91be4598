import type { HookEvent } from "@codebot/hooks";
import { CliError } from "../cli-error.js";

/**
 * An event's own fields as `hooks test --args` gives them, by their Claude Code names
 * (`{"trigger":"auto"}`): read with the event's defaults, and refused when a value could never
 * come from a session (a `trigger` of "sometimes"), so a test never fires something else quietly.
 */
export class SyntheticArgs {
  constructor(
    private readonly event: HookEvent,
    private readonly args: Record<string, unknown> | undefined,
  ) {}

  /** A string field; undefined when absent. */
  text(key: string): string | undefined {
    const value = this.args?.[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw this.invalid(key, "a string", value);
    return value;
  }

  /** A string field that means nothing when empty (a focus, a file). */
  nonEmpty(key: string): string | undefined {
    const value = this.text(key);
    return value === "" ? undefined : value;
  }

  /** A boolean field. */
  flag(key: string, fallback: boolean): boolean {
    const value = this.args?.[key];
    if (value === undefined) return fallback;
    if (typeof value !== "boolean") throw this.invalid(key, "true or false", value);
    return value;
  }

  /** A count or an amount: a number of 0 or more; `fallback` when absent. */
  amount(key: string, fallback: number): number {
    const value = this.args?.[key];
    if (value === undefined) return fallback;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0)
      throw this.invalid(key, "a number of 0 or more", value);
    return value;
  }

  /** A field that takes one of `choices`; `fallback` when absent. */
  choice<T extends string>(key: string, choices: readonly T[], fallback: T): T {
    const value = this.args?.[key];
    if (value === undefined) return fallback;
    if (!choices.includes(value as T))
      throw this.invalid(key, `one of ${choices.map((c) => `"${c}"`).join(", ")}`, value);
    return value as T;
  }

  /** An object field (a JSON schema, an answer's content). */
  object(key: string): Record<string, unknown> | undefined {
    const value = this.args?.[key];
    if (value === undefined) return undefined;
    if (value === null || typeof value !== "object" || Array.isArray(value))
      throw this.invalid(key, "a JSON object", value);
    return value as Record<string, unknown>;
  }

  /** A list of strings (InstructionsLoaded's `globs`). */
  texts(key: string): string[] | undefined {
    const value = this.args?.[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string"))
      throw this.invalid(key, "a list of strings", value);
    return value as string[];
  }

  private invalid(key: string, expected: string, got: unknown): CliError {
    return new CliError(
      `hooks test: ${this.event}: --args ${key} must be ${expected} (got ${JSON.stringify(got)})`,
    );
  }
}
