import type { ScriptedRequest, ScriptStep, TurnReply } from "@codebot/agentcore/testing";

/**
 * Script steps for one model that several agents call at once (sub-agents of one batch): a request
 * is answered from the conversation whose key its first user message contains, at the step its
 * number of assistant messages so far gives, whatever order the requests arrive in.
 */
export function conversations(replies: Record<string, TurnReply[]>): ScriptStep<ScriptedRequest>[] {
  const total = Object.values(replies).reduce((sum, steps) => sum + steps.length, 0);
  const answer = (request: ScriptedRequest): TurnReply => {
    const first = request.prompt.find((m) => m.role === "user");
    const text =
      first === undefined
        ? ""
        : typeof first.content === "string"
          ? first.content
          : first.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
    const key = Object.keys(replies).find((k) => text.includes(k));
    if (key === undefined) throw new Error(`conversations: no conversation for a prompt of ${text}`);
    const step = request.prompt.filter((m) => m.role === "assistant").length;
    const reply = replies[key]?.[step];
    if (reply === undefined) throw new Error(`conversations: ${key} has no step ${step + 1}`);
    return reply;
  };
  return Array.from({ length: total }, () => answer);
}
