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
  verdict.failed = true;
  verdict.error = `http hook ${displayUrl(spec.url)}: the answer is not a JSON object, so it checked nothing (${shownBody(body)})`;
}

/**
 * Where a command hook's plain stdout would be context for the model (UserPromptSubmit,
 * SessionStart, …), an http answer that is not JSON is not: claude 2.1.328 reads an http hook's
 * answer only as JSON (recorded: a 200 `<html>…` page never reached the model), and a proxy's or
 * login page must not become the model's instructions. The user is told once per hook.
 */
export function plainHttpAnswerWarning(body: string): string {
  return `the answer is not JSON, so it was not given to the model as context (${shownBody(body)})`;
}

function shownBody(body: string): string {
  return JSON.stringify(body.length > SHOWN_BODY ? `${body.slice(0, SHOWN_BODY)}…` : body);
}
