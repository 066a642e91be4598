import type { Tool, ToolMiddleware } from "@codebot/agentcore";
import { type HookRunner, subagentTranscriptPath } from "@codebot/hooks";
import type { BackgroundAgents } from "../../agents/background-agents.js";
import type { PluginFolder } from "../../settings/plugin-folder.js";
import { CODE_RUNNING_TOOLS } from "../../settings/session-modes.js";
import { SessionSkills } from "../../skills/session-skills.js";
import type { TaskStore } from "../../tasks/task-store.js";
import { backgroundOutputPath } from "../../tools/background-bash.js";
import { builtinTools } from "../../tools/builtin-tools.js";
import type { ModelFileViews } from "../../tools/model-file-views.js";
import { StructuredOutput } from "../../tools/structured-output-tool.js";
import type { ToolEnvironment } from "../../tools/tool-environment.js";
import { TOOL_SEARCH_TOOL } from "../../tools/tool-search-tool.js";
import type { CodeChanges } from "../code-changes.js";
import type { FileWatch } from "../file-watch.js";
import type { LastStopAttempt } from "../last-stop-attempt.js";
import { type PlanModeReminder, SUBAGENT_PLAN_MODE } from "../plan-mode-reminder.js";
import type { CheckpointStore } from "../rewind/checkpoint-store.js";
import type { RuntimeOptions } from "../runtime-options.js";
import type { SessionEvents } from "../session-events.js";
import type { SpendingLimit } from "../spending-limit.js";
import { subagentModels } from "../subagent-model.js";
import { subagentSystemPrompt } from "../system-prompt.js";
import type { CustomAgents } from "./custom-agents.js";
import type { ModelCallLimits, ModelInUse } from "./model-in-use.js";
import type { SessionFiles } from "./session-files.js";
import type { Notify } from "./session-notices.js";
import type { SessionPermissions } from "./session-permissions.js";
import type { SessionSettings } from "./session-settings.js";
import type { SubagentRuns } from "./subagent-runs.js";

/** The built-in tools `--bare` offers at most: claude 2.1.328's Bash, Edit and Read. */
const BARE_TOOLS: readonly string[] = ["bash", "edit", "read"];

/** What the tools are made of: the session's parts made before them. */
export interface ToolParts {
  options: RuntimeOptions;
  settings: Pick<SessionSettings, "cwd" | "project">;
  models: ModelInUse;
  limits: ModelCallLimits;
  spendingLimit: SpendingLimit | undefined;
  files: SessionFiles;
  permissions: SessionPermissions;
  runner: HookRunner;
  fileWatch: FileWatch;
  /** The lines the file tools changed, for `/cost`. */
  codeChanges: CodeChanges;
  /** `/rewind`'s copies of the files `write` and `edit` change. */
  checkpoints?: CheckpointStore;
  /** What `write` and `edit` wrote, for the check that a PostToolUse hook changed it (hook-changed-file.ts). */
  onCallWroteFile: NonNullable<ToolEnvironment["onCallWroteFile"]>;
  /** The environment of the commands the agent runs (the session id changes with /clear). */
  agentEnv: () => Record<string, string>;
  tasks: TaskStore;
  customAgents: CustomAgents;
  subagentRuns: SubagentRuns;
  background: BackgroundAgents | undefined;
  middleware: readonly ToolMiddleware[];
  /** What the plan tools' results tell the model of the mode's switch. */
  planReminder: PlanModeReminder;
  /** What each agent's model has seen of the files it read and changed (the file tools'). */
  fileViews: ModelFileViews;
  /** The most consecutive SubagentStop blocks per run (stop-hook-cap.ts). */
  stopHookCap: number;
  /** Marks a SubagentStop block at that cap, which ends the sub-agent's run. */
  lastStopAttempt: LastStopAttempt;
  notify: Notify;
  /** Told of a background shell's start and end (stream-json's task lines) and of the plan tools'
   * switches of the permission mode. */
  events: SessionEvents;
}

/** The session's tools, and the skills the `skill` tool offers. */
export interface SessionTools {
  /** The session's tools; MCP tools join and leave the list as servers connect and stop. */
  tools: Tool[];
  skills: SessionSkills;
  /** `--json-schema`: how the model gives its answer. */
  structured: StructuredOutput | undefined;
  /** `--tools` and `--bare` leave the tool search in (claude offers every MCP schema up front without it). */
  toolSearchOffered: boolean;
  /**
   * The skill folders read again (what a SessionStart answer asks, at start, after /clear or
   * /resume and after a compaction): the next run's `skill` tool lists what is there now.
   * `plugins`: the plugin folders now loaded, when they changed (reloadPlugins).
   */
  reloadSkills(plugins?: readonly PluginFolder[]): Promise<void>;
}

/**
 * The tools phase: the built-in tools (the agent tool's sub-agents among them), the `skill` tool,
 * and `--json-schema`'s; `--tools`, `--bare` and `--restricted` choose which are offered.
 */
export async function sessionTools(parts: ToolParts): Promise<SessionTools> {
  const { options, models, files, runner, notify, spendingLimit } = parts;
  const { cwd, project } = parts.settings;
  const { settings, modes } = project;
  const { paths, approval, readRules } = parts.permissions;
  const { agents, agentScopes, mayUseOwnModel, discovery } = parts.customAgents;
  const tools = builtinTools({
    toolEnv: {
      paths,
      hookEnvFile: files.hookEnvFile,
      env: settings.env,
      agentEnv: parts.agentEnv,
      envFiles: settings.envFiles,
      readRules,
      onCwdChange: (oldCwd, newCwd) => parts.fileWatch.cwdChanged(oldCwd, newCwd),
      onFileWritten: (before, after, hunks) => parts.codeChanges.count(before, after, hunks),
      ...(parts.checkpoints ? { fileCheckpoints: parts.checkpoints } : {}),
      onCallWroteFile: parts.onCallWroteFile,
      fileViews: parts.fileViews,
      ...(parts.background
        ? {
            background: {
              tasks: parts.background,
              outputFile: (taskId: string) => backgroundOutputPath(files.transcriptPath, files.id, taskId),
              allowRead: (file: string) => paths.addFile(file),
              report: (shell) => parts.events.emit({ kind: "background_shell", shell }),
              interactive: options.interactive === true,
            },
          }
        : {}),
    },
    tasks: parts.tasks,
    taskHooks: runner,
    ...(approval.tools.canAsk
      ? {
          planMode: {
            mode: () => approval.mode,
            modeBeforePlan: () => approval.modeBeforePlan,
            setMode: (mode) => {
              approval.setMode(mode);
              parts.events.emit({ kind: "permission_mode", mode });
            },
            approvePlan: (call, ctx, plan, returnsTo) =>
              approval.tools.approvePlan(call, ctx, plan, returnsTo),
            reminder: parts.planReminder,
          },
        }
      : {}),
    subagents: {
      model: () => models.model,
      modelFor: subagentModels({
        model: () => models.model,
        modelSpec: () => models.spec,
        env: models.access,
        isGrantTrusted: project.isGrantTrusted,
        notify,
      }),
      mayUseOwnModel,
      ...(parts.background ? { background: parts.background } : {}),
      outputFile: (runId) => subagentTranscriptPath(files.transcriptPath, files.id, runId),
      agents: agents.agents,
      middleware: parts.middleware,
      systemPrompt: (name) => subagentSystemPrompt(cwd, name),
      modeReminder: () => (approval.mode === "plan" ? SUBAGENT_PLAN_MODE : undefined),
      maxTurns: options.maxTurns,
      ...parts.limits,
      ...(spendingLimit
        ? { overBudget: spendingLimit.afterStep(() => models.spec), spentOut: () => spendingLimit.reached() }
        : {}),
      ...parts.subagentRuns.host(runner, agentScopes, parts.stopHookCap, parts.lastStopAttempt),
    },
  });
  // `--tools` (Claude Code's): only these built-in tools are offered; MCP tools join as they connect.
  // `--bare` offers claude 2.1.328's minimal set at most: `--tools` narrows it, never widens it.
  // `--restricted` takes the code-running tools away unless `--tools` names them (claude's).
  const offered = (name: string) =>
    (options.builtinTools === undefined || options.builtinTools.includes(name)) &&
    (modes?.bare !== true || BARE_TOOLS.includes(name)) &&
    (modes?.restricted !== true ||
      !CODE_RUNNING_TOOLS.includes(name) ||
      options.builtinTools?.includes(name) === true);
  // Skills and commands: the model loads them with the `skill` tool, the user runs `/name args`.
  const skills = await SessionSkills.load(options.disableSlashCommands ? "none" : discovery, {
    runner,
    approval: approval.tools,
    bash: tools.find((tool) => tool.name === "bash") as (typeof tools)[number],
    paths,
    readRules,
    env: settings.env,
    agentEnv: parts.agentEnv,
    envFiles: settings.envFiles,
    isGrantTrusted: project.isGrantTrusted,
    // As claude's: with bash taken away, a skill's `` !`cmd` `` does not run either.
    ...(modes?.restricted && !offered("bash")
      ? { shellRefusal: "bash is not offered under --restricted (--tools Bash brings it back)" }
      : {}),
    ...(settings.skillShellDisabled ? { shellDisabled: true } : {}),
    notify,
  });
  const skillTool = skills.tool();
  if (skillTool) tools.push(skillTool);
  for (let i = tools.length - 1; i >= 0; i--) if (!offered((tools[i] as Tool).name)) tools.splice(i, 1);
  // Not a built-in tool `--tools` chooses from: the way `--json-schema`'s answer is given.
  const structured = options.jsonSchema ? new StructuredOutput(options.jsonSchema) : undefined;
  if (structured) tools.push(structured.tool);
  const reloadSkills = async (plugins?: readonly PluginFolder[]) => {
    await skills.reload(plugins);
    const at = tools.findIndex((tool) => tool.name === "skill");
    const fresh = skills.tool();
    if (at >= 0) tools.splice(at, 1, ...(fresh ? [fresh] : []));
    else if (fresh && offered("skill")) tools.push(fresh);
  };
  return { tools, skills, structured, reloadSkills, toolSearchOffered: offered(TOOL_SEARCH_TOOL) };
}
