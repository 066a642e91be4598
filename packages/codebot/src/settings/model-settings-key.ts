/**
 * The name Claude Code's `modelSettings` keys a model by: its canonical name, which its other
 * spellings share — dated (`claude-opus-4-6-20260101`), `[1m]`, Bedrock
 * (`us.anthropic.claude-opus-4-6-v1:0`), Vertex (`claude-opus-4-6@20260101`) and codebot's own
 * `anthropic/claude-opus-4-6`. Lower case, so a key in any case matches.
 */
export function modelSettingsKey(model: string): string {
  let name = model.trim().toLowerCase();
  name = name.slice(name.lastIndexOf("/") + 1);
  name = name.replace(/\[1m\]$/, "");
  const anthropic = name.lastIndexOf("anthropic.");
  if (anthropic >= 0) name = name.slice(anthropic + "anthropic.".length);
  name = name.replace(/@.*$/, "");
  name = name.replace(/-v\d+(:\d+)?$/, "");
  return name.replace(/-\d{8}$/, "");
}
