/**
 * `--betas <betas...>` as claude 2.1.328 takes it: the betas it lets through go in every
 * Anthropic request's `anthropic-beta` header; each other one is a warning on stderr, in claude's
 * words, and is left out (the API refuses a request naming a beta it does not know).
 */
const SUPPORTED_BETAS: readonly string[] = ["context-1m-2025-08-07"];

/** The betas to send; `warn` gets one line for each left out. Values may also be comma-separated. */
export function betasFlag(values: readonly string[], warn: (line: string) => void): string[] {
  const betas = values.flatMap((value) => value.split(",")).map((beta) => beta.trim());
  const allowed: string[] = [];
  for (const beta of betas.filter((b) => b !== "")) {
    if (SUPPORTED_BETAS.includes(beta)) {
      if (!allowed.includes(beta)) allowed.push(beta);
    } else
      warn(
        `Warning: Beta header '${beta}' is not allowed. Only the following betas are supported: ${SUPPORTED_BETAS.join(", ")}`,
      );
  }
  return allowed;
}
