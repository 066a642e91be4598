import { HttpHeaders } from "./http-headers.js";

/**
 * An API key that can change while the process runs: one a command mints (Claude Code's
 * `apiKeyHelper`), which expires and is asked for again.
 */
export interface RotatingKey {
  /** The key to send now (asking for a fresh one first when the last is too old). */
  current(): Promise<string>;
  /** The server refused `key` (HTTP 401): a fresh key to try once more, or undefined to let the refusal stand. */
  refused(key: string): Promise<string | undefined>;
}

/**
 * Sends a request with `key` as both `x-api-key` and `Authorization: Bearer` (what Claude Code
 * 2.1.328 sends for a helper's key: checked), and once more with a fresh key when the server
 * answers 401. `send` must be callable twice with the same body (a string or bytes).
 */
export async function sendWithKey(
  send: (init: RequestInit) => Promise<Response>,
  init: RequestInit,
  key: RotatingKey,
): Promise<Response> {
  const withKey = (value: string): RequestInit => {
    const headers = new HttpHeaders(init.headers);
    headers.set("x-api-key", value);
    headers.set("authorization", `Bearer ${value}`);
    return { ...init, headers };
  };
  const sent = await key.current();
  const response = await send(withKey(sent));
  if (response.status !== 401) return response;
  const fresh = await key.refused(sent);
  if (fresh === undefined) return response;
  await response.body?.cancel().catch(() => {});
  return send(withKey(fresh));
}
