import type { RecordedRequest, ScriptedRequest, ScriptStep, TurnReply } from "@codebot/agentcore/testing";

/** A message as the scripted model gets it (AI SDK parts) or as the loopback server does (Anthropic's wire). */
interface AnyMessage {
  role: string;
  content: string | { type: string; text?: string }[];
}

/**
 * Script steps for one model that several agents call at once (sub-agents of one batch): a request
 * is answered from the conversation whose key its first user message contains, at the step its
 * number of assistant messages so far gives, whatever order the requests arrive in. For the
 * scripted model and the loopback server alike.
 */
export function conversations<Req extends ScriptedRequest | RecordedRequest>(
  replies: Record<string, TurnReply[]>,
): ScriptStep<Req>[] {
  const total = Object.values(replies).reduce((sum, steps) => sum + steps.length, 0);
  const answer = (request: Req): TurnReply => {
    const messages = ("prompt" in request ? request.prompt : (request.body?.messages ?? [])) as AnyMessage[];
    const first = messages.find((m) => m.role === "user");
    const text =
      first === undefined
        ? ""
        : typeof first.content === "string"
          ? first.content
          : first.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
    const key = Object.keys(replies).find((k) => text.includes(k));
    if (key === undefined) throw new Error(`conversations: no conversation for a prompt of ${text}`);
    const step = messages.filter((m) => m.role === "assistant").length;
    const reply = replies[key]?.[step];
    if (reply === undefined) throw new Error(`conversations: ${key} has no step ${step + 1}`);
    return reply;
  };
  return Array.from({ length: total }, () => answer);
}
