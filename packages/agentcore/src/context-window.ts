/**
 * How many tokens a model's context holds (prompt and answer together), for the models codebot
 * knows. Settings override or add models (`"models": {"<spec>": {"contextWindow": n}}`); an
 * unknown model gets DEFAULT_CONTEXT_WINDOW, small enough to be safe with most served models.
 */
const KNOWN_WINDOWS: ReadonlyArray<readonly [prefix: string, tokens: number]> = [
  // Anthropic: every Claude 3 and 4 model (the 1M window of Sonnet 4/4.5 is a beta header codebot does not send).
  ["anthropic/claude-", 200_000],
  // OpenAI chat models.
  ["openai/gpt-4.1", 1_047_576],
  ["openai/gpt-5", 400_000],
  ["openai/gpt-4o", 128_000],
  ["openai/gpt-4-turbo", 128_000],
  ["openai/o1", 200_000],
  ["openai/o3", 200_000],
  ["openai/o4-mini", 200_000],
];

export const DEFAULT_CONTEXT_WINDOW = 128_000;

/** Per-model settings (`models` in settings), keyed by the full `provider/id` spec. */
export type ModelOverrides = Readonly<Record<string, { contextWindow?: number } | undefined>>;

/** The context window of a model spec: the settings' own figure, else the longest known prefix, else the default. */
export function contextWindowOf(spec: string, overrides: ModelOverrides = {}): number {
  const own = overrides[spec]?.contextWindow;
  if (own !== undefined) return own;
  let best: readonly [string, number] | undefined;
  for (const entry of KNOWN_WINDOWS) {
    if (spec.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1] ?? DEFAULT_CONTEXT_WINDOW;
}
