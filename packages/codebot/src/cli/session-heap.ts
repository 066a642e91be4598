import v8 from "node:v8";

/**
 * V8 heap settings for a session (`-p` and the interactive session), made once the CLI knows it
 * is running one.
 *
 * - The young generation stays at the size it has: V8 doubles it (up to 2 × 16 MiB) each time
 *   enough has survived scavenges, which each model request in flight makes happen early in a
 *   session, and a long session then carried 32 MiB of young generation it rarely needs — most
 *   of its peak RSS above a short run's.
 * - The old generation is collected when it has grown by half of what was live after the last
 *   full collection, rather than by V8's own factor (up to 4×): a long session promotes each
 *   step's short-lived request objects, which otherwise piled up as garbage.
 *
 * V8 reads both whenever it decides to grow, so setting them now takes effect. But a changed V8
 * flag makes V8 refuse code caches made under other flags — Node's own, for its built-in modules,
 * included — so the built-in modules a session uses are loaded first (≈ 30 ms of compiling per run
 * otherwise; one missing from the list is only compiled without its cache), and the flags are
 * back at their defaults when bin/codebot.js writes the CLI's code cache at exit.
 * bench/RESULTS.md, "Long sessions": peak RSS over 1,000 calls 141 → ≈ 100 MiB; time per call and
 * bench:cli's one-turn and 50-call runs unchanged.
 */
export function tuneHeapForSession(): void {
  for (const name of SESSION_BUILTINS) process.getBuiltinModule(`node:${name}`);
  // Globals that Node loads on first use (web streams, which the model's responses are read as).
  for (const name of SESSION_GLOBALS) void (globalThis as Record<string, unknown>)[name];
  v8.setFlagsFromString(SESSION_FLAGS);
  process.prependOnceListener("exit", () => v8.setFlagsFromString(DEFAULT_FLAGS));
}

const SESSION_FLAGS = "--semi-space-growth-factor=1 --heap-growing-percent=50";
/** Their defaults (`node --v8-options`). */
const DEFAULT_FLAGS = "--semi-space-growth-factor=2 --heap-growing-percent=0";

/** What a one-turn `-p` run loaded after start-up (`process.moduleLoadList`), Node 20. */
const SESSION_BUILTINS = [
  "net",
  "child_process",
  "timers/promises",
  "crypto",
  "http",
  "https",
  "tls",
  "zlib",
  "os",
  "dns/promises",
  "fs/promises",
  "perf_hooks",
  "assert",
  "http2",
  "worker_threads",
  "util/types",
  "stream/web",
];
const SESSION_GLOBALS = ["ReadableStream", "TextDecoderStream"];
