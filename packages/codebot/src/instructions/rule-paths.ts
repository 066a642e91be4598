/**
 * The `paths:` globs of a rule file's YAML front-matter (`---` … `---` at the very top):
 * `paths: "src/**\/*.ts"`, `paths: ["a/**", "b/*.md"]`, or a `- glob` list under `paths:`.
 * Undefined when the file has no `paths:` (the rule always applies). Only this key is read, so no
 * YAML parser is needed for a field that is a list of strings.
 */
export function rulePaths(text: string): string[] | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!match) return undefined;
  const lines = (match[1] ?? "").split(/\r?\n/);
  const at = lines.findIndex((line) => /^paths\s*:/.test(line));
  if (at < 0) return undefined;
  const inline = (lines[at] ?? "").replace(/^paths\s*:/, "").trim();
  if (inline !== "") {
    const items = inline.startsWith("[") ? inline.replace(/^\[|\]$/g, "").split(",") : [inline];
    return items.map(unquote).filter((item) => item !== "");
  }
  const out: string[] = [];
  for (const line of lines.slice(at + 1)) {
    const item = /^\s+-\s*(.*)$/.exec(line);
    if (!item) break;
    out.push(unquote(item[1] ?? ""));
  }
  return out.filter((item) => item !== "");
}

function unquote(value: string): string {
  return value.trim().replace(/^(["'])(.*)\1$/, "$2");
}
