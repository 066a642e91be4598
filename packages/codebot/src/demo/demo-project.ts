import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The demo's temporary folder: a project with hooks in its settings, and a CODEBOT_HOME. */
export interface DemoProject {
  /** Removed by `remove()`. */
  root: string;
  project: string;
  home: string;
  settingsFile: string;
  remove(): void;
}

/** The rewrite hook: `cat FILE` becomes `cat -n FILE` (JSON in on stdin, JSON decision out). */
const NUMBER_LINES_HOOK = `// PreToolUse hook: show file contents with line numbers.
let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => {
  const { args } = JSON.parse(input);
  const m = /^cat (\\S+)$/.exec(args.command ?? "");
  if (m) process.stdout.write(JSON.stringify({ updated_input: { ...args, command: "cat -n " + m[1] } }));
});
`;

const CHECK_SCRIPT = `#!/bin/sh
# PostStopValidation hook: the greeting must be exactly right.
if grep -qx 'Hello, world!' greet.txt 2>/dev/null; then exit 0; fi
echo "greet.txt must contain exactly 'Hello, world!' but it contains '$(cat greet.txt 2>/dev/null)'"
exit 1
`;

/** The project's `.codebot/settings.json`: one hook per thing the demo shows. */
function demoSettings(node: string): unknown {
  return {
    hooks: {
      PreToolUse: [
        {
          name: "no rm -rf",
          type: "command",
          matcher: "bash",
          if: "/rm\\s+-rf/",
          blocking: true,
          command: "echo 'rm -rf is not allowed in this project; remove files one by one' >&2; exit 2",
        },
        {
          name: "number lines",
          type: "command",
          matcher: "bash",
          if: '/"command":"cat /',
          command: `${JSON.stringify(node)} .codebot/hooks/number-lines.mjs`,
          statusMessage: "numbering lines…",
        },
      ],
      PostToolUse: [{ name: "audit log", type: "command", command: "cat >> .codebot/audit.jsonl" }],
      PostStopValidation: [{ name: "greeting check", type: "command", command: "sh check.sh" }],
      TaskCompleted: [
        {
          name: "release needs a changelog",
          type: "command",
          if: '/"subject":"release/i',
          blocking: true,
          command:
            "test -f CHANGELOG.md || { echo 'a release needs a CHANGELOG.md entry first' >&2; exit 2; }",
        },
      ],
    },
  };
}

export function createDemoProject(): DemoProject {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "codebot-demo-")));
  const project = path.join(root, "project");
  const home = path.join(root, "home");
  const write = (rel: string, content: string) => {
    const file = path.join(project, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return file;
  };
  fs.mkdirSync(home, { recursive: true });
  write("notes.txt", "buy milk\nfix the greeting\nship 1.0\n");
  write("build/app.js", "// old build output\n");
  write("check.sh", CHECK_SCRIPT);
  write(".codebot/hooks/number-lines.mjs", NUMBER_LINES_HOOK);
  const settingsFile = write(
    ".codebot/settings.json",
    `${JSON.stringify(demoSettings(process.execPath), null, 2)}\n`,
  );
  return {
    root,
    project,
    home,
    settingsFile,
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
