/**
 * What codebot answers when an MCP server asks the user for input (MCP elicitation): the
 * Elicitation hooks may answer (accept with content, decline, cancel; a block declines); without
 * an answer the request is declined and the user is told which server asked what. Then the
 * ElicitationResult hooks see the answer and may change it (a block declines) before it goes to
 * the server.
 */
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { visible } from "../approval/visible-text.js";

/** An answer to an elicitation. */
export type ElicitationAnswer = {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
};

/** The hooks of both events; each resolves to the answer a hook gave, or undefined. */
export interface ElicitationHooks {
  ask(
    server: string,
    request: ElicitRequest["params"],
    signal: AbortSignal,
  ): Promise<ElicitationAnswer | undefined>;
  review(
    server: string,
    request: ElicitRequest["params"],
    answer: ElicitationAnswer,
    signal: AbortSignal,
  ): Promise<ElicitationAnswer | undefined>;
}

export interface ElicitationOptions {
  /** Absent: no hooks (the request is declined). */
  hooks?: ElicitationHooks;
  notify(message: string): void;
}

export function elicitationHandler(options: ElicitationOptions) {
  return async (
    server: string,
    request: ElicitRequest["params"],
    signal: AbortSignal,
  ): Promise<ElicitResult> => {
    let answer = await options.hooks?.ask(server, request, signal);
    if (answer === undefined) {
      options.notify(
        `codebot: MCP server ${visible(server)} asked for input ("${visible(request.message)}"); declined (no Elicitation hook answered)`,
      );
      answer = { action: "decline" };
    }
    answer = (await options.hooks?.review(server, request, answer, signal)) ?? answer;
    return answer.action === "accept"
      ? { action: "accept", content: (answer.content ?? {}) as ElicitResult["content"] }
      : { action: answer.action };
  };
}
