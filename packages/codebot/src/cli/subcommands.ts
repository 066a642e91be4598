import { type Command, Option } from "commander";
import type { HooksTestOptions } from "./hooks/hooks-test-options.js";
import { PERMISSION_MODE_FLAGS } from "./permission-mode-flag.js";
import { projectFlagsOf, withProjectOptions } from "./project-flags.js";
import { collectValues } from "./repeatable-option.js";
import { toolRulesFlag } from "./tool-rules-flag.js";

/**
 * codebot's commands besides the session: `demo`, `hooks list|validate|test|schema|trust`, `mcp
 * list|trust`. Each imports its module only when it runs; `done` gets its exit code.
 */
export function addSubcommands(program: Command, done: (code: number) => void): void {
  program
    .command("demo")
    .description("a scripted session in a temporary project showing hooks at work (no API key used)")
    .action(async () => {
      const { runDemo } = await import("../demo/demo.js");
      done(await runDemo());
    });

  const hooks = program.command("hooks").description("inspect, validate, test and trust hooks");
  withProjectOptions(hooks.command("list"))
    .description("every configured hook with its event, filters, source and trust state")
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean }, command: Command) => {
      const { hooksList } = await import("./hooks/hooks-list.js");
      done(await hooksList(projectFlagsOf(command), opts.json === true));
    });
  withProjectOptions(hooks.command("validate"))
    .description("every problem in the settings files, with its location; exit 1 on any error")
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean }, command: Command) => {
      const { hooksValidate } = await import("./hooks/hooks-validate.js");
      done(await hooksValidate(projectFlagsOf(command), opts.json === true));
    });
  withProjectOptions(hooks.command("test"))
    .description("run the real hooks of an event for a synthetic payload; print the decision and the trace")
    .argument("<event>", "the event, e.g. PreToolUse")
    .option(
      "--tool <name>",
      "the tool (PreToolUse, PostToolUse, …), by codebot's name or Claude Code's (Bash)",
    )
    .option(
      "--args <json>",
      "tool arguments (tool events), or the event's own fields by their Claude Code names (stop_hook_active, trigger, source, reason, to_model, …; see docs/cli.md): inline JSON, @file, or - for stdin",
    )
    .option(
      "--output <text>",
      "the tool result (PostToolUse), or the error (PostToolUseFailure, StopFailure)",
    )
    .option(
      "--prompt <text>",
      'the user\'s prompt (UserPromptSubmit), or "/name args" (UserPromptExpansion, PreSkillShellCommand)',
    )
    .option(
      "--agent <name>",
      "the sub-agent's type: its custom agent's name, else general-purpose (SubagentStart, SubagentStop), or the calling agent (tool events); a custom agent's own hooks are in force, as while it runs",
    )
    .option(
      "--agent-name <name>",
      "the run's own name, when the model named it other than its type (the agent tool's name): its tool calls' agent, and whose run an agent's own hooks follow",
    )
    .option("--skill <name>", "a skill or command whose own hooks are in force, as once it is loaded")
    .option(
      "--failed",
      "PostToolUse for a call that failed (is_error true, --output the error): Claude Code groups are skipped (failed call)",
    )
    .option(
      "--interrupted",
      "PostToolUseFailure for a call cut off by an interrupt (Esc, Ctrl+C): is_interrupt true",
    )
    .option(
      "--stopped",
      "SubagentStop for a run that was stopped (Ctrl+C, /tasks stop, the session's end): Claude Code groups are skipped (stopped run)",
    )
    .addOption(new Option("--permission-mode <mode>", "as for a session").choices(PERMISSION_MODE_FLAGS))
    .option(
      "--trust-project-hooks",
      "run the project's hooks without approval, as that flag does for a session",
    )
    .option("--json", "print JSON")
    .action(async (event: string, opts: HooksTestOptions, command: Command) => {
      const { hooksTest } = await import("./hooks/hooks-test.js");
      done(await hooksTest(projectFlagsOf(command), event, opts));
    });
  // Takes the project options like its siblings (a script may pass them to every subcommand);
  // the schema does not depend on them, so its --help does not offer them.
  const schema = withProjectOptions(hooks.command("schema"));
  for (const option of schema.options) option.hideHelp();
  schema.description("print the JSON Schema of settings files").action(async () => {
    const { hooksSchema } = await import("./hooks/hooks-schema.js");
    done(hooksSchema());
  });
  withProjectOptions(hooks.command("trust"))
    .description("show the project's hooks and permission grants and approve them")
    .option("--yes", "approve without asking")
    .option(
      "--allowedTools, --allowed-tools <rules...>",
      "your allow rules of a session's --allowedTools: those whose git would run the repository's programs are listed too",
    )
    .action(async (opts: { yes?: boolean; allowedTools?: string[] }, command: Command) => {
      const { hooksTrust } = await import("./hooks/hooks-trust.js");
      const flags = projectFlagsOf(command);
      // Read as a --settings layer of those rules: the grant is the rule's, whichever file gave it.
      const allow = toolRulesFlag("--allowedTools", opts.allowedTools).map((rule) => rule.text);
      if (allow.length > 0) flags.settingsFiles.push(JSON.stringify({ permissions: { allow } }));
      done(await hooksTrust(flags, opts.yes === true));
    });

  const mcp = program.command("mcp").description("list and trust MCP servers");
  withProjectOptions(mcp.command("list"))
    .description(
      "every MCP server with its source, approval, state and tools (starts the approved ones briefly)",
    )
    .option("--json", "print JSON")
    .option("--mcp-config <file|json>", "also these servers, as for a session (repeatable)", collectValues)
    .action(async (opts: { json?: boolean; mcpConfig?: string[] }, command: Command) => {
      const { mcpList } = await import("./mcp/mcp-list.js");
      done(await mcpList(projectFlagsOf(command), opts.json === true, opts.mcpConfig ?? []));
    });
  withProjectOptions(mcp.command("trust"))
    .description("show the project's MCP servers (.mcp.json, project settings) and approve them")
    .option("--yes", "approve without asking")
    .action(async (opts: { yes?: boolean }, command: Command) => {
      const { mcpTrust } = await import("./mcp/mcp-trust.js");
      done(await mcpTrust(projectFlagsOf(command), opts.yes === true));
    });
}
