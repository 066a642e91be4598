/**
 * What to do about a model call that failed for good (after the retries), in the words claude
 * 2.1.328 adds to its "API Error" line (recorded): a rate limit or a server's failure is usually
 * temporary, so the prompt is sent again later; one that persists points at the server.
 */
import { APICallError } from "@ai-sdk/provider";
import { isContextOverflow, type ModelCallError, OutputLimitError } from "@codebot/agentcore";
import { apiCallError, providerError, stopFailureType } from "./stop-failure.js";

/** The failure's message with what to do after it, or as it was when there is nothing to add. */
export function withModelErrorAdvice(error: ModelCallError): string {
  return withAdvice(error.message, error);
}

/**
 * The failure as claude 2.1.328's `-p` gives it for the answer (recorded against a loopback server
 * answering 400, 401, 429, 500, 529, max_tokens, and a refused connection): `API Error: <status>
 * <the provider's message>` (a 429: `Request rejected (429) · <message>`), then what to do.
 */
export function apiErrorText(error: ModelCallError): string {
  if (error instanceof OutputLimitError)
    return "API Error: the response exceeded the output token maximum. To configure this behavior, set the CLAUDE_CODE_MAX_OUTPUT_TOKENS environment variable.";
  const call = apiCallError(error);
  // A request too long that compaction could not save: claude's own words (its raw error is
  // StopFailure's error_details).
  if (call !== undefined && isContextOverflow(call)) return "Prompt is too long";
  const status = call?.statusCode;
  if (status === undefined) return withAdvice(`API Error: ${error.message.replace(/^model: /, "")}`, error);
  const message = (providerError(call?.responseBody)?.message ?? call?.message ?? "").split("\n", 1)[0] ?? "";
  const said = message === "" ? "" : status === 429 ? ` · ${message}` : ` ${message}`;
  return withAdvice(
    status === 429 ? `API Error: Request rejected (429)${said}` : `API Error: ${status}${said}`,
    error,
  );
}

function withAdvice(text: string, error: ModelCallError): string {
  const advice = adviceFor(error);
  // "…" written as \u2026: a regex keeps its characters as written, and the bundle must stay ASCII.
  return advice === undefined ? text : `${text.replace(/[.!?\u2026]+$/, "")}. ${advice}`;
}

function adviceFor(error: ModelCallError): string | undefined {
  const persists = persistsNote(error);
  switch (stopFailureType(error)) {
    case "rate_limit":
      return `The provider is limiting requests; this may be a temporary capacity issue — wait a moment and send your message again.${persists}`;
    case "server_error":
      // An overloaded server (529) is one too, as claude words it (recorded); no answer at all is not.
      return apiCallError(error)?.statusCode === undefined
        ? unreachedAdvice(error)
        : `This is a server-side issue, usually temporary — send your message again in a moment.${persists}`;
    case "model_not_found":
      return notFoundAdvice(error);
    case "authentication_failed":
      return "Check the API key codebot was given (ANTHROPIC_API_KEY, OPENAI_API_KEY, … or apiKeyHelper) and that it may use this model.";
    default:
      return undefined;
  }
}

/**
 * A 404 is the model (claude 2.1.328's words, recorded: the provider's answer names the model
 * asked for) or the address: a base URL without the `/v1` the OpenAI-style servers put their API
 * under answered "404 Not Found", which said nothing of where the request went.
 */
function notFoundAdvice(error: ModelCallError): string | undefined {
  const call = apiCallError(error);
  if (call === undefined) return undefined;
  const model = (call.requestBodyValues as { model?: unknown } | undefined)?.model;
  if (typeof model === "string" && model !== "" && call.responseBody?.includes(model))
    return `There's an issue with the selected model (${model}). It may not exist or you may not have access to it. Run --model to pick a different model.`;
  return `The server has no API at ${call.url}: check the base URL (OPENAI_BASE_URL and CODEBOT_COMPAT_BASE_URL end in /v1, as http://localhost:11434/v1; ANTHROPIC_BASE_URL is the server's address, /v1 or not).`;
}

/**
 * No answer at all because nothing listens there or the host has no address: the server is not
 * started or the base URL is mistyped, which trying again does not mend (claude 2.1.328 says only
 * `Cannot connect to API: connect ECONNREFUSED …`, recorded).
 */
function unreachedAdvice(error: ModelCallError): string | undefined {
  const url = apiCallError(error)?.url;
  if (url === undefined) return undefined;
  const where = "the base URL (ANTHROPIC_BASE_URL, OPENAI_BASE_URL or CODEBOT_COMPAT_BASE_URL)";
  if (/\bECONNREFUSED\b/.test(error.message))
    return `Nothing is listening at ${hostOf(url)}: start the model's server, or point ${where} at it.`;
  if (/\b(ENOTFOUND|EAI_AGAIN)\b/.test(error.message))
    return `The host ${hostOf(url)} was not found: check ${where} and your network.`;
  return undefined;
}

/** claude's: a custom base URL is "your inference gateway (host)"; Anthropic's own API, its status page. */
function persistsNote(error: ModelCallError): string {
  const url =
    error.cause instanceof Error && APICallError.isInstance(error.cause) ? error.cause.url : undefined;
  const host = url === undefined ? "" : hostOf(url);
  if (host === "") return "";
  if (host === "api.anthropic.com") return " If it persists, check https://status.claude.com.";
  return ` If it persists, check the model's server (${host}).`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
