/**
 * Programs that run the command given in their arguments (`timeout 10 rm x`, `sudo -u me sh`,
 * `flock lock -c 'rm x'`, `ssh host rm x`, `uv run pytest`), and how to find that command among
 * their words. One table for both readers: hook consent finds the program a hook runs
 * (command-wrappers.ts) and codebot's deny rules find every command a bash line runs.
 */
import path from "node:path";

export interface WrapperSyntax {
  /** Options whose value is the next word when not attached (`-n 5`, `--user root`; not `-n5`, `--user=root`). */
  valued?: readonly string[];
  /** Options whose value is a command line it runs (`flock -c 'cmd'`, `env -S 'bash -x x'`, `su -c`). */
  commandLine?: readonly string[];
  /** Words after the options that are its own, before the command: `timeout DURATION`, `flock FILE`. */
  operands?: number;
  /** Its first operand is a subcommand, and only these run a command (`uv run x`; `uv pip install x` runs none). */
  subcommands?: readonly string[];
  /**
   * Subcommands that are wrappers of their own, read with their syntax from there: `docker compose
   * exec SVC rm a`, `docker container run IMAGE rm a`.
   */
  subcommandWrappers?: Readonly<Record<string, WrapperSyntax>>;
  /**
   * Past its subcommand, the words after one of these are the command wherever it stands, the
   * words before it its own: `mise exec node@20 -- rm a`, `nix develop .#dev -c rm a`.
   */
  commandAfter?: readonly string[];
  /** `NAME=value` words may come before the command (env, sudo): they stay with it. */
  assignments?: boolean;
  /** The words after the options are joined into a command line for a shell (watch, ssh, parallel). */
  joins?: boolean;
  /** With no command given, it runs a shell that reads its commands from its input (`script`, `su`, `ssh host`). */
  bareRunsShell?: boolean;
  /** Its operands are not a command: only an option gives one (`script -c cmd log`: `log` is a file). */
  operandsAreData?: boolean;
  /**
   * With one of these options its operands are the command after all (`runuser -u me rm a`);
   * without, they are data (`runuser me -c 'rm a'`: a user, then arguments for its shell).
   */
  operandsRunWith?: readonly string[];
  /** Options that take more words than one, and how many more: bwrap's `--bind SRC DEST` (1). */
  moreWords?: Readonly<Record<string, number>>;
  /** Where the command ends: parallel's `:::` and the arguments after it. */
  endsAt?: readonly string[];
  /** It adds words it reads from its input to the command (`xargs sh`): what runs is partly unseen. */
  appendsInput?: boolean;
}

/** Shell keywords after which the next word is in command position again. Matched as written only. */
export const SHELL_KEYWORDS: ReadonlySet<string> = new Set([
  "!",
  "{",
  "if",
  "then",
  "elif",
  "else",
  "do",
  "while",
  "until",
]);

const PLAIN: WrapperSyntax = {};

/** docker's and podman's own options that take a value, before any subcommand (`compose`'s too). */
const CONTAINER_GLOBAL_VALUED = ["-H", "--host", "-c", "--context", "--config", "-l", "--log-level"];

/** docker's and podman's options that take a value: global, `exec`'s and `run`'s. */
const CONTAINER_RUNNER: WrapperSyntax = {
  valued: [...CONTAINER_GLOBAL_VALUED, "-e", "--env", "--env-file"].concat(
    ["-u", "--user", "-w", "--workdir", "--detach-keys", "-v", "--volume", "-p", "--publish", "--name"],
    ["--network", "--net", "-m", "--memory", "--cpus", "--mount", "--label", "--platform", "-h"],
    ["--hostname", "--add-host", "--device", "--restart", "--pull", "--cap-add", "--cap-drop"],
    ["--security-opt", "--tmpfs", "--ulimit", "--volumes-from", "--shm-size", "--ipc", "--pid"],
    ["--gpus", "--cidfile", "--log-driver", "--log-opt", "--dns", "--expose", "--runtime", "-a", "--attach"],
  ),
  commandLine: ["--entrypoint"],
  operands: 2,
  subcommands: ["exec", "run"],
};

/** `docker compose` / `docker-compose`: its own options, then `exec SERVICE CMD` or `run SERVICE CMD`. */
const COMPOSE_RUNNER: WrapperSyntax = {
  valued: ["-f", "--file", "-p", "--project-name", "--profile", "--env-file", "--project-directory"].concat(
    ["--ansi", "--progress", "--parallel", ...CONTAINER_GLOBAL_VALUED],
    ["-e", "--env", "-u", "--user", "-w", "--workdir", "--index", "-v", "--volume", "--publish"],
    ["--name", "--label", "--cap-add", "--cap-drop", "--pull"],
  ),
  commandLine: ["--entrypoint"],
  operands: 2,
  subcommands: ["exec", "run"],
};

/** docker and podman, with their `compose` and `container` subcommands (the same runs, spelt longer). */
const CONTAINER_CLI: WrapperSyntax = {
  ...CONTAINER_RUNNER,
  subcommandWrappers: { compose: COMPOSE_RUNNER, container: CONTAINER_RUNNER },
};

/** bwrap's options of two words (`--bind SRC DEST`, `--setenv VAR VALUE`) and three (`--overlay`). */
const BWRAP_MORE_WORDS: Readonly<Record<string, number>> = Object.fromEntries([
  ...["--bind", "--bind-try", "--dev-bind", "--dev-bind-try", "--ro-bind", "--ro-bind-try", "--bind-fd"]
    .concat(["--ro-bind-fd", "--file", "--bind-data", "--ro-bind-data", "--symlink", "--setenv", "--chmod"])
    .map((o) => [o, 1]),
  ["--overlay", 2],
]);

const WRAPPERS: Readonly<Record<string, WrapperSyntax>> = {
  // `abduco -c NAME CMD`, `dtach -c SOCKET CMD`: a detached session running CMD.
  abduco: { valued: ["-c", "-n", "-A", "-a", "-e"] },
  builtin: PLAIN,
  busybox: PLAIN,
  // bubblewrap: `bwrap --ro-bind / / --dev /dev rm a`; a bind takes two words, an overlay three.
  bwrap: {
    valued: ["--args", "--argv0", "--userns", "--userns2", "--pidns", "--uid", "--gid", "--hostname"].concat(
      ["--chdir", "--unsetenv", "--lock-file", "--sync-fd", "--remount-ro", "--exec-label", "--file-label"],
      ["--proc", "--dev", "--tmpfs", "--mqueue", "--dir", "--seccomp", "--add-seccomp-fd", "--block-fd"],
      ["--userns-block-fd", "--info-fd", "--json-status-fd", "--cap-add", "--cap-drop", "--perms", "--size"],
      ["--overlay-src", "--tmp-overlay", "--ro-overlay", ...Object.keys(BWRAP_MORE_WORDS)],
    ),
    moreWords: BWRAP_MORE_WORDS,
  },
  ccache: PLAIN,
  caffeinate: { valued: ["-t", "-w"] },
  catchsegv: PLAIN,
  // chronic (moreutils) runs its command quietly; -e and -v are flags.
  chronic: PLAIN,
  chpst: {
    valued: ["-u", "-U", "-e", "-/", "-n", "-l", "-L", "-m", "-d", "-o", "-p", "-f", "-c", "-r", "-t"],
  },
  daemonize: { valued: ["-c", "-e", "-E", "-o", "-p", "-l", "-u"] },
  distcc: PLAIN,
  chroot: { valued: ["--userspec", "--groups"], operands: 1 },
  chrt: { valued: ["-T", "-P", "-D", "--sched-runtime", "--sched-period", "--sched-deadline"], operands: 1 },
  command: PLAIN,
  cpulimit: { valued: ["-l", "--limit", "-p", "--pid", "-e", "--exe"] },
  "dbus-run-session": PLAIN,
  // Runs its command in a D-Bus session (`--exit-with-session`, `--config-file=F` only).
  "dbus-launch": PLAIN,
  dtach: { valued: ["-c", "-n", "-A", "-N", "-e", "-r", "-z"] },
  doas: { valued: ["-u", "-C"] },
  "dumb-init": { valued: ["-r", "--rewrite"] },
  // eatmydata and nocache run their command with fsync or the page cache disabled.
  eatmydata: PLAIN,
  // `envdir DIR CMD`, `setuidgid USER CMD` (daemontools).
  envdir: { operands: 1 },
  entr: PLAIN,
  env: {
    valued: ["-u", "--unset", "-C", "--chdir", "-P"],
    commandLine: ["-S", "--split-string"],
    assignments: true,
  },
  exec: { valued: ["-a"] },
  // `faketime [-f] TIME CMD`.
  faketime: { valued: ["-p"], operands: 1 },
  fakechroot: { valued: ["-e", "-c", "-l", "-d", "--environment", "--config-dir", "--lib", "--elfloader"] },
  fakeroot: { valued: ["-l", "--lib", "--faked", "-s", "-i"] },
  firejail: PLAIN,
  // `flock FILE CMD`, `flock FILE -c CMD`, `flock -c CMD FILE`.
  flock: {
    valued: ["-w", "--wait", "--timeout", "-E", "--conflict-exit-code"],
    commandLine: ["-c", "--command"],
    operands: 1,
  },
  ionice: { valued: ["-c", "-n", "-p", "-P", "-u", "--class", "--classdata"] },
  // setarch's other names: `linux32 rm a`.
  linux32: PLAIN,
  linux64: PLAIN,
  ltrace: { valued: ["-e", "-o", "-p", "-s", "-u", "-a", "-A", "-D", "-F", "-l", "-n", "-w", "-x"] },
  // mosh's `--ssh=CMD` runs here; its remote command is a command line, as ssh's is.
  mosh: {
    valued: ["-p", "--port", "--predict", "--server", "--family", "--bind-server"],
    commandLine: ["--ssh"],
    operands: 1,
    joins: true,
  },
  nsjail: { valued: ["-c", "--chroot", "-u", "--user", "-g", "--group", "-C", "--config", "-D", "--cwd"] },
  nice: { valued: ["-n", "--adjustment"] },
  nocache: PLAIN,
  nohup: PLAIN,
  nsenter: { valued: ["-t", "--target", "-S", "--setuid", "-G", "--setgid"] },
  numactl: {
    valued: [
      "-N",
      "-m",
      "-C",
      "-p",
      "-i",
      "--cpunodebind",
      "--membind",
      "--physcpubind",
      "--preferred",
    ].concat(["--interleave"]),
  },
  // parallel runs its command through a shell, with the arguments after `:::` (or from its input) added.
  parallel: {
    valued: ["-j", "--jobs", "-S", "--sshlogin", "-a", "--arg-file", "-d", "--delimiter", "-I", "-C"].concat([
      "--colsep",
      "-n",
      "-N",
      "-L",
      "--tmpdir",
      "--results",
      "--joblog",
      "--timeout",
      "-E",
      "--halt",
      "--delay",
    ]),
    joins: true,
    bareRunsShell: true,
    endsAt: [":::", "::::", ":::+", "::::+"],
  },
  pkexec: { valued: ["--user"] },
  proot: {
    valued: ["-r", "--rootfs", "-b", "--bind", "-m", "--mount", "-w", "--pwd", "--cwd", "-q", "--qemu"],
  },
  prlimit: { valued: ["-p", "--pid"] },
  proxychains: { valued: ["-f"] },
  proxychains4: { valued: ["-f"] },
  retry: { valued: ["-t", "--times", "-d", "--delay", "-u", "--until", "-w", "--while"] },
  rlwrap: {
    valued: [
      "-b",
      "-C",
      "-D",
      "-e",
      "-f",
      "-g",
      "-H",
      "-l",
      "-O",
      "-P",
      "-q",
      "-s",
      "-S",
      "-t",
      "-w",
      "-z",
    ].concat([
      "--break-chars",
      "--command-name",
      "--histsize",
      "--extra-char-after-completion",
      "--file",
      "--forget-matching",
      "--history-filename",
      "--logfile",
      "--only-cook",
      "--pre-given",
      "--quote-characters",
      "--set-term-name",
      "--substitute-prompt",
      "--wait-before-prompt",
      "--filter",
    ]),
  },
  "run-one": PLAIN,
  runuser: {
    valued: ["-u", "--user", "-g", "--group", "-G", "--supp-group", "-s", "--shell", "-w"],
    commandLine: ["-c", "--command", "--session-command"],
    operandsAreData: true,
    operandsRunWith: ["-u", "--user"],
    bareRunsShell: true,
  },
  screen: { valued: ["-S", "-c", "-T", "-e", "-h", "-p", "-t", "-s"] },
  // `script -c CMD [file]`: with no -c it runs an interactive shell, which reads its input.
  script: {
    valued: [
      "-E",
      "--echo",
      "-I",
      "--log-in",
      "-O",
      "--log-out",
      "-B",
      "--log-io",
      "-T",
      "--log-timing",
      "-m",
    ],
    commandLine: ["-c", "--command"],
    bareRunsShell: true,
    operandsAreData: true,
  },
  // GNU parallel's semaphore: `sem -j 2 'rm a'` runs its command through a shell.
  sem: {
    valued: ["-j", "--jobs", "--id", "--semaphorename", "--st", "--semaphoretimeout"],
    joins: true,
  },
  setpriv: {
    valued: ["--reuid", "--regid", "--ruid", "--rgid", "--euid", "--egid", "--groups", "--inh-caps"],
  },
  setuidgid: { operands: 1 },
  // `setarch ARCH CMD` (its flags before ARCH), `setlock FILE CMD`, `with-lock-ex FILE CMD`, `lockf [-t S] FILE CMD`.
  setarch: { operands: 1 },
  setlock: { operands: 1 },
  "with-lock-ex": { operands: 1 },
  lockf: { valued: ["-t"], operands: 1 },
  // systemd's: `run0 rm a` (sudo's kind), `systemd-inhibit --what=idle rm a`, `systemd-cat -t tag rm a`.
  run0: {
    valued: ["-u", "--user", "-g", "--group", "--unit", "--property", "-D", "--chdir", "--setenv"].concat([
      "--nice",
      "--description",
      "--slice",
      "--machine",
      "--background",
    ]),
  },
  "systemd-inhibit": { valued: ["--what", "--who", "--why", "--mode"] },
  "systemd-cat": { valued: ["-t", "--identifier", "-p", "--priority", "--stderr-priority"] },
  // libcgroup's `cgexec -g cpu:grp rm a`; moreutils' `ifne rm a` (runs it when its input is not empty).
  cgexec: { valued: ["-g"] },
  ifne: PLAIN,
  "s6-setsid": PLAIN,
  setsid: PLAIN,
  // `sg GROUP CMD` and `sg GROUP -c CMD`: through a shell either way.
  sg: { commandLine: ["-c"], operands: 1, joins: true, bareRunsShell: true },
  // ssh's remote command is a command line for the remote shell: `ssh localhost rm x` runs here.
  sshpass: { valued: ["-p", "-f", "-d", "-P"] },
  softlimit: { valued: ["-m", "-a", "-d", "-s", "-l", "-f", "-c", "-o", "-p", "-t", "-r"] },
  ssh: {
    valued: [
      "-b",
      "-c",
      "-D",
      "-E",
      "-e",
      "-F",
      "-I",
      "-i",
      "-J",
      "-L",
      "-l",
      "-m",
      "-O",
      "-o",
      "-p",
      "-Q",
    ].concat(["-R", "-S", "-W", "-w", "-B"]),
    operands: 1,
    joins: true,
    bareRunsShell: true,
  },
  stdbuf: { valued: ["-i", "-o", "-e", "--input", "--output", "--error"] },
  strace: { valued: ["-e", "-o", "-p", "-s", "-u", "-E", "-a", "-b", "-I", "-O", "-S", "-P", "-X"] },
  su: {
    valued: ["-g", "--group", "-G", "--supp-group", "-s", "--shell", "-w", "--whitelist-environment"],
    commandLine: ["-c", "--command", "--session-command"],
    bareRunsShell: true,
    operandsAreData: true,
  },
  sudo: {
    valued: ["-u", "--user", "-g", "--group", "-h", "--host", "-p", "--prompt", "-C", "--close-from"].concat([
      "-D",
      "--chdir",
      "-r",
      "--role",
      "-t",
      "--type",
      "-T",
      "--command-timeout",
      "-U",
      "--other-user",
    ]),
    assignments: true,
  },
  "systemd-run": {
    valued: ["-u", "--unit", "-p", "--property", "-E", "--setenv", "-M", "--machine", "-H", "--host"].concat([
      "--description",
      "--slice",
      "--uid",
      "--gid",
      "--nice",
      "-D",
      "--working-directory",
    ]),
  },
  taskset: { operands: 1 },
  tini: { valued: ["-p", "-e"] },
  // toybox is busybox's kind: `toybox rm a`.
  toybox: PLAIN,
  time: { valued: ["-f", "-o", "--format", "--output"] },
  timeout: { valued: ["-s", "-k", "--signal", "--kill-after"], operands: 1 },
  torsocks: { valued: ["-u", "-p", "-a", "-P"] },
  unbuffer: PLAIN,
  unshare: {
    valued: ["--map-user", "--map-group", "--propagation", "--setgroups", "-S", "--setuid", "-G"].concat([
      "--setgid",
      "-R",
      "--root",
      "-w",
      "--wd",
    ]),
  },
  trickle: { valued: ["-u", "-d", "-w", "-t", "-l", "-n"] },
  // task-spooler queues its command: `tsp rm a`.
  tsp: { valued: ["-L", "-D", "-W", "-N", "-S"] },
  valgrind: PLAIN,
  // watchexec runs its command through a shell at each change: `watchexec -e js 'rm a'`.
  watchexec: {
    valued: ["-w", "--watch", "-e", "--exts", "-f", "--filter", "-i", "--ignore", "--ignore-file"].concat(
      ["-d", "--debounce", "--delay-run", "-s", "--signal", "--stop-signal", "--stop-timeout", "--shell"],
      ["-E", "--env", "--workdir", "--project-origin", "--poll", "--on-busy-update", "--emit-events-to"],
      ["--filter-file", "--fs-events", "--color", "-W", "--watch-non-recursive", "--wrap-process"],
    ),
    joins: true,
  },
  watch: { valued: ["-n", "-q", "--interval", "--equexit"], joins: true },
  "xvfb-run": {
    valued: ["-n", "--server-num", "-s", "--server-args", "-f", "--auth-file", "-e", "--error-file"],
  },
  xargs: {
    valued: [
      "-a",
      "--arg-file",
      "-d",
      "--delimiter",
      "-E",
      "-I",
      "-L",
      "--max-lines",
      "-n",
      "--max-args",
    ].concat(["-P", "--max-procs", "-s", "--max-chars", "--process-slot-var"]),
    appendsInput: true,
  },
  // Environment managers that run a command in the project's environment: `bundle exec rake`,
  // `poetry run task`, `uv run --with x python y.py`, `uvx ruff` (`uv tool run`).
  bundle: { valued: ["--gemfile"], operands: 1, subcommands: ["exec"] },
  poetry: {
    valued: ["-C", "--directory", "-P", "--project", "-E", "--extras"],
    operands: 1,
    subcommands: ["run"],
  },
  pipenv: { operands: 1, subcommands: ["run"] },
  pdm: { valued: ["-p", "--project"], operands: 1, subcommands: ["run"] },
  conda: {
    valued: ["-n", "--name", "-p", "--prefix", "--cwd"],
    operands: 1,
    subcommands: ["run"],
  },
  // Version managers: `pyenv exec python`, `rbenv exec rake`, `asdf exec x`.
  pyenv: { operands: 1, subcommands: ["exec"] },
  rbenv: { operands: 1, subcommands: ["exec"] },
  nodenv: { operands: 1, subcommands: ["exec"] },
  asdf: { operands: 1, subcommands: ["exec"] },
  // Environment and secrets managers: `direnv exec DIR rm a`, `mise exec node@20 -- rm a` (or
  // `-c 'rm a'`), `nix develop .#dev -c rm a`, `dotenvx run -- rm a`, `aws-vault exec PROFILE -- rm a`.
  direnv: { operands: 2, subcommands: ["exec"] },
  mise: {
    valued: ["-C", "--cd", "-j", "--jobs", "-E", "--env"],
    commandLine: ["-c", "--command"],
    operands: 1,
    subcommands: ["exec", "x"],
    commandAfter: ["--"],
  },
  nix: { operands: 1, subcommands: ["develop", "shell"], commandAfter: ["-c", "--command"] },
  dotenvx: { operands: 1, subcommands: ["run"], commandAfter: ["--"] },
  doppler: { operands: 1, subcommands: ["run"], commandLine: ["--command"], commandAfter: ["--"] },
  op: { operands: 1, subcommands: ["run"], commandAfter: ["--"] },
  infisical: { operands: 1, subcommands: ["run"], commandLine: ["--command"], commandAfter: ["--"] },
  "aws-vault": { operands: 1, subcommands: ["exec"], commandAfter: ["--"] },
  fnm: { operands: 1, subcommands: ["exec"], commandAfter: ["--"] },
  devbox: { operands: 1, subcommands: ["run"] },
  pixi: { operands: 1, subcommands: ["run", "exec"] },
  hatch: { operands: 1, subcommands: ["run"] },
  rye: { operands: 1, subcommands: ["run"] },
  volta: { operands: 1, subcommands: ["run"] },
  // `nix-shell --run CMD`; with no `--run` it is a shell reading its input (its operands are .nix files).
  "nix-shell": {
    valued: ["-p", "--packages", "-A", "--attr", "-I", "--arg", "--argstr"],
    commandLine: ["--run", "--command"],
    bareRunsShell: true,
    operandsAreData: true,
  },
  uv: {
    valued: [
      "--with",
      "--with-requirements",
      "--with-editable",
      "-p",
      "--python",
      "--project",
      "--directory",
    ].concat(["--package", "--extra", "--group", "--env-file", "--index", "--index-url", "--from"]),
    operands: 1,
    subcommands: ["run"],
  },
  // Container runners: `docker exec CONTAINER rm a`, `docker run IMAGE rm a` (`--entrypoint rm`
  // runs rm), `kubectl exec POD -- rm a`. A bind mount or host volume puts this machine's files there.
  docker: CONTAINER_CLI,
  podman: CONTAINER_CLI,
  "docker-compose": COMPOSE_RUNNER,
  "podman-compose": COMPOSE_RUNNER,
  kubectl: {
    valued: ["-n", "--namespace", "-c", "--container", "--context", "--kubeconfig", "--cluster"].concat([
      "--user",
      "-s",
      "--server",
      "--token",
      "-f",
      "--filename",
      "--pod-running-timeout",
    ]),
    operands: 2,
    // `kubectl run NAME --image=x -- rm a`, `kubectl debug POD -it --image=x -- rm a`.
    subcommands: ["exec", "run", "debug"],
    commandAfter: ["--"],
  },
  nerdctl: CONTAINER_CLI,
  // Lima's shell in its VM (`lima rm a`), which mounts your home folder.
  lima: { bareRunsShell: true },
  vagrant: {
    operands: 1,
    subcommands: ["ssh"],
    commandLine: ["-c", "--command"],
    operandsAreData: true,
    bareRunsShell: true,
  },
  devcontainer: {
    valued: ["--workspace-folder", "--container-id", "--id-label", "--config", "--docker-path"].concat([
      "--remote-env",
      "--log-level",
      "--log-format",
      "--override-config",
    ]),
    operands: 1,
    subcommands: ["exec"],
  },
  distrobox: {
    operands: 1,
    subcommands: ["enter"],
    commandAfter: ["--", "-e", "--exec"],
    bareRunsShell: true,
  },
  "distrobox-enter": { commandAfter: ["--", "-e", "--exec"], operandsAreData: true, bareRunsShell: true },
  toolbox: {
    valued: ["-c", "--container", "-d", "--distro", "-r", "--release"],
    operands: 1,
    subcommands: ["run"],
  },
  // Runs its command on the host from inside a Flatpak sandbox.
  "flatpak-spawn": { valued: ["--directory", "--forward-fd"] },
  perf: {
    valued: ["-e", "--event", "-o", "--output", "-p", "--pid", "-F", "--freq"],
    operands: 1,
    subcommands: ["record", "stat", "trace"],
  },
  // Options whose value is a command line run here: rsync's remote shell, tar's filters, man's pager.
  rsync: { commandLine: ["-e", "--rsh"], operandsAreData: true },
  tar: {
    commandLine: [
      "--to-command",
      "-I",
      "--use-compress-program",
      "-F",
      "--info-script",
      "--new-volume-script",
    ],
    operandsAreData: true,
  },
  man: { commandLine: ["-P", "--pager"], operandsAreData: true },
  "ssh-agent": { valued: ["-a", "-E", "-t", "-P", "-O"] },
  uvx: {
    valued: ["--with", "--with-requirements", "--with-editable", "-p", "--python", "--from", "--index"],
  },
};

/** The wrapper a program name (its last path part: `/usr/bin/env` is env) names, if any. */
export function wrapperNamed(name: string): WrapperSyntax | undefined {
  const base = path.posix.basename(name);
  return Object.hasOwn(WRAPPERS, base) ? WRAPPERS[base] : undefined;
}

/** An option of a wrapper that takes a value, and the value when it is in the same word. */
export interface ValuedOption {
  name: string;
  /** Words it takes after its value (bwrap's `--bind SRC DEST`: 1). */
  moreWords: number;
  /** `-n5`, `--user=root`: the value is in the word; otherwise it is the next word. */
  attached?: string;
  /** Its value is a command line the wrapper runs. */
  commandLine: boolean;
}

/**
 * The option of `word` that takes a value, read as getopt reads a wrapper's options: `-Eu root`
 * (`-u` takes `root`), `-n5`, `--user=root`, `--user root`. Undefined for a flag (`-E`, `--login`).
 */
export function valuedOption(word: string, syntax: WrapperSyntax): ValuedOption | undefined {
  const kind = (name: string) =>
    syntax.commandLine?.includes(name) === true
      ? "line"
      : syntax.valued?.includes(name) === true
        ? "value"
        : undefined;
  if (word.startsWith("--")) {
    const equals = word.indexOf("=");
    const written = equals === -1 ? word : word.slice(0, equals);
    // getopt_long takes any unambiguous start of a long option for it (`env --sp='rm a'` is
    // `--split-string`): a start of one whose value is a command line counts as it.
    const name =
      kind(written) !== undefined || written.length <= 2
        ? written
        : (syntax.commandLine?.find((o) => o.startsWith("--") && o.startsWith(written)) ?? written);
    const found = kind(name);
    if (found === undefined) return undefined;
    const option = { name, commandLine: found === "line", moreWords: syntax.moreWords?.[name] ?? 0 };
    return equals === -1 ? option : { ...option, attached: word.slice(equals + 1) };
  }
  for (let k = 1; k < word.length; k++) {
    const name = `-${word[k]}`;
    const found = kind(name);
    if (found === undefined) continue;
    const option = { name, commandLine: found === "line", moreWords: 0 };
    return k === word.length - 1 ? option : { ...option, attached: word.slice(k + 1) };
  }
  return undefined;
}
