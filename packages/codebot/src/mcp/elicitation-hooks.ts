/**
 * The Elicitation and ElicitationResult hook events (Claude Code's, matcher `mcp_server_name`)
 * behind the MCP client's elicitation handler: a hook's `hookSpecificOutput.action`/`content` is
 * the answer; a block declines.
 */
import type { Decision, HookRunner } from "@codebot/hooks";
import type { ElicitRequest } from "@modelcontextprotocol/sdk/types.js";
import { visible } from "../approval/visible-text.js";
import type { ElicitationAnswer, ElicitationHooks } from "./elicitation.js";

export function elicitationHooks(runner: HookRunner, notify: (message: string) => void): ElicitationHooks {
  return {
    async ask(server, request, signal) {
      if (!runner.hasHooks("Elicitation")) return undefined;
      const decision = await runner.fire("Elicitation", {
        server,
        message: request.message,
        ...requestFields(request),
        ...(request.mode !== "url" ? { requestedSchema: request.requestedSchema } : {}),
        signal,
      });
      return answerOf(decision, server, notify);
    },
    async review(server, request, answer, signal) {
      if (!runner.hasHooks("ElicitationResult")) return undefined;
      const decision = await runner.fire("ElicitationResult", {
        server,
        ...requestFields(request),
        action: answer.action,
        ...(answer.content !== undefined ? { content: answer.content } : {}),
        signal,
      });
      return answerOf(decision, server, notify);
    },
  };
}

function requestFields(request: ElicitRequest["params"]) {
  return request.mode === "url"
    ? { mode: "url" as const, url: request.url, elicitationId: request.elicitationId }
    : { mode: "form" as const };
}

/** A block declines (the user is told why); an answer is used; anything else leaves the request to the next step. */
function answerOf(
  decision: Decision,
  server: string,
  notify: (message: string) => void,
): ElicitationAnswer | undefined {
  if (decision.kind !== "allow") {
    notify(
      `codebot: hook ${visible(decision.by)} declined MCP server ${visible(server)}'s request for input: ${visible(decision.reason)}`,
    );
    return { action: "decline" };
  }
  const given = decision.elicitation;
  if (given === undefined) return undefined;
  return { action: given.action, ...(given.content !== undefined ? { content: given.content } : {}) };
}
