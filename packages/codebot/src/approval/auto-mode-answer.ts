import { visible } from "./visible-text.js";

/**
 * What auto mode's classifier decided about one call (auto-mode-classifier.ts): allow, block with
 * its reason, or no verdict — it could not be reached (an HTTP error, a timeout) or its answer
 * could not be read. Only `allow` runs the call.
 */
export type ClassifierVerdict =
  | { verdict: "allow" }
  | { verdict: "block"; reason: string }
  | { verdict: "unavailable"; why: string }
  | { verdict: "unreadable"; why: string };

/** The longest reason passed on to the model and the hooks (a classifier can ramble). */
const MOST_REASON_CHARS = 500;

/**
 * The verdict in the classifier's answer, in the format claude 2.1.328's classifier is asked for
 * (recorded): `<block>yes</block>…<reason>…</reason>` or `<block>no</block>`. Any `yes` blocks (an
 * answer that says both is not trusted to allow); no `<block>` at all is no verdict.
 */
export function readClassifierAnswer(text: string): ClassifierVerdict {
  const said = [...text.matchAll(/<block>\s*(yes|no)\s*<\/block>/gi)].map((m) => m[1]?.toLowerCase());
  if (said.length === 0)
    return { verdict: "unreadable", why: "its answer had no <block>yes</block> or <block>no</block>" };
  if (!said.includes("yes")) return { verdict: "allow" };
  const reason = firstReason(text)?.trim();
  return { verdict: "block", reason: reason ? shortened(reason) : "it gave no reason" };
}

/**
 * The text of the first `<reason>…</reason>`, found in one pass: a lazy `<reason>([\s\S]*?)</reason>`
 * scans to the end from every `<reason>` that is never closed, so an answer of many of them (a
 * proxy's garbage, a rambling model) took minutes on the one thread that also answers Ctrl+C.
 */
function firstReason(text: string): string | undefined {
  const open = /<reason>/i.exec(text);
  if (open === null) return undefined;
  const close = /<\/reason>/gi;
  close.lastIndex = open.index + open[0].length;
  const end = close.exec(text);
  return end === null ? undefined : text.slice(open.index + open[0].length, end.index);
}

/**
 * Text from the classifier or its provider (a reason, an error) as the model, the hooks and the
 * terminal get it: control characters written out, at most MOST_REASON_CHARS (a proxy's error can
 * be a whole web page on one line).
 */
export function shortened(text: string): string {
  const shown = visible(text);
  return shown.length <= MOST_REASON_CHARS ? shown : `${shown.slice(0, MOST_REASON_CHARS)}…`;
}
