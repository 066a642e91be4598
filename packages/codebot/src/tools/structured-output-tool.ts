/**
 * `--json-schema` (Claude Code's, as claude 2.1.328 does it): the model gives its answer as the
 * input of the `structured_output` tool (Claude Code's `StructuredOutput`), whose input schema is
 * the user's. An input the schema refuses is an error result naming what is wrong, and the model
 * tries again; a valid one is the prompt's answer and ends the run (the kernel's `final`).
 */
import type { Tool } from "@codebot/agentcore";
import type { ErrorObject, ValidateFunction } from "ajv";
import { z } from "zod";
import { ajvForDraft, KNOWN_DRAFTS } from "./json-schema-drafts.js";

export const STRUCTURED_OUTPUT_TOOL = "structured_output";

/** Claude Code's words to a model that ended its turn without calling the tool. */
export const STRUCTURED_OUTPUT_REMINDER =
  "[structured-output-enforce] You MUST call the StructuredOutput tool to complete this request. Call this tool now.";

/** An answer given through the tool: `value` is the tool's input, as the schema accepted it. */
export interface StructuredAnswer {
  value: Record<string, unknown>;
}

/** A `--json-schema` schema and its checker, compiled once when the flag is read. */
export interface OutputSchema {
  schema: Record<string, unknown>;
  /** `allErrors`, so the model hears every problem at once, as from claude. */
  validate: ValidateFunction;
}

/**
 * The `--json-schema` text as a schema, or why it is not one (claude's words): not JSON, not a
 * JSON Schema (checked against the meta-schema), or not an object's (a tool's input is an object:
 * the provider would refuse the request).
 */
export function parseJsonSchema(text: string): OutputSchema | { error: string } {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    return { error: `--json-schema is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    return { error: "--json-schema is not a valid JSON Schema: it must be a JSON object" };
  const ajv = ajvForDraft(schema as Record<string, unknown>, { allErrors: true, strict: false });
  if (ajv === undefined)
    return {
      error: `--json-schema is not a valid JSON Schema: "$schema" is ${JSON.stringify((schema as { $schema?: unknown }).$schema)}; codebot reads ${KNOWN_DRAFTS}`,
    };
  if (!ajv.validateSchema(schema))
    return { error: `--json-schema is not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}` };
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    return { error: `--json-schema is not a valid JSON Schema: ${(error as Error).message}` };
  }
  if ((schema as { type?: unknown }).type !== "object")
    return {
      error: `--json-schema must describe an object ("type": "object"): the model answers through a tool, whose input is an object`,
    };
  return { schema: schema as Record<string, unknown>, validate };
}

/** The tool and the answer it received in the prompt under way. */
export class StructuredOutput {
  readonly tool: Tool<Record<string, unknown>>;
  private answer: StructuredAnswer | undefined;
  private reminded = false;

  constructor({ schema, validate }: OutputSchema) {
    this.tool = {
      name: STRUCTURED_OUTPUT_TOOL,
      description:
        "Use this tool to return your final response in the requested structured format. You MUST call this tool exactly once at the end of your response to provide the structured output.",
      // Shown to the model as the user's schema; checked here, so the model hears claude's words.
      inputSchema: z.looseObject({}).meta({ ...schema }),
      execute: async (args) => {
        if (!validate(args))
          return {
            content: `Output does not match required schema: ${problemsOf(validate.errors ?? [])}`,
            isError: true,
          };
        this.answer = { value: args };
        return { content: "Structured output provided successfully", isError: false, final: true };
      },
    };
  }

  /** A new prompt: no answer yet. */
  startPrompt(): void {
    this.answer = undefined;
    this.reminded = false;
  }

  /**
   * At a stop without an answer, the reminder to give one — once per prompt, as claude 2.1.328:
   * a model that stops again ends the prompt without a structured answer.
   */
  reminderAtStop(): string | undefined {
    if (this.answer !== undefined || this.reminded) return undefined;
    this.reminded = true;
    return STRUCTURED_OUTPUT_REMINDER;
  }

  /** The answer of the prompt under way (or just ended), if the model gave one. */
  get received(): StructuredAnswer | undefined {
    return this.answer;
  }
}

/** `root: must have required property 'age', /name: must be string`, as claude lists them. */
function problemsOf(errors: readonly ErrorObject[]): string {
  return errors
    .map((e) => `${e.instancePath === "" ? "root" : e.instancePath}: ${e.message ?? "is invalid"}`)
    .join(", ");
}
