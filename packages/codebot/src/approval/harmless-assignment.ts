/**
 * Which `NAME=value` prefixes an allow rule may overlook. `Bash(git status:*)` must not allow
 * `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch x' git status`
 * or `LD_PRELOAD=./x.so git status`: a variable can make the allowed program run other code. So a
 * command is allowed by a rule about the command only when each of its assignments sets one of
 * these variables — which change output, locale, logging or a build target, never what code
 * runs — to a plain value (no `$`, quotes or `/`: no expansion, no path). Anything else asks.
 * Deny and ask rules look past every assignment (shell-parts.ts).
 */
const HARMLESS_VARIABLES: ReadonlySet<string> = new Set([
  "CI",
  "CGO_ENABLED",
  "COLUMNS",
  "DEBUG",
  "FORCE_COLOR",
  "GOARCH",
  "GOOS",
  "LANG",
  "LANGUAGE",
  "LC_ALL",
  "LC_COLLATE",
  "LC_CTYPE",
  "LC_MESSAGES",
  "LC_NUMERIC",
  "LC_TIME",
  "LINES",
  "NO_COLOR",
  "NODE_ENV",
  "PYTHONDONTWRITEBYTECODE",
  "PYTHONUNBUFFERED",
  "RUST_BACKTRACE",
  "RUST_LOG",
  "TERM",
  "TZ",
]);

const PLAIN_VALUE = /^[A-Za-z0-9_.,:@+-]*$/;

/** Whether an allow rule may look past `assignment` (`NAME=value`, as written). */
export function isHarmlessAssignment(assignment: string): boolean {
  const equals = assignment.indexOf("=");
  return (
    HARMLESS_VARIABLES.has(assignment.slice(0, equals)) && PLAIN_VALUE.test(assignment.slice(equals + 1))
  );
}
