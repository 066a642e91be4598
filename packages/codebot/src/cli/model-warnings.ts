/**
 * The AI SDK logs its warnings (an unsupported setting, a compatibility mode) with console.info
 * and console.warn, and the first of those goes to stdout, where it breaks `--output-format
 * json`. The SDK lets a program take the warnings over through a global: codebot writes each as
 * one line to stderr.
 */
interface SdkWarnings {
  warnings: readonly unknown[];
  provider?: string;
  model?: string;
}

export function routeModelWarnings(write: (line: string) => void): void {
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = (options: SdkWarnings) => {
    for (const warning of options.warnings) {
      const w = warning as {
        type?: string;
        message?: string;
        feature?: string;
        setting?: string;
        details?: string;
      };
      const what = w.message ?? w.feature ?? w.setting ?? JSON.stringify(warning);
      const about = [options.provider, options.model].filter(Boolean).join(" ");
      write(
        `codebot: model warning${about ? ` (${about})` : ""}: ${w.type ?? "other"}: ${what}${w.details ? ` ${w.details}` : ""}`,
      );
    }
  };
}
