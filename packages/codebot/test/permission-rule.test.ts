import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { literalRule, parsePermissionRule } from "../src/approval/permission-rule.js";
import { allowedByRules, firstMatching, type RuleSubject } from "../src/approval/permission-rules.js";

const root = fs.realpathSync(os.tmpdir());
const ctx = { root, home: "/home/u" };

function rule(text: string) {
  const parsed = parsePermissionRule(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rule;
}
const bash = (command: string): RuleSubject => ({ tool: "bash", command });
const file = (tool: string, rel: string): RuleSubject => ({ tool, path: path.join(root, rel) });
const allows = (rules: string[], call: RuleSubject) => allowedByRules(rules.map(rule), call, ctx);
const denies = (rules: string[], call: RuleSubject) => firstMatching(rules.map(rule), call, ctx)?.text;

describe("permission rules (Claude Code's grammar)", () => {
  it("a bare tool name allows every call of that tool, whatever the case or Claude Code name", () => {
    expect(allows(["write"], file("write", "a/b.txt"))).toBe(true);
    expect(allows(["Bash"], bash("rm -rf x; echo"))).toBe(true);
    expect(allows(["Task"], { tool: "agent" })).toBe(true);
    expect(allows(["write"], file("edit", "a"))).toBe(false);
  });

  it("a rule names its tool by codebot's name, in any case, or by any Claude Code name", () => {
    expect(rule("TASKCREATE").tool).toBe("task_create");
    expect(rule("TaskUpdate").tool).toBe("task_update");
    expect(rule("Agent").tool).toBe("agent");
    expect(rule("My_Tool").tool).toBe("my_tool");
  });

  it("`prefix:*` matches the command itself and the command followed by arguments, not a longer word", () => {
    const r = ["Bash(npm run test:*)"];
    expect(allows(r, bash("npm run test"))).toBe(true);
    expect(allows(r, bash("npm  run test -- --watch"))).toBe(true);
    expect(allows(r, bash("npm run testx"))).toBe(false);
    expect(allows(r, bash("npm run build"))).toBe(false);
  });

  it("`*` matches anything; a single trailing ` *` also matches the bare command", () => {
    expect(allows(["Bash(git diff *)"], bash("git diff"))).toBe(true);
    expect(allows(["Bash(git diff *)"], bash("git diff HEAD~1 src/a.ts"))).toBe(true);
    expect(allows(["Bash(git diff *)"], bash("git diffx"))).toBe(false);
    expect(allows(["Bash(git * main)"], bash("git push origin main"))).toBe(true);
    expect(allows(["Bash(git status*)"], bash("echo git status"))).toBe(false);
    expect(allows(["Bash(ls)"], bash("ls -la"))).toBe(false);
  });

  it("a compound command is allowed only when every part is, and never with substitution", () => {
    const r = ["Bash(git status:*)", "Bash(echo:*)"];
    expect(allows(r, bash("git status && echo ok"))).toBe(true);
    expect(allows(r, bash("git status | echo ok; echo done"))).toBe(true);
    for (const cmd of [
      "git status; rm -rf ~",
      "git status && x",
      "git status || sh",
      "git status | sh",
      "git status $(x)",
      "git status `x`",
      "git status\nrm x",
      "echo $(rm -rf ~)",
    ]) {
      expect(allows(r, bash(cmd)), cmd).toBe(false);
    }
  });

  it("quotes keep operators inside one part", () => {
    expect(allows(["Bash(echo:*)"], bash('echo "a && rm -rf ~"'))).toBe(true);
    expect(allows(["Bash(echo:*)"], bash("echo 'a; b | c'"))).toBe(true);
  });

  it("a redirection to a file needs its own approval, as in Claude Code; 2>&1 and /dev/null do not", () => {
    expect(allows(["Bash(echo:*)"], bash("echo hi > out.txt"))).toBe(false);
    expect(allows(["Bash(echo:*)"], bash("echo hi >> out.txt"))).toBe(false);
    expect(allows(["Bash(echo:*)"], bash("echo hi 2>&1"))).toBe(true);
    expect(allows(["Bash(echo:*)"], bash("echo hi >/dev/null 2>&1"))).toBe(true);
    expect(allows(["Bash(echo:*)"], bash('echo "a > b"'))).toBe(true);
  });

  it("an allow rule does not cover a command run with a variable that can make it run other code", () => {
    const r = ["Bash(git status:*)"];
    const fsmonitor =
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch /tmp/pwn' git status";
    expect(allows(r, bash(fsmonitor))).toBe(false);
    expect(allows(r, bash("LD_PRELOAD=./x.so git status"))).toBe(false);
    expect(allows(r, bash("ls && PATH=.:/usr/bin git status"))).toBe(false);
    expect(allows(r, bash("PATH=.; git status"))).toBe(false);
  });

  it("an allow rule for export does not cover the command an exported GIT_PAGER or EDITOR runs", () => {
    const r = ["Bash(export:*)", "Bash(git log:*)", "Bash(cat:*)"];
    expect(allows(r, bash("export GIT_PAGER='touch /tmp/pwn'; git log"))).toBe(false);
    expect(allows(r, bash("export EDITOR='touch /tmp/pwn' && git log"))).toBe(false);
    expect(allows(r, bash("export GIT_PAGER=cat; git log"))).toBe(true);
  });

  it("an allow rule looks past harmless variables set to plain values, not past expansions or paths", () => {
    const r = ["Bash(npm test:*)"];
    expect(allows(r, bash("NODE_ENV=test CI=1 npm test"))).toBe(true);
    expect(allows(r, bash("TZ=UTC LANG=C.UTF-8 npm test -- --watch=false"))).toBe(true);
    expect(allows(r, bash('TZ="$HOME" npm test'))).toBe(false);
    expect(allows(r, bash("LANG=/tmp/locale npm test"))).toBe(false);
    expect(allows(r, bash("NODE_OPTIONS=--require=./x.js npm test"))).toBe(false);
  });

  it("an allow rule looks past ordinary values: `=`, `*`, a zone name for TZ, simple quotes", () => {
    const r = ["Bash(cargo test:*)"];
    expect(allows(r, bash("RUST_LOG=mycrate=debug cargo test"))).toBe(true);
    expect(allows(r, bash("TZ=America/New_York cargo test"))).toBe(true);
    expect(allows(r, bash("DEBUG=app:* cargo test"))).toBe(true);
    expect(allows(r, bash('NODE_ENV="test" cargo test'))).toBe(true);
    expect(allows(r, bash("TZ=/etc/evil cargo test"))).toBe(false);
    expect(allows(r, bash("TZ=../x/y cargo test"))).toBe(false);
    expect(allows(r, bash("LC_ALL=en/x cargo test"))).toBe(false);
    expect(allows(r, bash('NODE_ENV="$(id)" cargo test'))).toBe(false);
    expect(allows(r, bash("NODE_ENV='`id`' cargo test"))).toBe(false);
  });

  it("a deny rule catches its command in any part, after assignments, inside substitutions", () => {
    const r = ["Bash(rm:*)"];
    expect(denies(r, bash("rm -rf x"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("cd /tmp && rm -rf x"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("true; FOO=1 rm -rf x 2>/dev/null"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("echo $(rm -rf x)"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("echo `rm -rf x`"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("(rm -rf x)"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("echo rm -rf x"))).toBeUndefined();
    expect(denies(r, bash("rmdir x"))).toBeUndefined();
  });

  it("a `#` starting a word opens a comment to the end of the line: a quote inside it opens nothing", () => {
    expect(allows(["Bash(git status:*)"], bash("git status --short # '\ntouch /tmp/pwned #'"))).toBe(false);
    expect(allows(["Bash(git status:*)"], bash("git status --short # it's fine"))).toBe(true);
    expect(denies(["Bash(rm:*)"], bash("echo hi # '\nrm -f e #'"))).toBe("Bash(rm:*)");
    expect(denies(["Bash(rm:*)"], bash("echo $(true # ')'\nrm -f e)"))).toBe("Bash(rm:*)");
    expect(denies(["Bash(rm:*)"], bash("echo a#'\nrm -f e'"))).toBeUndefined();
  });

  it("a `#` after white space bash does not split words on (\\r, form feed, no-break space) or after `{` opens no comment", () => {
    for (const gap of ["\r", "\f", "\u00a0"]) {
      expect(allows(["Bash(echo:*)"], bash(`echo a${gap}#; rm -rf x`))).toBe(false);
      expect(denies(["Bash(rm:*)"], bash(`echo a${gap}#; rm -rf x`))).toBe("Bash(rm:*)");
    }
    expect(allows(["Bash(echo:*)"], bash("echo a;{#; rm -rf x"))).toBe(false);
  });

  it("a deny rule catches a command substituted inside double quotes", () => {
    expect(denies(["Bash(rm:*)"], bash('echo "$(rm -rf x)"'))).toBe("Bash(rm:*)");
    expect(denies(["Bash(rm:*)"], bash('echo "a `rm -rf x` b"'))).toBe("Bash(rm:*)");
    expect(denies(["Bash(rm:*)"], bash('echo "rm -rf x"'))).toBeUndefined();
  });

  it("a command nested deeper than it follows is one part, not a crash", () => {
    const deep = `${"$(".repeat(20_000)}rm -rf x`;
    expect(allows(["Bash(echo:*)"], bash(`echo ${deep}`))).toBe(false);
    expect(() => denies(["Bash(rm:*)"], bash(deep))).not.toThrow();
  });

  it("substitutions nested deeply inside double quotes are refused, not a crash", () => {
    const deep = `echo ${'"$('.repeat(20_000)}rm -rf x`;
    expect(allows(["Bash(echo:*)"], bash(deep))).toBe(false);
    expect(denies(["Bash(ls:*)"], bash(deep))).toBe("Bash(ls:*)");
    const delimiters = `echo $(${'cat <<"$('.repeat(20_000)}`;
    expect(denies(["Bash(ls:*)"], bash(delimiters))).toBe("Bash(ls:*)");
  });

  it("a deny rule catches its command however bash would spell it: quoted, escaped, after NAME+=value", () => {
    const r = ["Bash(rm:*)"];
    expect(denies(r, bash("X+=1 rm -f a"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("'rm' -f b"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("\\rm -f c"))).toBe("Bash(rm:*)");
    expect(denies(r, bash('ls; r""m -f d'))).toBe("Bash(rm:*)");
    expect(denies(["Bash(rm -rf:*)"], bash("rm '-rf' e"))).toBe("Bash(rm -rf:*)");
    expect(denies(r, bash("echo 'rm -f x'"))).toBeUndefined();
  });

  it("ANSI-C quoting $'…' is one string: a \\' inside does not close it, so what follows is parts of its own", () => {
    const command = "echo $'\\'';touch pwned; id -un > whoami.txt; rm victim;echo ''";
    expect(allows(["Bash(echo:*)"], bash(command))).toBe(false);
    expect(denies(["Bash(rm:*)"], bash(command))).toBe("Bash(rm:*)");
    expect(allows(["Bash(echo:*)"], bash("echo $'a\\'b; c' && echo $'\\n'"))).toBe(true);
  });

  it("a deny rule catches a command word spelled with ANSI-C quoting, as bash decodes it", () => {
    const r = ["Bash(rm:*)"];
    expect(denies(r, bash("$'rm' victim3"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("$'\\x72m' -f a"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("$'\\162\\155' -f a"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("echo $'rm -f a'"))).toBeUndefined();
  });

  it("an allow rule never allows what the parser cannot follow: an unclosed quote, $( or backquote", () => {
    for (const cmd of ["echo 'a", 'echo "a', "echo $'a\\'", "echo $(a", "echo `a", 'echo "$(a"']) {
      expect(allows(["Bash(echo:*)"], bash(cmd)), cmd).toBe(false);
    }
  });

  it("a deny rule treats a command the parser cannot follow as matching", () => {
    expect(denies(["Bash(rm:*)"], bash("echo 'a"))).toBe("Bash(rm:*)");
    expect(denies(["Bash(rm:*)"], bash("cat <<EOF\nrm x"))).toBe("Bash(rm:*)");
  });

  it("an escaped quote outside quotes opens nothing: a redirection after it is seen", () => {
    expect(allows(["Bash(echo:*)"], bash("echo \\' > out.txt \\'"))).toBe(false);
  });

  it("a here-document's body is data, not commands; the commands after it and its $(…) are parts", () => {
    const r = ["Bash(rm:*)"];
    expect(denies(r, bash("cat <<'EOF' > notes.txt\nrm -rf x\nEOF"))).toBeUndefined();
    expect(denies(r, bash("cat <<-EOF\n\trm -rf x\n\tEOF\necho done"))).toBeUndefined();
    expect(denies(r, bash("cat <<EOF\nhi\nEOF\nrm -rf x"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("cat <<EOF\n$(rm -rf x)\nEOF"))).toBe("Bash(rm:*)");
    expect(denies(r, bash("cat <<<'rm x'"))).toBeUndefined();
  });

  it('a here-document ends where bash ends it: $"EOF" is EOF, and a line continuation in the delimiter quotes nothing', () => {
    expect(denies(["Bash(rm:*)"], bash('cat <<$"EOF"\nEOF\nrm a\n$EOF'))).toBe("Bash(rm:*)");
    expect(denies(["Bash(rm:*)"], bash("cat <<E\\\nOF\n$(rm a)\nEOF"))).toBe("Bash(rm:*)");
  });

  it("a shift in arithmetic is not taken for a here-document that would hide the next lines", () => {
    expect(denies(["Bash(rm:*)"], bash("(( x = 1 << 2 ))\nrm a\n2"))).toBe("Bash(rm:*)");
    expect(denies(["Bash(rm:*)"], bash("echo $[1<<2]\nrm a\n2"))).toBe("Bash(rm:*)");
  });

  it("a here-document inside $(…) is read too: an apostrophe in a commit message hides nothing and breaks nothing", () => {
    const commit = "git commit -m \"$(cat <<'EOF'\nIt's done (really)\nEOF\n)\" && git push";
    expect(denies(["Bash(rm:*)"], bash(commit))).toBeUndefined();
    expect(denies(["Bash(git push:*)"], bash(commit))).toBe("Bash(git push:*)");
  });

  it("path rules: ./ and bare paths are project-relative, // absolute, ~/ home; a folder covers its contents", () => {
    expect(denies(["Read(./secrets/**)"], file("read", "secrets/a/key.pem"))).toBe("Read(./secrets/**)");
    expect(denies(["Read(./secrets/**)"], file("read", "src/secrets.ts"))).toBeUndefined();
    expect(denies(["Read(./secrets)"], file("read", "secrets/key"))).toBe("Read(./secrets)");
    expect(denies(["Read(.env)"], file("read", "pkg/.env"))).toBe("Read(.env)");
    expect(denies(["Read(//etc/**)"], { tool: "read", path: "/etc/passwd" })).toBe("Read(//etc/**)");
    expect(denies(["Read(~/.ssh/**)"], { tool: "read", path: "/home/u/.ssh/id_rsa" })).toBe(
      "Read(~/.ssh/**)",
    );
    expect(allows(["Edit(src/**)"], file("edit", "src/a/b/c.ts"))).toBe(true);
    expect(allows(["Edit(src/**)"], file("edit", "test/a.ts"))).toBe(false);
    expect(allows(["Edit(/src/*.ts)"], file("edit", "src/a/b.ts"))).toBe(false);
    expect(allows(["Write(*.{md,txt})"], file("write", "notes.txt"))).toBe(true);
  });

  it("Edit rules cover write too; Write rules cover only write", () => {
    expect(allows(["Edit(src/**)"], file("write", "src/new.ts"))).toBe(true);
    expect(allows(["Write"], file("edit", "src/new.ts"))).toBe(false);
  });

  it("a bare Edit allow rule allows edit alone, as claude 2.1.328 asked before a Write under it; a bare Edit deny still covers write", () => {
    expect(allows(["Edit"], file("edit", "notes.txt"))).toBe(true);
    expect(allows(["Edit"], file("write", "notes.txt"))).toBe(false);
    expect(denies(["Edit"], file("write", "notes.txt"))).toBe("Edit");
  });

  it("rules for tools codebot lacks are accepted and match nothing; codebot's own whole tools take no specifier", () => {
    expect(rule("WebFetch(domain:example.com)").opaque).toBe("domain:example.com");
    expect(denies(["WebFetch(domain:example.com)"], { tool: "webfetch" })).toBeUndefined();
    expect(parsePermissionRule("glob(x)").ok).toBe(false);
    expect(parsePermissionRule("bash(")).toEqual({
      ok: false,
      error: 'permission rule "bash(": expected "Tool" or "Tool(specifier)"',
    });
  });

  it("a resource tool's rule naming a server is refused with the reason (claude 2.1.328 reads it as no rule: that server's reads run)", () => {
    expect(parsePermissionRule("ReadMcpResourceTool(everything)")).toEqual({
      ok: false,
      error:
        'permission rule "ReadMcpResourceTool(everything)": read_mcp_resource takes no specifier; write "ReadMcpResourceTool" for the whole tool',
    });
    expect(parsePermissionRule("ListMcpResourcesTool(everything)").ok).toBe(false);
    expect(rule("ReadMcpResourceTool").tool).toBe("read_mcp_resource");
  });

  it("an 'always' rule matches its command or path only", () => {
    const r = literalRule("bash", "ls *.txt && echo a", "command");
    expect(allows([r], bash("ls *.txt && echo a"))).toBe(true);
    expect(allows([r], bash("ls x.txt && echo a"))).toBe(false);
    const w = literalRule("write", "src/[a].ts", "path");
    expect(allows([w], file("write", "src/[a].ts"))).toBe(true);
    expect(allows([w], file("write", "src/b.ts"))).toBe(false);
  });
});

describe("a bash deny rule reaches every command a line may run", () => {
  const rm = ["Bash(rm:*)"];
  const refused = (commands: string[]) => {
    for (const command of commands) expect(denies(rm, bash(command)), command).toBe("Bash(rm:*)");
  };

  it("after a reserved word: if/then/else/elif, while/until/do, !, a group, time, coproc, a function body", () => {
    refused([
      "if true; then rm victim1; fi",
      "if false; then :; else rm a; fi",
      "if false; then :; elif rm a; then :; fi",
      "while rm a; do :; done",
      "for f in a; do rm $f; done",
      "! rm a",
      "true || { rm a; }",
      "time rm victim5",
      "time -p rm a",
      "coproc rm a",
      "coproc job { rm a; }",
      "function f { rm a; }",
      "f() { rm a; }",
    ]);
  });

  it("named by its path: the program's name matches too", () => {
    refused(["/bin/rm victim2", "/usr/bin/rm -f a", "'/bin/rm' a"]);
    expect(denies(["Bash(curl:*)"], bash("/usr/bin/curl https://x"))).toBe("Bash(curl:*)");
  });

  it("behind a wrapper that runs its arguments, past the wrapper's options", () => {
    refused([
      "env rm a",
      "env -i -u HOME PATH=/bin rm a",
      "env -S 'rm a'",
      "command -p rm a",
      "builtin rm a",
      "exec -a name rm a",
      "nice -n 5 rm a",
      "nohup rm a",
      "timeout -s KILL 5 rm a",
      "sudo -Eu root rm a",
      "sudo -u root FOO=1 rm a",
      "stdbuf -oL rm a",
      "setsid -f rm a",
      "nice env nohup rm a",
      "ionice -c 3 rm a",
      "chroot / rm a",
      "watch -n 1 'rm a'",
    ]);
  });

  it("behind a start of a wrapper's option whose value is a command line, as getopt_long takes it", () => {
    refused([
      "env --sp='rm a'",
      "env --split='rm a'",
      "runuser -u me --comm='rm a'",
      "mosh --ss='rm a' host",
    ]);
  });

  it("behind the other programs that run a command given as their arguments", () => {
    refused([
      "script -qc 'rm -rf x' /dev/null",
      "script --command 'rm x' log",
      "unbuffer -p rm a",
      "parallel -j2 rm {} ::: a b",
      "flock lockfile rm a",
      "flock lockfile -c 'rm a'",
      "flock -w 5 -c 'rm a' lockfile",
      "chrt -f 10 rm a",
      "taskset -c 0 rm a",
      "su -c 'rm a'",
      "sg staff -c 'rm a'",
      "runuser -u me -- rm a",
      "ssh localhost rm a",
      "ssh -p 22 localhost 'rm a'",
      "ssh -o ProxyCommand='rm a' host ls",
      "strace -f -o log rm a",
      "systemd-run --user rm a",
      "unshare -r rm a",
      "nsenter -t 1 rm a",
    ]);
    expect(denies(rm, bash("flock lockfile ls"))).toBeUndefined();
    expect(denies(rm, bash("script -c ls rm"))).toBeUndefined();
    expect(denies(rm, bash("parallel echo ::: rm"))).toBeUndefined();
    expect(denies(rm, bash("ssh host ls rm.txt"))).toBeUndefined();
  });

  it("run by an environment manager: uv run, poetry run, pipenv run, pdm run, bundle exec", () => {
    refused([
      "uv run rm a",
      "uv --project . run --with requests rm a",
      "poetry run rm a",
      "pipenv run rm a",
      "pdm run rm a",
      "bundle exec rm a",
      "uv run sh -c 'rm a'",
    ]);
    expect(denies(rm, bash("uv pip install rm"))).toBeUndefined();
    expect(denies(rm, bash("bundle install rm"))).toBeUndefined();
  });

  it("run by git: a -c value (an alias's after !), rebase --exec, submodule foreach, bisect run", () => {
    refused([
      "git -c alias.x='!rm a' x",
      "git -C . -c core.pager='rm a' log",
      "git rebase -x 'rm a' HEAD~1",
      "git rebase --exec='rm a' main",
      "git submodule foreach 'rm a'",
      "git bisect run rm a",
      // The value comes from a variable the line does not show.
      "git --config-env=alias.x=V x",
      "git -c a.b=c --config-env=alias.x=V x",
    ]);
    expect(denies(rm, bash("git rm a"))).toBeUndefined();
    expect(denies(rm, bash("git log --grep rm"))).toBeUndefined();
    expect(denies(rm, bash("git commit -m 'rm a'"))).toBeUndefined();
    expect(allows(["Bash(git:*)"], bash("git -c core.editor=vim commit"))).toBe(true);
  });

  it("run by a program from a variable set for it: GIT_SSH_COMMAND, GIT_PAGER, EDITOR, LESSOPEN…", () => {
    refused([
      "GIT_SSH_COMMAND='rm a' git fetch",
      "GIT_SSH=rm git fetch",
      "GIT_PAGER='rm a' git log",
      "PAGER='rm a' git log",
      "EDITOR='rm a' git commit",
      "GIT_EDITOR='rm a' git commit",
      "GIT_SEQUENCE_EDITOR='rm a' git rebase -i HEAD~2",
      "GIT_EXTERNAL_DIFF='rm a' git diff",
      "VISUAL='rm a' crontab -e",
      "MANPAGER='rm a' man ls",
      "LESSOPEN='|rm a %s' less f",
      "LESSOPEN='||-rm a %s' less f",
      "GIT_ASKPASS='rm a' git push",
      "env GIT_SSH_COMMAND='rm a' git fetch",
      "sudo GIT_PAGER='rm a' git log",
      "export GIT_PAGER='rm a'; git log",
      "GIT_PAGER='rm a'; git log",
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm a' git log",
      "GIT_CONFIG_PARAMETERS=\"'core.pager'='rm a'\" git log",
      // The value is not on the line: anything.
      'GIT_PAGER="$P" git log',
    ]);
    expect(denies(rm, bash("GIT_PAGER=cat git log"))).toBeUndefined();
    expect(denies(rm, bash("EDITOR=vim git commit -m 'rm a'"))).toBeUndefined();
    expect(denies(rm, bash("NODE_ENV=rm npm test"))).toBeUndefined();
    expect(denies(rm, bash("echo GIT_PAGER='rm a'"))).toBeUndefined();
  });

  it("run in a container: docker/podman exec and run, kubectl exec (a bind mount or a host volume reaches this machine)", () => {
    refused([
      "docker exec c rm a",
      "docker exec -it -u root -w /src c rm a",
      "docker --context prod exec --privileged c rm a",
      "docker run --rm -v /:/host img rm -rf /host/a",
      "docker run --entrypoint rm img -rf /a",
      "podman exec -e X=1 c rm a",
      "kubectl exec pod -- rm a",
      "kubectl exec -it pod -c ctr -n ns -- rm a",
      "kubectl -n ns exec pod rm a",
      "docker exec c sh -c 'rm a'",
    ]);
    expect(denies(rm, bash("docker ps rm"))).toBeUndefined();
    expect(denies(rm, bash("docker exec c ls rm.txt"))).toBeUndefined();
    expect(denies(rm, bash("kubectl get pods rm"))).toBeUndefined();
    // As in Claude Code, a rule for the wrapper allows what it runs.
    expect(allows(["Bash(docker exec:*)"], bash("docker exec c npm test"))).toBe(true);
  });

  it("run by kubectl run/debug, nerdctl, lima, vagrant ssh, devcontainer exec, distrobox, toolbox, flatpak-spawn, perf, ssh-agent, and the command-line options of rsync, tar and man", () => {
    refused([
      "kubectl run x --image=busybox -- rm a",
      "kubectl debug pod -it --image=busybox -- rm a",
      "nerdctl exec c rm a",
      "nerdctl compose run web rm a",
      "lima rm a",
      "vagrant ssh -c 'rm a'",
      "devcontainer exec --workspace-folder . rm a",
      "distrobox enter box -- rm a",
      "toolbox run -c box rm a",
      "flatpak-spawn --host rm a",
      "perf record -g -- rm a",
      "perf stat rm a",
      "ssh-agent rm a",
      "rsync -e 'rm a' x y:",
      "rsync --rsh='rm a' x y:",
      "tar --to-command='rm a' -xf x.tar",
      "tar -I 'rm a' -cf x.tar .",
      "man -P 'rm a' ls",
    ]);
    for (const command of [
      "kubectl get pods rm",
      "perf report rm",
      "vagrant up rm",
      "tar -xf rm.tar",
      "rsync -av rm b",
      "man rm",
    ])
      expect(denies(rm, bash(command)), command).toBeUndefined();
  });

  it("run by GNU sed: its e command and the s///e flag (the text of the input: anything)", () => {
    refused([
      "sed -n '1e rm -rf a' f",
      "sed -e 1erm f",
      "sed -n -e p -e '$e rm a' f",
      "sed --expression='1e rm a' f",
      "sed ':a;N;$!ba;e rm x' f",
      "sed '/x/{e rm a\n}' f",
      "sed 's/x/rm -rf a/e' f",
      "sed 's/a/b/ge' f",
      "sed e f",
      'sed "$S" f',
    ]);
    for (const command of [
      "sed -n 1p f",
      "sed 's/a/b/g' f",
      "sed -n '/foo/,/bar/p' f",
      "sed ':a;N;$!ba;s/\\n/ /g' f",
      "sed 'a hello; e rm x' f",
      "sed -i.bak 's/a/b/' f",
      "sed 'y/abc/xyz/' f",
      "sed 's|a/b|c|w out' f",
    ])
      expect(denies(rm, bash(command)), command).toBeUndefined();
    // What sed runs must be allowed too: Bash(sed:*) does not allow its e command.
    expect(allows(["Bash(sed:*)"], bash("sed '1e rm a' f"))).toBe(false);
    expect(allows(["Bash(sed:*)"], bash("sed -n 1p f"))).toBe(true);
  });

  it("run in a container by compose or the long spellings: docker compose exec/run, docker-compose, docker container exec", () => {
    refused([
      "docker compose exec web rm -rf x",
      "docker compose -f dev.yml -p proj exec -u root -T web rm -rf x",
      "docker compose run --rm -v /:/host web rm -rf /host/x",
      "docker compose run --entrypoint rm web -rf /x",
      "docker --context prod compose exec web sh -c 'rm x'",
      "docker-compose exec web rm -rf x",
      "docker-compose --project-name p run -e A=1 web rm x",
      "podman-compose exec web rm x",
      "podman compose exec web rm x",
      "docker container exec -it c rm a",
      "docker container run --rm img rm a",
    ]);
    expect(denies(rm, bash("docker compose logs rm"))).toBeUndefined();
    expect(denies(rm, bash("docker compose exec web ls rm.txt"))).toBeUndefined();
    expect(denies(rm, bash("docker container ls rm"))).toBeUndefined();
    expect(denies(rm, bash("docker constructor rm"))).toBeUndefined();
    expect(allows(["Bash(docker compose exec:*)"], bash("docker compose exec web npm test"))).toBe(true);
  });

  it("run by an environment or secrets manager: direnv exec, mise exec, nix develop -c, dotenvx run…", () => {
    refused([
      "direnv exec . rm a",
      "mise exec node@20 -- rm a",
      "mise x -- rm a",
      "mise exec -c 'rm a'",
      "nix develop -c rm a",
      "nix shell nixpkgs#hello --command rm a",
      "dotenvx run -- rm a",
      "doppler run -- rm a",
      "op run --env-file .env -- rm a",
      "infisical run -- rm a",
      "aws-vault exec prof -- rm a",
      "fnm exec --using 20 -- rm a",
      "devbox run rm a",
      "pixi run rm a",
      "hatch run rm a",
      "rye run rm a",
      "volta run rm a",
    ]);
    expect(denies(rm, bash("mise install rm"))).toBeUndefined();
    expect(denies(rm, bash("nix build .#rm"))).toBeUndefined();
    expect(denies(rm, bash("direnv allow rm"))).toBeUndefined();
  });

  it("after a wrapper's option codebot does not know, which may take the next word as its value", () => {
    refused([
      "uv run --color never rm a",
      "uv run --index-strategy unsafe-best-match rm a",
      "pdm run --venv x rm a",
      "strace --output log rm a",
      "systemd-run --service-type oneshot rm a",
      "env -a x rm a",
      "ssh -P tag localhost rm a",
      "uv run --color never sh -c 'rm a'",
    ]);
    expect(denies(rm, bash("uv run --frozen pytest -q"))).toBeUndefined();
    expect(denies(rm, bash("ssh -t host ls"))).toBeUndefined();
    expect(allows(["Bash(pytest:*)"], bash("timeout --foreground 60 pytest -q"))).toBe(true);
  });

  it("run by a package runner: npx, npm exec, pnpm exec/dlx, yarn exec/dlx, bunx, bun x", () => {
    refused([
      "npx rm -rf a",
      "npx --yes rm a",
      "npx -c 'rm a'",
      "npm exec -- rm a",
      "npm --prefix . exec -c 'rm a'",
      "npm x rm a",
      "pnpm exec rm a",
      "pnpm dlx rm a",
      "yarn exec rm a",
      "bunx rm a",
      "bun x rm a",
    ]);
    expect(denies(rm, bash("npm test rm"))).toBeUndefined();
    expect(denies(rm, bash("npx -p rm eslint ."))).toBeUndefined();
    expect(allows(["Bash(npx vitest:*)"], bash("npx vitest run"))).toBe(true);
    expect(allows(["Bash(npx:*)"], bash("npx -c 'rm a'"))).toBe(false);
  });

  it("behind rlwrap and chronic, past their options", () => {
    refused([
      "rlwrap rm a",
      "rlwrap -a -S '> ' rm a",
      "rlwrap --history-filename h rm a",
      "chronic -ev rm a",
    ]);
    expect(denies(rm, bash("rlwrap -f rm.txt node"))).toBeUndefined();
  });

  it("behind the other wrappers: eatmydata, faketime, tini, sshpass, conda run, pyenv exec, nix-shell --run…", () => {
    refused([
      "eatmydata rm a",
      "nocache rm a",
      "faketime -f '@2020-01-01' rm a",
      "tini -p SIGTERM -- rm a",
      "dumb-init --rewrite 15:2 rm a",
      "toybox rm a",
      "linux32 rm a",
      "sshpass -p pw rm a",
      "dbus-launch --exit-with-session rm a",
      "sem -j 2 'rm a'",
      "conda run -n env rm a",
      "pyenv exec rm a",
      "rbenv exec rm a",
      "asdf exec rm a",
      "nix-shell -p hello --run 'rm a'",
      "echo 'rm a' | nix-shell shell.nix",
    ]);
    refused([
      "tsp rm a",
      "run-one rm a",
      "retry -t 3 -- rm a",
      "trickle -d 10 rm a",
      "ccache rm a",
      "fakechroot rm a",
      "proot -r / rm a",
      "softlimit -m 100 rm a",
      "envdir ./env rm a",
      "setuidgid me rm a",
      "dtach -c /tmp/s rm a",
      "abduco -c s rm a",
      "daemonize -c / /bin/rm a",
      "mosh host rm a",
      "mosh --ssh='rm a' host",
      "echo 'rm a' | at now",
      "batch <<< 'rm a'",
    ]);
    expect(denies(rm, bash("conda install rm"))).toBeUndefined();
    expect(denies(rm, bash("at -l"))).toBeUndefined();
  });

  it("behind bwrap, past its options of two and three words (`--bind SRC DEST`, `--overlay R W D`)", () => {
    refused([
      "bwrap --ro-bind / / --dev /dev rm -rf a",
      "bwrap --bind / / --unshare-all -- rm a",
      "bwrap --ro-bind /usr /usr --symlink usr/lib /lib --proc /proc rm a",
      "bwrap --setenv A B --chdir /tmp rm a",
      "bwrap --overlay-src /a --overlay /rw /work /a --die-with-parent rm a",
      "bwrap --bind / / sh -c 'rm a'",
    ]);
    expect(denies(rm, bash("bwrap --ro-bind / / --dev /dev ls"))).toBeUndefined();
    expect(denies(rm, bash("bwrap --bind rm rm ls"))).toBeUndefined();
  });

  it("timed by hyperfine: each operand, --prepare, --setup, --cleanup, --conclude, --reference and its --shell", () => {
    refused([
      "hyperfine 'rm -rf a'",
      "hyperfine -w 3 ls 'rm a'",
      "hyperfine --prepare 'rm a' ls",
      "hyperfine -p 'sync' -c 'rm a' ls",
      "hyperfine --setup='rm a' ls",
      "hyperfine --conclude 'rm a' ls",
      "hyperfine --reference 'rm a' ls",
      "hyperfine -N -- 'rm a'",
      "hyperfine --shell rm ls",
      "hyperfine -L prog ls,rm '{prog} a'",
    ]);
    expect(denies(rm, bash("hyperfine -w 3 -L n 1,2 'sleep 0.{n}' --export-json rm.json"))).toBeUndefined();
    // What it times needs a rule of its own, as what a wrapper runs does.
    expect(allows(["Bash(hyperfine:*)"], bash("hyperfine 'rm a'"))).toBe(false);
  });

  it("by make's --eval, a makefile from its input, $(shell …) in its arguments and SHELL=; by just --command", () => {
    refused([
      "make --eval='all:;rm -rf a' all",
      "make -E 'all: ; rm a'",
      "make -sE 'all: ; rm a'",
      "echo 'all:;rm a' | make -f -",
      "make --file=/dev/stdin < mk",
      "make -f <(echo 'all:;rm a')",
      "make 'X:=$(shell rm a)'",
      "make SHELL=rm all",
      "just --command rm a",
      "just -c rm a",
      "just --shell-command --command 'rm a'",
      "just --shell rm build",
    ]);
    // A named makefile or justfile is not followed, as a named script file is not.
    expect(denies(rm, bash("make -f rm.mk -C sub -j4 all"))).toBeUndefined();
    expect(denies(rm, bash("just rm"))).toBeUndefined();
  });

  it("behind runuser as su (`runuser me -c 'rm a'`), and behind setarch, run0, systemd-inhibit, watchexec…", () => {
    refused([
      "runuser me -c 'rm a'",
      "runuser -u me rm a",
      "runuser -u me -- rm a",
      "setarch x86_64 rm a",
      "run0 -u me rm a",
      "systemd-inhibit --what=idle rm a",
      "systemd-cat -t tag rm a",
      "cgexec -g cpu:grp rm a",
      "ifne rm a",
      "setlock f rm a",
      "with-lock-ex f rm a",
      "lockf -t 5 f rm a",
      "watchexec -e js 'rm a'",
      "watchexec -- rm a",
    ]);
    expect(denies(rm, bash("runuser -u me ls"))).toBeUndefined();
    expect(denies(rm, bash("watchexec -e rm npm test"))).toBeUndefined();
  });

  it("any command, when tmux may run a shell command or expect runs its Tcl script", () => {
    refused([
      "tmux new-session -d 'rm -rf x'",
      "tmux new -d rm a",
      "tmux -L s neww 'rm a'",
      "tmux send-keys -t s 'rm a' Enter",
      "tmux run-shell 'rm a'",
      "tmux ls \\; run 'rm a'",
      "tmux -f conf ls",
      "tmux -c 'rm a'",
      "expect -c 'spawn rm a'",
      "expect script.exp",
    ]);
    expect(denies(rm, bash("tmux ls"))).toBeUndefined();
    expect(denies(rm, bash("tmux -L s kill-session -t x"))).toBeUndefined();
    expect(allows(["Bash(tmux:*)"], bash("tmux new -d 'rm a'"))).toBe(false);
  });

  it("given to vim or gdb as an ex or gdb command that runs a shell command", () => {
    refused([
      "vim -c '!rm a' -c q",
      "vi -c ':r !rm a'",
      "nvim +'silent !rm a'",
      "gdb -batch -ex 'shell rm a'",
    ]);
    refused(["gdb -batch --eval-command='!rm a' ./prog"]);
    expect(denies(rm, bash("vim -c 'set nu' -c 'wq!' notes.md"))).toBeUndefined();
    expect(denies(rm, bash("gdb -batch -ex bt ./prog core"))).toBeUndefined();
  });

  it("any command, when a wrapper with no command runs a shell or an editor reads commands from its input", () => {
    refused([
      "echo 'rm a' | script -q /dev/null",
      "echo 'rm a' | ssh localhost",
      "ex notes.md < cmds",
      "vim -es < cmds",
    ]);
    refused(["gdb ./prog < cmds", "vim -c 'call system(\"rm a\")'", "parallel < jobs"]);
  });

  it("run by xargs or by find's -exec, -execdir and -ok", () => {
    refused([
      "echo victim4 | xargs rm",
      "xargs -0 -I {} rm {}",
      "find . -name '*.tmp' -exec rm {} \\;",
      "find . -execdir rm -f {} +",
      "find . -ok rm {} ';'",
    ]);
    expect(denies(rm, bash("find . -name rm"))).toBeUndefined();
  });

  it("run by rg's --pre on each file it searches, and by fd's -x/--exec and -X/--exec-batch", () => {
    refused([
      "rg --pre rm x .",
      "rg --pre=rm x",
      "fd -e tmp -x rm {}",
      "fd --exec-batch rm -f",
      "fdfind -X rm \\;",
    ]);
    expect(denies(rm, bash("rg rm src"))).toBeUndefined();
    expect(denies(rm, bash("fd rm"))).toBeUndefined();
  });

  it("in a string bash reads as commands: eval, sh -c and the like, trap's action, an alias body", () => {
    refused([
      "eval 'rm a'",
      'eval "true; rm a"',
      "bash -c 'rm a'",
      "sh -ec 'cd /tmp && rm a'",
      "bash -o pipefail -c 'rm a'",
      "zsh -c \"eval 'rm a'\"",
      "trap 'rm a' EXIT",
      "trap -- 'rm a' EXIT",
      "alias ll='rm a'",
    ]);
    expect(denies(rm, bash("bash -c 'echo rm a'"))).toBeUndefined();
    expect(denies(rm, bash("bash ./build.sh rm"))).toBeUndefined();
  });

  it("a shell reading its commands from its input could run anything: every rule matches", () => {
    refused(["echo 'rm a' | sh", "bash -s < script.txt"]);
  });

  it("a command word the shell expands could be any program: every rule matches", () => {
    refused([
      "r${X}m a",
      "$R a",
      "{rm,a}",
      "rm${IFS}a",
      "/bin/r? a",
      '"$CMD" a',
      "env $CMD a",
      'eval "$CMD"',
    ]);
    expect(denies(rm, bash("echo $HOME ${X} *.txt"))).toBeUndefined();
  });

  it("a command word made by a substitution could be any program: every rule matches", () => {
    refused(["$(echo rm) a", "r$(echo m) a", "`echo rm` a", 'sh -c "$(echo rm a)"', 'eval "$(cat cmd.txt)"']);
    expect(denies(rm, bash("echo $(date) `whoami`"))).toBeUndefined();
  });

  it("a backslash before a newline joins the lines, in the command word too", () => {
    refused(["r\\\nm a", "rm \\\n a"]);
  });

  it("what xargs reads and find's {} are unseen text: a command taken from them could be anything", () => {
    refused([
      "echo 'rm a' | xargs -0 sh -c",
      "echo 'rm a' | xargs -I{} sh -c {}",
      "echo 'rm a' | xargs -I % bash -c %",
      "echo rm a | xargs env",
      "find . -name x -exec sh -c {} \\;",
    ]);
    expect(denies(rm, bash("git ls-files | xargs grep -l rm"))).toBeUndefined();
  });

  it("a shell or source given a script the line does not name (a substitution, an expansion, stdin) could run anything", () => {
    refused(["bash <(echo rm a)", "source <(echo rm a)", ". /dev/stdin", 'bash "$F"', "sh - < x"]);
    expect(denies(rm, bash("source .venv/bin/activate && pytest"))).toBeUndefined();
    expect(denies(rm, bash("bash ./scripts/build.sh"))).toBeUndefined();
  });

  it("nesting deeper than it follows is refused, not a crash", () => {
    const deep = `${"eval ".repeat(40)}rm a`;
    expect(denies(["Bash(ls:*)"], bash(deep))).toBe("Bash(ls:*)");
    const delimiters = `echo $(${'cat <<"$('.repeat(20_000)}`;
    expect(denies(["Bash(ls:*)"], bash(delimiters))).toBe("Bash(ls:*)");
  });
});

describe("wrappers and reserved words never make an allow rule allow more", () => {
  it("a wrapped command needs an allow rule of its own", () => {
    expect(allows(["Bash(echo:*)"], bash("env rm x"))).toBe(false);
    expect(allows(["Bash(nice:*)"], bash("nice rm -rf x"))).toBe(false);
    expect(allows(["Bash(bash:*)"], bash("bash -c 'rm x'"))).toBe(false);
    expect(allows(["Bash(nice:*)", "Bash(echo:*)"], bash("nice -n 5 echo hi"))).toBe(true);
  });

  it("what an environment manager runs is allowed by the rule for the whole line, as in Claude Code", () => {
    expect(allows(["Bash(uv run pytest:*)"], bash("uv run pytest -q"))).toBe(true);
    expect(allows(["Bash(bundle exec rspec:*)"], bash("bundle exec rspec spec/a_spec.rb"))).toBe(true);
    expect(allows(["Bash(uv:*)"], bash("uv pip install requests"))).toBe(true);
    expect(allows(["Bash(uv run:*)"], bash("uv run $TOOL"))).toBe(false);
  });

  it("a rule for a command allows it behind timeout, nice, time, nohup, stdbuf and command, as in Claude Code", () => {
    const pytest = ["Bash(pytest:*)"];
    for (const command of [
      "timeout 60 pytest -q",
      "timeout -k 5 --signal=TERM 2m pytest",
      "nice -n 5 pytest",
      "time pytest",
      "nohup pytest",
      "stdbuf -oL -eL pytest",
      "command pytest",
      "time nice timeout 10 pytest -x",
    ])
      expect(allows(pytest, bash(command)), command).toBe(true);
    expect(allows(["Bash(npm test)"], bash("timeout 120 npm test"))).toBe(true);
  });

  it("a wrapper it does not look through, or an option of one it does not know, still needs a rule", () => {
    const pytest = ["Bash(pytest:*)"];
    for (const command of [
      "sudo pytest",
      "env pytest",
      "timeout --foreground=x 10 pytest",
      "nice --adjustment 5 pytest",
    ])
      expect(allows(pytest, bash(command)), command).toBe(false);
    expect(allows(pytest, bash("timeout 10 rm -rf x"))).toBe(false);
  });

  it("a command after a reserved word is not allowed by a rule for the command", () => {
    expect(allows(["Bash(echo:*)", "Bash(true:*)"], bash("if true; then echo hi; fi"))).toBe(false);
  });

  it("a path, or a command word the shell expands, is not allowed by a rule for the program's name", () => {
    expect(allows(["Bash(echo:*)"], bash("/bin/echo hi"))).toBe(false);
    expect(allows(["Bash(ec*)"], bash("ec${X}ho hi"))).toBe(false);
  });

  it("a variable set through a wrapper is checked as one set before the command", () => {
    expect(allows(["Bash(env:*)", "Bash(echo:*)"], bash("env LD_PRELOAD=./x.so echo hi"))).toBe(false);
    expect(allows(["Bash(env:*)", "Bash(echo:*)"], bash("env CI=1 echo hi"))).toBe(true);
  });
});

describe("code hidden in quoted words (found by a security re-review)", () => {
  it("an allow rule never allows a line holding $(, a backquote, $[ or ${ beyond a plain name, quoted or not", () => {
    const echo = ["Bash(echo:*)"];
    expect(allows(echo, bash("echo '$(touch pwned; rm victim)'; echo ${_@P}"))).toBe(false);
    expect(allows(echo, bash("echo 'a[$(touch p2; rm v2)]'; echo $[_]"))).toBe(false);
    expect(allows(echo, bash("echo '`id`'"))).toBe(false);
    expect(allows(echo, bash("echo $'a[\\x24(id)]'"))).toBe(false);
    expect(
      allows(
        ["Bash(git status:*)"],
        bash("git status --short -- '$(touch pwned)'; git status --short -- ${_@P}"),
      ),
    ).toBe(false);
    expect(allows(["Bash(printf:*)"], bash("printf -v 'a[$(rm victim)]' x"))).toBe(false);
    expect(allows(["Bash(test:*)"], bash("test -v 'a[$(id -un > p)]'"))).toBe(false);
    expect(allows(echo, bash("echo $HOME ${HOME} '${HOME}'"))).toBe(true);
  });

  it("a deny rule reads $(…) inside quotes, hash -p, mapfile -C, compgen -C and exported function bodies", () => {
    const rm = ["Bash(rm:*)"];
    for (const command of [
      "hash -p /bin/rm zz; zz victim1",
      "let 'a[$(rm victim2)]=1'",
      "x='a[$(rm victim3)]'; : $((x))",
      "mapfile -t -C 'rm victim4;:' -c 1 arr <<< x",
      "readarray -tC'rm v' arr <<< x",
      "compgen -C 'rm v' x",
      "BASH_ENV='$(rm victim5)' bash -c true",
      "printf -v 'a[$(rm victim6)]' x",
      "declare 'a[$(rm v)]=1'",
      "unset 'a[`rm v`]'",
      "read 'a[$(rm v)]' <<< x",
      "env 'BASH_FUNC_ls%%=() { rm v; }' bash -c ls",
      "env BASH_FUNC_ls%%='() { rm v; }' bash -c ls",
    ])
      expect(denies(rm, bash(command)), command).toBe("Bash(rm:*)");
    expect(denies(rm, bash("hash -p /bin/ls zz; zz"))).toBeUndefined();
    expect(denies(rm, bash("echo 'no code here'"))).toBeUndefined();
  });

  it("a substitution nested in quotes inside double quotes, 40 deep, is read once per level, not once per path", () => {
    let command = "rm x";
    for (let i = 0; i < 40; i++) command = `echo "'$(${command})'"`;
    const started = Date.now();
    expect(denies(["Bash(rm:*)"], bash(command))).toBe("Bash(rm:*)");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("[ and [[ as a command word are the test command, not a glob: a deny rule on another command lets them run", () => {
    const rm = ["Bash(rm:*)"];
    for (const command of [
      "[ -f package.json ] && echo yes",
      "if [ -d build ]; then echo b; fi",
      "[ -d build ] || mkdir build",
      "[[ -n x ]] && echo y",
      "while [ $i -lt 3 ]; do i=$((i+1)); done",
      "i=$((i+1))",
      "x=$HOME",
    ])
      expect(denies(rm, bash(command)), command).toBeUndefined();
    expect(denies(rm, bash("/bin/r[m] x"))).toBe("Bash(rm:*)");
    expect(denies(rm, bash("[r]m x"))).toBe("Bash(rm:*)");
  });
});
