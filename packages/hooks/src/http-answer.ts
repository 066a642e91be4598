/**
 * An http guard's 2xx answer that is neither empty nor a JSON object — a proxy's HTML page, an
 * `OK`, a JSON array — decided nothing, though the request succeeded. claude 2.1.328 lets the
 * call through and tells the user "A hook gave no usable answer, so it didn't check this action"
 * (recorded); codebot makes it a failed run, so the user is told which hook and why, and a guard
 * with `onError: "block"` fails closed, as it would for an endpoint that is down.
 */
import type { HookSpec } from "./executor.js";
import { displayUrl } from "./http-executor.js";
import type { HookVerdict } from "./interpret.js";

const SHOWN_BODY = 60;

/** Fails `verdict` when `spec` is an http hook whose successful answer holds no decision. */
export function failUnusableHttpAnswer(spec: HookSpec, verdict: HookVerdict): void {
  if (spec.type !== "http" || verdict.failed || verdict.stdoutIsJson) return;
  const body = verdict.stdout.trim();
  if (body === "") return; // an empty 2xx allows, as it does in claude
  const shown = body.length > SHOWN_BODY ? `${body.slice(0, SHOWN_BODY)}…` : body;
  verdict.failed = true;
  verdict.error = `http hook ${displayUrl(spec.url)}: the answer is not a JSON object, so it checked nothing (${JSON.stringify(shown)})`;
}
