/**
 * The `max_tokens` of a request, as claude 2.1.328 sends it (recorded against a loopback server
 * with each model id, with and without CLAUDE_CODE_MAX_OUTPUT_TOKENS): a model's default, and the
 * most a larger asked-for count is lowered to. The AI SDK's own default is 4096 for Claude 3
 * models and for ids it does not know (a gateway's own name), where claude sends 32000: a long
 * answer (a big file written by the model, a long plan) was cut there.
 */
export interface OutputTokenLimit {
  /** Sent when no count is asked for. */
  default: number;
  /** The most sent: a larger count asked for is lowered to it. */
  upper: number;
}

/** By the family a model id contains (dated and Bedrock ids too), first match wins. */
const LIMITS: readonly [families: readonly string[], limit: OutputTokenLimit][] = [
  [["claude-opus-5-5", "claude-sonnet-5-5", "claude-haiku-5-5"], { default: 128_000, upper: 128_000 }],
  [
    [
      "claude-opus-4-6",
      "claude-opus-4-7",
      "claude-opus-4-8",
      "claude-opus-5",
      "claude-sonnet-5",
      "claude-fable-5",
    ],
    { default: 64_000, upper: 128_000 },
  ],
  [["claude-sonnet-4-6"], { default: 32_000, upper: 128_000 }],
  [["claude-sonnet-4", "claude-haiku-4-5", "claude-opus-4-5"], { default: 32_000, upper: 64_000 }],
  // claude sends claude-opus-4 and -4-1 to claude-opus-5-5 instead; these are their own most.
  [["claude-opus-4"], { default: 32_000, upper: 32_000 }],
  [["claude-3-7"], { default: 32_000, upper: 64_000 }],
  [["claude-3-5", "claude-3-sonnet"], { default: 8192, upper: 8192 }],
  [["claude-3"], { default: 4096, upper: 4096 }],
];

/** An id not known here: claude's default and most for one. */
const UNKNOWN: OutputTokenLimit = { default: 32_000, upper: 128_000 };

export function outputTokenLimit(modelId: string): OutputTokenLimit {
  return LIMITS.find(([families]) => families.some((family) => modelId.includes(family)))?.[1] ?? UNKNOWN;
}

/**
 * The `max_tokens` to send to `modelId`: `asked` (CLAUDE_CODE_MAX_OUTPUT_TOKENS) lowered to the
 * model's most, or the model's default when none, or none above 0, is asked for.
 */
export function outputTokensToSend(modelId: string, asked?: number): number {
  const limit = outputTokenLimit(modelId);
  if (asked === undefined || !(asked > 0)) return limit.default;
  return Math.min(Math.floor(asked), limit.upper);
}
