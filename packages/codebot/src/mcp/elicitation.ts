/**
 * What codebot answers when an MCP server asks the user for input (MCP elicitation): the
 * Elicitation hooks decide when one answers (accept with content, decline, cancel); without an
 * answer the request is declined, and the user is told once per request which server asked what.
 */
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { visible } from "../approval/visible-text.js";

/** A hook's answer to an elicitation; undefined when no hook answered. */
export type ElicitationAnswer = {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
};

export interface ElicitationOptions {
  /** Fires the Elicitation hooks; absent when the session has none. */
  fireHooks?(
    server: string,
    request: ElicitRequest["params"],
    signal: AbortSignal,
  ): Promise<ElicitationAnswer | undefined>;
  notify(message: string): void;
}

export function elicitationHandler(options: ElicitationOptions) {
  return async (
    server: string,
    request: ElicitRequest["params"],
    signal: AbortSignal,
  ): Promise<ElicitResult> => {
    const answer = await options.fireHooks?.(server, request, signal);
    if (answer !== undefined) {
      return answer.action === "accept"
        ? { action: "accept", content: (answer.content ?? {}) as ElicitResult["content"] }
        : { action: answer.action };
    }
    options.notify(
      `codebot: MCP server ${visible(server)} asked for input ("${visible(request.message)}"); declined (no Elicitation hook answered)`,
    );
    return { action: "decline" };
  };
}
