/**
 * The AI SDK's `GatewayError.isInstance`, without the gateway provider. The SDK's `ai/internal`
 * (which the kernel loads for prompt conversion) imports `GatewayError` from @ai-sdk/gateway only
 * for its retry helper's error check, which the kernel never calls (it retries model calls itself);
 * importing it sets up that provider and its Vercel OIDC client (88 KB) at each run's first model
 * step. In the bundle, packages/codebot/scripts/bundle.mjs gives `ai/internal` this check instead:
 * the same test, by the same marker the gateway's errors carry.
 */
const MARKER = Symbol.for("vercel.ai.gateway.error");

export const GatewayError = {
  isInstance(error: unknown): boolean {
    return (
      typeof error === "object" &&
      error !== null &&
      MARKER in error &&
      (error as Record<symbol, unknown>)[MARKER] === true
    );
  },
};
