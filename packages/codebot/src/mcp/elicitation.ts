/**
 * What codebot answers when an MCP server asks the user for input (MCP elicitation): the
 * Elicitation hooks may answer (accept with content, decline, cancel; a block declines); without
 * an answer the request is cancelled and the user is told which server asked what; the
 * ElicitationResult hooks see that answer and may change it (a block declines) before it goes to
 * the server. A hook's own answer goes to the server as it is, as in claude 2.1.328.
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
    // An Elicitation hook's answer (a block too) goes to the server as it is: claude 2.1.328 runs
    // no ElicitationResult hook for it (recorded with server-everything's elicitation).
    const answered = await options.hooks?.ask(server, request, signal);
    if (answered !== undefined) return resultOf(answered);
    // Nobody was asked, so nobody declined: claude 2.1.328's `-p` cancels it (recorded).
    options.notify(
      `codebot: MCP server ${visible(server)} asked for input ("${visible(request.message)}"); cancelled (no Elicitation hook answered)`,
    );
    const cancelled: ElicitationAnswer = { action: "cancel" };
    return resultOf((await options.hooks?.review(server, request, cancelled, signal)) ?? cancelled);
  };
}

function resultOf(answer: ElicitationAnswer): ElicitResult {
  return answer.action === "accept"
    ? { action: "accept", content: (answer.content ?? {}) as ElicitResult["content"] }
    : { action: answer.action };
}
