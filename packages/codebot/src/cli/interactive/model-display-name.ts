/**
 * The human name Claude Code 2.1.328 gives an Anthropic model in the status line's
 * `model.display_name` (its model table: `claude-sonnet-4-5` is "Sonnet 4.5", `claude-opus-4-0`
 * "Opus 4", `claude-3-5-haiku` "Haiku 3.5"), derived from the id so newer models need no table; a
 * dated id (`claude-sonnet-4-5-20250929`) is named as its model. Any other model keeps its
 * `provider/id`: codebot does not know what its maker calls it.
 */
const ANTHROPIC = "anthropic/";
/** `claude-<family>-<major>[-<minor>]`, or the older `claude-<major>[-<minor>]-<family>`. */
const CLAUDE_ID = /^claude-(?:([a-z]+)-(\d+)(?:-(\d))?|(\d+)(?:-(\d))?-([a-z]+))$/;

export function modelDisplayName(spec: string): string {
  if (!spec.startsWith(ANTHROPIC)) return spec;
  const match = CLAUDE_ID.exec(spec.slice(ANTHROPIC.length).replace(/-\d{8}$/, ""));
  if (match === null) return spec;
  const family = (match[1] ?? match[6]) as string;
  const major = (match[2] ?? match[4]) as string;
  const minor = match[3] ?? match[5];
  const version = minor === undefined || minor === "0" ? major : `${major}.${minor}`;
  return `${family.charAt(0).toUpperCase()}${family.slice(1)} ${version}`;
}
