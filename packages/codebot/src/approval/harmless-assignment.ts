/**
 * Which `NAME=value` prefixes an allow rule may overlook. `Bash(git status:*)` must not allow
 * `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch x' git status`
 * or `LD_PRELOAD=./x.so git status`: a variable can make the allowed program run other code. So a
 * command is allowed by a rule about the command only when each of its assignments sets one of
 * these variables — which change output, locale, logging or a build target, never what code
 * runs — to a plain value: letters, digits and `_.,:@+-=*` (an assignment's value is not
 * glob-expanded, and `=` is inert: `RUST_LOG=mycrate=debug`, `DEBUG=app:*`), optionally in one
 * pair of quotes with no `$`, backquote or backslash inside (`NODE_ENV="test"`). `/` is allowed
 * only in a zone name for TZ (`TZ=America/New_York`), never in LANG or LC_*, where a path loads
 * locale data. No `$`, backquote or `$(`: no expansion. Anything else asks.
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

const PLAIN_VALUE = /^[A-Za-z0-9_.,:@+=*-]*$/;
/** A time zone name (`America/New_York`, `Etc/GMT+5`): names joined by `/`, never `/x`, `:/x` or `..`. */
const ZONE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_][A-Za-z0-9_+-]*)*$/;
/** One pair of quotes around a value with nothing the shell would expand or escape inside. */
const SIMPLE_QUOTES = /^(?:'([^'$`\\]*)'|"([^"$`\\]*)")$/;

/** Whether an allow rule may look past `assignment` (`NAME=value`, as written). */
export function isHarmlessAssignment(assignment: string): boolean {
  const equals = assignment.indexOf("=");
  const name = assignment.slice(0, equals);
  if (!HARMLESS_VARIABLES.has(name)) return false;
  const written = assignment.slice(equals + 1);
  const quoted = SIMPLE_QUOTES.exec(written);
  const value = quoted === null ? written : (quoted[1] ?? quoted[2] ?? "");
  return PLAIN_VALUE.test(value) || (name === "TZ" && ZONE_NAME.test(value));
}
