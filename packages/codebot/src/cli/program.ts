import { EFFORT_LEVELS, THINKING_DISPLAYS } from "@codebot/agentcore";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import {
  type AutoCompactWindow,
  LEAST_AUTO_COMPACT_WINDOW,
  parseAutoCompactWindow,
} from "../session/auto-compact-window.js";
import { CliError } from "./cli-error.js";
import { inputFormatFlags } from "./input-format-flag.js";
import { jsonSchemaFlag } from "./json-schema-flag.js";
import { PERMISSION_MODE_FLAGS } from "./permission-mode-flag.js";
import { withProjectOptions } from "./project-flags.js";
import { PROMPT_SUGGESTIONS_VALUES, promptSuggestionsFlag } from "./prompt-suggestions.js";
import { promptToolFlag } from "./prompt-tool-flag.js";
import { checkPromptWords } from "./prompt-words.js";
import { collectValues } from "./repeatable-option.js";
import { resumeRequestOf, withResumeOptions } from "./resume-flags.js";
import { type RootOptions, sessionFlagsOf } from "./session-command-flags.js";
import { tuneHeapForSession } from "./session-heap.js";
import { checkStreamJsonOnly } from "./stream-json-only.js";
import { addSubcommands } from "./subcommands.js";
import { THINKING_MODES } from "./thinking-flags.js";
import { withClassicTmux } from "./tmux-flag.js";
import { isSessionCommandLine, rejectUnsupportedFlags } from "./unsupported-flags.js";
import { codebotVersion } from "./version.js";

/**
 * The command tree. Every action imports its module only when it runs, so `codebot hooks
 * schema` never loads the agent, and `codebot -p` never loads the interactive terminal code.
 */
export function buildProgram(): { run(argv: readonly string[]): Promise<number> } {
  let code = 0;
  // The command line as given (`--tmux` runs the session again with it, in tmux).
  let given: readonly string[] = [];
  const program = withResumeOptions(
    withProjectOptions(
      new Command("codebot")
        .description("a terminal AI coding agent with a hooks system")
        .version(codebotVersion(), "-V, --version", "print the version")
        .enablePositionalOptions()
        .exitOverride()
        .showHelpAfterError("(run codebot --help for usage)")
        .argument("[prompt]", "the first prompt (interactive), or the prompt of -p")
        // More words are said by checkPromptWords, in words a user acts on.
        .allowExcessArguments()
        .option(
          "-p, --print [prompt]",
          "run one prompt to the end and print the answer (piped stdin is added to the prompt, or is the prompt)",
        )
        .option(
          "--model <model>",
          "provider/id (anthropic/claude-sonnet-4-5, openai/gpt-4.1, compat/<id>), a bare id of the default provider, or sonnet/opus/haiku",
        )
        .addOption(
          new Option("--permission-mode <mode>", "how tool calls are approved").choices(
            PERMISSION_MODE_FLAGS,
          ),
        )
        .option(
          "--bare",
          "minimal mode: only the managed hooks run, no CLAUDE.md/AGENTS.md is read, built-in tools bash, edit, read at most; sets CLAUDE_CODE_SIMPLE=1",
        )
        .option(
          "--safe-mode",
          "every customization off, to troubleshoot a broken setup: no hooks but the managed ones, no CLAUDE.md/AGENTS.md, skills, commands, agents, MCP servers or status line; settings, permissions and models apply; sets CLAUDE_CODE_SAFE_MODE=1",
        )
        .option(
          "--restricted",
          "no bash tool unless --tools names it, no user/project/local settings files (nor their CLAUDE.md, skills, commands, agents, MCP servers); managed settings, --settings, --plugin-dir and --mcp-config apply; bypassPermissions is refused",
        )
        .option(
          "--allow-dangerously-skip-permissions",
          "bypassPermissions may be switched to during the session (a hook's setMode, the Agent SDK's setPermissionMode); the mode stays as given",
        )
        .option(
          "--dangerously-skip-permissions",
          "run every tool call without asking (deny rules still hold)",
        )
        .option(
          "--allowedTools, --allowed-tools <rules...>",
          'permission rules that run without asking, e.g. "Bash(git diff *)" Edit',
        )
        .option("--disallowedTools, --disallowed-tools <rules...>", "permission rules that never run")
        .option("--system-prompt <text>", "replace the main agent's instructions")
        .option("--append-system-prompt <text>", "add to the main agent's instructions")
        .addOption(
          new Option(
            "--system-prompt-snapshot <on|off>",
            "on (default; off with --bare): the system prompt is recorded on the conversation's first request and sent as recorded until it is compacted, resumes included; off: rendered afresh every request",
          ).choices(["on", "off"]),
        )
        .option(
          "--exclude-dynamic-system-prompt-sections",
          "move the project directory from the default system prompt into the first prompt's context (one prompt for every machine: shared prompt cache); ignored with --system-prompt",
        )
        .option("--verbose", "accepted for Claude Code scripts (stream-json is always complete)")
        .option("--include-partial-messages", "stream-json: also a stream_event line per piece of the answer")
        .option(
          "--include-hook-events",
          "stream-json: Claude Code's hook_started/hook_response lines for every event's hooks, not only SessionStart's",
        )
        .option(
          "--forward-subagent-text",
          "stream-json: sub-agents' messages as assistant/user lines under the call that started them (parent_tool_use_id)",
        )
        .option("--trust-project-hooks", "run the project's hooks for this run without asking")
        .option("--max-turns <n>", "most model steps per prompt", positiveInteger)
        .option(
          "--max-budget-usd <amount>",
          "-p: end the run once its model calls cost this many US dollars",
          positiveAmount,
        )
        .addOption(
          new Option("--output-format <format>", "output of -p")
            .choices(["text", "json", "stream-json"])
            .default("text"),
        )
        .addOption(
          new Option(
            "--input-format <format>",
            "input of -p: stream-json reads prompts as JSON lines on stdin",
          )
            .choices(["text", "stream-json"])
            .default("text"),
        )
        .option("--replay-user-messages", "stream-json input: echo each user message on stdout")
        .addOption(
          new Option(
            "--prompt-suggestions [value]",
            "-p stream-json: a prompt_suggestion line after each turn, the model's guess of your next prompt",
          )
            .choices(PROMPT_SUGGESTIONS_VALUES)
            .preset("true"),
        )
        .addOption(
          new Option(
            "--await-initialize",
            "stream-json input: start from the Agent SDK's initialize (codebot always does)",
          ).hideHelp(),
        )
        .option(
          "-d, --debug [filter]",
          "print hook trace records on stderr (claude's categories: hooks; `!hooks` leaves them out)",
        )
        .option(
          "--autocompact <auto|tokens>",
          "automatic compaction counts against this many tokens (at least 100000) instead of the model's window",
          autoCompactFlag,
        )
        .option(
          "-n, --name <name>",
          "the session's title (shown on the status line and in the /resume list)",
          sessionName,
        )
        .option(
          "--debug-file <path>",
          "write the debug lines to this file instead of stderr (implies --debug)",
        )
        .option("--trace-file <file>", "append every hook trace record to this file (JSONL)")
        .option("--init", "run the Setup hooks (trigger init) before the session starts")
        .option("--init-only", "run the Setup (trigger init) and SessionStart hooks, then exit")
        .option("--maintenance", "run the Setup hooks with trigger maintenance before the session starts")
        .option(
          "--mcp-config <file|json>",
          "MCP servers from a .mcp.json-shaped file or inline JSON (repeatable)",
          collectValues,
        )
        .option(
          "--tools <tools...>",
          'the built-in tools offered: "" none, "default" all, or names ("Bash,Edit,Read")',
        )
        .option("--add-dir <directories...>", "more folders the file tools may reach (repeatable)")
        .option("--session-id <uuid>", "the new session's id (a UUID no session of this project has)")
        .option(
          "--fallback-model <models>",
          "models to go on with when the model is overloaded, failing or not found (comma-separated, in order)",
        )
        .option(
          "--agents <json-or-file>",
          'custom sub-agents: {"<name>": {"description": …, "prompt": …}} or a file',
        )
        .option(
          "--agent <name>",
          "run the session as this custom agent (its instructions, tools, hooks, model)",
        )
        .option(
          "--permission-prompt-tool <tool>",
          "-p: the MCP tool (mcp__server__tool) asked about calls that need a yes",
        )
        .addOption(
          new Option(
            "--permission-prompts <target>",
            '-p: who answers permission prompts: "host" (--permission-prompt-tool) or "none" (denied)',
          ).choices(["host", "none"]),
        )
        .option("--json-schema <schema>", "-p: the answer as JSON in this JSON Schema's shape (an object)")
        .option("--fork-session", "with -c/-r: go on in a copy of that session under a new id")
        .option("--no-session-persistence", "-p: write nothing of the session (it cannot be resumed)")
        .option(
          "--strict-mcp-config",
          "only the --mcp-config servers: none from settings, plugins or the project's .mcp.json",
        )
        .option("--disable-slash-commands", "no skills or commands: no skill tool, /name is plain text")
        .option("--betas <betas...>", "beta headers sent in Anthropic API requests (anthropic-beta)")
        .option(
          "--max-thinking-tokens <tokens>",
          "Anthropic models: the thinking budget of each request (0: thinking disabled)",
        )
        .addOption(
          new Option("--thinking <mode>", "Anthropic models: disabled turns thinking off").choices(
            THINKING_MODES,
          ),
        )
        .addOption(
          new Option("--thinking-display <display>", "Anthropic models: how thinking is shown")
            .choices(THINKING_DISPLAYS)
            .hideHelp(),
        )
        .option(
          "--effort <level>",
          `effort asked of Anthropic models (${EFFORT_LEVELS.join(", ")}); each model gets what it takes`,
        )
        .option("--ide", "Claude Code's: connect to an IDE — codebot has no IDE integration (said once)")
        .option(
          "--chrome",
          "Claude Code's: Claude in Chrome — codebot has no browser integration (said once)",
        )
        .option("--no-chrome", "Claude Code's: no Claude in Chrome (codebot has none)")
        .option(
          "--brief",
          "Claude Code's: the SendUserMessage tool — codebot has none; the model answers in its text (said once)",
        )
        .option(
          "--ax-screen-reader",
          "interactive: screen-reader friendly output (flat text, no colours, borders or animation); also CLAUDE_AX_SCREEN_READER=1 or axScreenReader in your settings",
        )
        .option(
          "-w, --worktree [name]",
          "run the session in a git worktree <repo>/.claude/worktrees/<name> (branch worktree-<name>; a WorktreeCreate hook makes it instead when the project has one)",
        )
        .option(
          "--tmux",
          "with -w: run the worktree's session in a tmux session of its own, <repo>_worktree-<name> (--tmux=classic: the same)",
        ),
    ),
  ).action(async (positional: string | undefined, _opts: RootOptions, command: Command) => {
    const opts = command.opts<RootOptions>();
    checkPromptWords(
      opts.print !== undefined,
      [...(typeof opts.print === "string" ? [opts.print] : []), ...command.args],
      command.commands.map((c) => c.name()),
    );
    sayMissingIntegrations(opts);
    // As claude's: hooks and commands can tell they run in minimal mode.
    if (opts.bare === true) process.env.CLAUDE_CODE_SIMPLE = "1";
    // As claude's: hooks, commands and a codebot started from them run in safe mode too.
    if (opts.safeMode === true) process.env.CLAUDE_CODE_SAFE_MODE = "1";
    let flags = sessionFlagsOf(opts, command);
    const resume = resumeRequestOf(opts);
    if (resume) flags.resume = resume;
    if (opts.maintenance === true) flags.setup = "maintenance";
    else if (opts.init === true || opts.initOnly === true) flags.setup = "init";
    if (opts.tmux === true) {
      const { checkTmuxFlag } = await import("./tmux-flag.js");
      checkTmuxFlag(opts.worktree);
    }
    const prompt = typeof opts.print === "string" ? opts.print : positional;
    const input = inputFormatFlags({
      prompt,
      inputFormat: opts.inputFormat,
      outputFormat: opts.outputFormat,
      replayUserMessages: opts.replayUserMessages === true,
      awaitInitialize: opts.awaitInitialize === true,
    });
    // Before the worktree is made: its WorktreeCreate hooks are told how the session starts.
    const print = opts.print !== undefined || input.inputFormat === "stream-json";
    if (opts.worktree !== undefined) {
      const projectDir = flags.project.cwd;
      const { withWorktree } = await import("./worktree-flag.js");
      flags = await withWorktree(flags, opts.worktree, print ? "sdk-cli" : "cli");
      if (opts.tmux === true) {
        const { runWorktreeInTmux } = await import("./tmux-flag.js");
        code = runWorktreeInTmux(flags, projectDir, given);
        return;
      }
    }
    if (opts.initOnly === true) {
      const { runInitOnly } = await import("./init-only.js");
      code = await runInitOnly(flags);
      return;
    }
    const printRun = { print, outputFormat: opts.outputFormat };
    const promptSuggestions = promptSuggestionsFlag(opts.promptSuggestions, printRun);
    if (opts.forwardSubagentText === true) checkStreamJsonOnly("--forward-subagent-text", printRun);
    if (print) {
      if (typeof opts.print === "string" && positional !== undefined)
        throw new CliError("two prompts given: put the prompt either after -p or at the end, not both");
      const { runOneShot } = await import("./one-shot.js");
      tuneHeapForSession();
      code = await runOneShot({
        ...flags,
        prompt,
        outputFormat: opts.outputFormat,
        partialMessages: opts.includePartialMessages === true,
        ...(opts.includeHookEvents === true ? { hookEvents: true } : {}),
        ...(promptSuggestions ? { promptSuggestions: true } : {}),
        ...(opts.forwardSubagentText === true ? { subagentMessages: true } : {}),
        ...(opts.sessionPersistence === false ? { noSessionPersistence: true } : {}),
        ...(opts.jsonSchema !== undefined ? { jsonSchema: jsonSchemaFlag(opts.jsonSchema) } : {}),
        // `--permission-prompts none`: nobody answers, not even the tool; what would be asked is denied.
        ...(opts.permissionPromptTool !== undefined && opts.permissionPrompts !== "none"
          ? { permissionPromptTool: promptToolFlag(opts.permissionPromptTool) }
          : {}),
        ...input,
      });
      return;
    }
    if (opts.outputFormat !== "text") throw new CliError("--output-format applies to -p only");
    // As in Claude Code: an interactive session's user watches the cost (/cost) and stops it.
    if (opts.maxBudgetUsd !== undefined) throw new CliError("--max-budget-usd applies to -p only");
    if (opts.sessionPersistence === false) throw new CliError("--no-session-persistence applies to -p only");
    if (opts.jsonSchema !== undefined) throw new CliError("--json-schema applies to -p only");
    if (opts.permissionPromptTool !== undefined)
      throw new CliError("--permission-prompt-tool applies to -p only (in a terminal, you are asked)");
    const { runInteractive } = await import("./interactive/repl.js");
    tuneHeapForSession();
    code = await runInteractive({
      ...flags,
      ...(opts.axScreenReader === true ? { axScreenReader: true } : {}),
      ...(positional !== undefined ? { firstPrompt: positional } : {}),
    });
  });

  addSubcommands(program, (exitCode) => {
    code = exitCode;
  });

  return {
    async run(argv) {
      rejectUnsupportedFlags(argv);
      given = isSessionCommandLine(argv) ? withClassicTmux(argv) : [...argv];
      try {
        await program.parseAsync([...given], { from: "user" });
      } catch (error) {
        // Commander has already printed its message (usage errors) or the help/version text.
        if (error instanceof CommanderError) return error.exitCode;
        throw error;
      }
      return code;
    },
  };
}

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("expected a positive integer");
  return n;
}

/**
 * `--ide` and `--chrome`: claude goes on without an IDE or Chrome when none is there, which is
 * always the case for codebot; a script passing them runs, and the user hears it once.
 */
function sayMissingIntegrations(opts: RootOptions): void {
  if (opts.ide === true)
    process.stderr.write("codebot: --ide: codebot has no IDE integration; going on without one\n");
  if (opts.chrome === true)
    process.stderr.write("codebot: --chrome: codebot has no Chrome integration; going on without it\n");
  // claude 2.1.328 -p --brief offers no SendUserMessage tool either ("not enabled in this session").
  if (opts.brief === true)
    process.stderr.write(
      "codebot: --brief: codebot has no SendUserMessage tool; the model's messages are its answer text\n",
    );
}

function autoCompactFlag(value: string): AutoCompactWindow {
  const window = parseAutoCompactWindow(value);
  if (window === undefined)
    throw new InvalidArgumentError(
      `expected "auto" or a number of tokens of at least ${LEAST_AUTO_COMPACT_WINDOW}`,
    );
  return window;
}

function sessionName(value: string): string {
  const name = value.trim();
  if (name === "") throw new InvalidArgumentError("expected a name");
  return name;
}

function positiveAmount(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError("expected an amount above 0, e.g. 0.50");
  return n;
}
