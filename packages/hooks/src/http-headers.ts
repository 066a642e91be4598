/**
 * Request headers of an http hook: `Accept`, `Content-Type: application/json` and `User-Agent`, then the entry's headers with
 * `$VAR` / `${VAR}` expanded (as Claude Code does) only for names listed in `allowedEnvVars`, so a
 * settings file cannot read arbitrary secrets out of the environment into a request; codebot's own
 * model credentials expand to nothing even when listed (http-credential-vars.ts).
 */
import { isWithheldCredential } from "./http-credential-vars.js";

/**
 * A variable reference, as claude 2.1.328 reads one: upper-case names only (recorded: `p4$sword`
 * and `${lower}` went out as written, and `$Mixed` as `$M` followed by `ixed`), so a static token
 * holding a `$` is not eaten.
 */
const ENV_REF = /\$\{([A-Z_][A-Z0-9_]*)\}|\$([A-Z_][A-Z0-9_]*)/g;

// A header value with CR or LF could smuggle extra headers; NUL is never valid.
const UNSAFE_CHARS = /[\r\n\0]/g;

/** RFC 9110 token: what a header name may be made of. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Headers that frame the body: the HTTP client sets them from the payload, and a configured one
 * (copied from a curl command) would make every request fail. Left out, as claude 2.1.328 does.
 */
const BODY_FRAMING = new Set(["content-length", "transfer-encoding"]);

/** The configured headers that are left out of the request, as written, each with why. */
export function ignoredHeaderWarnings(headers: Readonly<Record<string, string>> | undefined): string[] {
  return Object.keys(headers ?? {})
    .filter((name) => BODY_FRAMING.has(name.toLowerCase()))
    .map((name) => `header ${name} ignored: codebot works out the request's length from its body`);
}

/** Expands the allowed variables in one header value; unlisted ones and withheld credentials become empty. */
export function expandHeaderValue(
  value: string,
  allowedEnvVars: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): string {
  const allowed = new Set(allowedEnvVars);
  const expanded = value.replace(ENV_REF, (_ref, braced: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare ?? "";
    return allowed.has(name) && !isWithheldCredential(name) ? (env[name] ?? "") : "";
  });
  return expanded.replace(UNSAFE_CHARS, "");
}

/**
 * The variables the request will carry out of the environment: those the header values name and
 * `allowedEnvVars` lists, withheld credentials left out, in order of appearance. What a consent
 * screen warns about.
 */
export function headerEnvVars(
  headers: Readonly<Record<string, string>> | undefined,
  allowedEnvVars: readonly string[] | undefined,
): string[] {
  return allowedHeaderRefs(headers, allowedEnvVars).filter((name) => !isWithheldCredential(name));
}

/**
 * The withheld credentials (http-credential-vars.ts) the header values name and `allowedEnvVars`
 * lists: what the request would have carried but carries as nothing. In order of appearance.
 */
export function withheldHeaderVars(
  headers: Readonly<Record<string, string>> | undefined,
  allowedEnvVars: readonly string[] | undefined,
): string[] {
  return allowedHeaderRefs(headers, allowedEnvVars).filter(isWithheldCredential);
}

function allowedHeaderRefs(
  headers: Readonly<Record<string, string>> | undefined,
  allowedEnvVars: readonly string[] | undefined,
): string[] {
  const allowed = new Set(allowedEnvVars ?? []);
  const found = new Set<string>();
  for (const value of Object.values(headers ?? {}))
    for (const [, braced, bare] of value.matchAll(ENV_REF)) {
      const name = braced ?? bare ?? "";
      if (allowed.has(name)) found.add(name);
    }
  return [...found];
}

/**
 * The variables header values name that `allowedEnvVars` does not list: each goes out as nothing
 * (`X-Team: ${TEAM}` sends `X-Team: `), the commonest slip in an http hook. Each header and
 * variable once, in order of appearance.
 */
export function unlistedHeaderRefs(
  headers: Readonly<Record<string, string>> | undefined,
  allowedEnvVars: readonly string[] | undefined,
): { header: string; variable: string }[] {
  const allowed = new Set(allowedEnvVars ?? []);
  const refs: { header: string; variable: string }[] = [];
  for (const [header, value] of Object.entries(headers ?? {})) {
    const seen = new Set<string>();
    for (const [, braced, bare] of value.matchAll(ENV_REF)) {
      const variable = braced ?? bare ?? "";
      if (allowed.has(variable) || seen.has(variable)) continue;
      seen.add(variable);
      refs.push({ header, variable });
    }
  }
  return refs;
}

/** A header whose value names an allowed variable that is unset or empty in the environment. */
export interface EmptyHeaderRef {
  /** The header as configured (`Authorization`). */
  header: string;
  variable: string;
  /** Set, but to "" — which the header carries just as it carries an unset one: as nothing. */
  setButEmpty: boolean;
}

/**
 * The places where a header value names an allowed variable that is unset or empty in `env`: the
 * header goes out with nothing in its place (`Authorization: Bearer `), which an endpoint reads as
 * no token. Each header and variable once, in order of appearance. Withheld credentials are not
 * among them: they have their own warning (http-credential-vars.ts).
 */
export function emptyHeaderRefs(
  headers: Readonly<Record<string, string>> | undefined,
  allowedEnvVars: readonly string[] | undefined,
  env: Readonly<Record<string, string | undefined>>,
): EmptyHeaderRef[] {
  const allowed = new Set(allowedEnvVars ?? []);
  const refs: EmptyHeaderRef[] = [];
  for (const [header, value] of Object.entries(headers ?? {})) {
    const seen = new Set<string>();
    for (const [, braced, bare] of value.matchAll(ENV_REF)) {
      const variable = braced ?? bare ?? "";
      if (!allowed.has(variable) || isWithheldCredential(variable) || seen.has(variable)) continue;
      if ((env[variable] ?? "") !== "") continue;
      seen.add(variable);
      refs.push({ header, variable, setButEmpty: env[variable] !== undefined });
    }
  }
  return refs;
}

/**
 * What every request says of itself before the configured headers, as claude 2.1.328's http hooks
 * do (recorded: axios's Accept, the value below, and `User-Agent: axios/<version>`; here the user
 * agent names codebot). Its `Accept-Encoding` is left out: the body is read as it comes, undecoded.
 */
const ACCEPT = "application/json, text/plain, */*";

/**
 * The headers of the request (names lower-cased, so a configured Content-Type, Accept or
 * User-Agent replaces ours). Throws on a header name that is not a valid token.
 */
export function hookRequestHeaders(
  headers: Readonly<Record<string, string>> | undefined,
  allowedEnvVars: readonly string[] | undefined,
  env: Readonly<Record<string, string | undefined>>,
  userAgent: string,
): Record<string, string> {
  const out: Record<string, string> = {
    accept: ACCEPT,
    "content-type": "application/json",
    "user-agent": userAgent,
  };
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!HEADER_NAME.test(name)) throw new Error(`invalid header name ${JSON.stringify(name)}`);
    if (BODY_FRAMING.has(name.toLowerCase())) continue;
    out[name.toLowerCase()] = expandHeaderValue(value, allowedEnvVars ?? [], env);
  }
  return out;
}
