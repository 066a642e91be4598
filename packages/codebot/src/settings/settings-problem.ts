/** A problem with a settings file outside its `hooks` key (those are reported by the hooks loader). */
export interface SettingsProblem {
  severity: "error" | "warning";
  file: string;
  /** 1-based position of a JSONC syntax error. */
  line?: number;
  column?: number;
  /** The key the problem is about: `permissions.allow[1]`. */
  field?: string;
  message: string;
}

/** `settings: /p/.codebot/settings.json:3:7: property name expected (layer skipped)`. */
export function formatSettingsProblem(p: SettingsProblem): string {
  const where = p.line === undefined ? p.file : `${p.file}:${p.line}:${p.column ?? 1}`;
  return `settings: ${where}: ${p.message}`;
}
