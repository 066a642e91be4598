/**
 * The hooks users keep in their own settings (formatters on the edited file, loggers, notifiers,
 * guards reading the payload), and their status lines, run in a freshly cloned repository with no
 * question: the own-hook guard holds only what runs the repository's code or what it cannot name.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hookConsent } from "../src/hook-consent.js";
import { tempDir } from "./support.js";

const TYPICAL_HOOKS = [
  `jq -r '.tool_input.file_path' | xargs npx prettier --write`,
  `f=$(jq -r '.tool_input.file_path // empty'); [ -n "$f" ] && npx --no-install prettier --write "$f"`,
  `jq -r .tool_input.file_path | { read -r f; case "$f" in *.py) black -q "$f";; esac; }`,
  `FILE=$(jq -r .tool_input.file_path); if [[ "$FILE" == *.go ]]; then gofmt -w "$FILE"; fi`,
  `jq -c . >> ~/.claude/tool-log.jsonl`,
  `echo "$(date -Iseconds) $CLAUDE_PROJECT_DIR" >> "$HOME/.claude/sessions.log"`,
  `notify-send "Claude Code" "needs your input"`,
  `osascript -e 'display notification "done" with title "Claude"'`,
  `"$HOME/.claude/hooks/guard.sh"`,
  `python3 ~/.claude/hooks/bash_guard.py`,
  `node ~/.claude/hooks/log.js`,
  `bash -c 'cmd=$(jq -r .tool_input.command); [[ "$cmd" == *"rm -rf /"* ]] && exit 2 || exit 0'`,
  `python3 -c "import json,sys; d=json.load(sys.stdin); sys.exit(2 if '.env' in d['tool_input'].get('file_path','') else 0)"`,
  `git diff --stat >&2`,
  `for f in $(jq -r '.tool_input.file_path'); do npx --no-install eslint --fix "$f"; done`,
  `cat | jq -r .prompt | grep -qi "deploy" && echo "careful" >&2 || true`,
  `say done`,
  `f=$(jq -r .tool_input.file_path); case "$f" in *.ts|*.tsx) npx --no-install prettier --write "$f";; *.md) ;; *) exit 0;; esac`,
  // statusLine commands, which the same guard reads (command-grant.ts in codebot): Claude Code's
  // documentation's examples, and the READMEs of ccstatusline, claude-powerline, ccusage and CCometixLine.
  `~/.claude/statusline.sh`,
  `bash ~/.claude/statusline-command.sh`,
  `input=$(cat); echo "[$(echo "$input" | jq -r '.model.display_name')] 📁 $(basename "$(echo "$input" | jq -r '.workspace.current_dir')")"`,
  `input=$(cat); cwd=$(echo "$input" | jq -r '.workspace.current_dir'); branch=$(git -C "$cwd" branch --show-current 2>/dev/null); echo "$(basename "$cwd")\${branch:+ ($branch)}"`,
  `jq -r '"(.model.display_name) | (.workspace.current_dir)"'`,
  `npx -y ccstatusline@latest`,
  `bunx ccstatusline@latest`,
  `npx -y @owloops/claude-powerline@latest --style=powerline`,
  `bun x ccusage statusline`,
  `~/.claude/ccline/ccline`,
  `python3 ~/.claude/statusline.py`,
];

describe("a user's own typical hook or status line in a cloned repository", () => {
  it.each(TYPICAL_HOOKS)("%s runs with no question", (command) => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "package.json"), '{"name":"cloned","scripts":{"test":"vitest"}}\n');
    fs.mkdirSync(path.join(dir, "src"));
    fs.writeFileSync(path.join(dir, "src/index.ts"), "export {};\n");
    const hook = {
      source: "user" as const,
      fingerprint: "f".repeat(64),
      spec: { type: "command" as const, command },
    };
    expect(hookConsent(hook, dir)).toMatchObject({ needed: false, scripts: [], unnamedRuns: [] });
  });
});
