/**
 * The model credentials an http hook's headers never carry, whatever its `allowedEnvVars` says and
 * whichever settings file it comes from. A cloned repository's hook that lists ANTHROPIC_API_KEY is
 * shown on the consent screen, but a user approving "the project's hooks" does not expect to hand
 * over the key codebot itself talks to the model with. Claude Code 2.1.328 does the same for its own
 * credentials (recorded: the reference expands to nothing, the rest of the header and the request
 * still go out, and `httpHookAllowedEnvVars` does not let one through); a command hook still gets
 * the environment, by design. docs/http-hooks.md lists the names.
 */
const CREDENTIALS = [
  // codebot's own (agentcore models.ts: the anthropic, openai and compat providers).
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "OPENAI_API_KEY",
  "CODEBOT_COMPAT_API_KEY",
  // Claude Code's, which claude 2.1.328 withholds and a user of both tools may have set.
  "CLAUDE_CODE_OAUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_REFRESH_TOKEN",
  "ANTHROPIC_CUSTOM_HEADERS",
  "ANTHROPIC_FOUNDRY_API_KEY",
  "AWS_BEARER_TOKEN_BEDROCK",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
];

/** Each also as a GitHub Actions input (`INPUT_<NAME>`), as claude does; compared upper-cased. */
const WITHHELD: ReadonlySet<string> = new Set(CREDENTIALS.flatMap((name) => [name, `INPUT_${name}`]));

/** True for a variable an http hook header never carries (the names above, in any case). */
export function isWithheldCredential(name: string): boolean {
  return WITHHELD.has(name.toUpperCase());
}

/** Why a credential reference expands to nothing: one sentence, for the run's and the load's warnings. */
export function withheldCredentialMessage(variable: string): string {
  return `$${variable} is a model credential: http hook headers never carry it (whatever allowedEnvVars says), so it is sent as nothing`;
}
