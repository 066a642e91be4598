import { formatProblem, type Problem } from "@codebot/hooks";
import { visible } from "../approval/visible-text.js";

/** A problem's line, escaped: it quotes the settings (keys, values, paths), shown like every consent screen. */
export function problemText(p: Problem): string {
  return visible(formatProblem(p));
}

/** A problem as a notice of its own: `codebot: <problem>`, or `codebot: warning: <problem>`. */
export function problemNotice(p: Problem): string {
  return `codebot: ${p.severity === "warning" ? "warning: " : ""}${problemText(p)}`;
}
