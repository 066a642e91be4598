import type { ThinkingDisplay } from "@codebot/agentcore";
import type { Command } from "commander";
import type { AutoCompactWindow } from "../session/auto-compact-window.js";
import { addDirsFlag } from "./add-dir-flag.js";
import { agentsFlag } from "./agents-flag.js";
import { betasFlag } from "./betas-flag.js";
import { debugFlags } from "./debug-flag.js";
import { effortFlag } from "./effort-flag.js";
import { fallbackModelsFlag, modelFlag } from "./model-flag.js";
import { permissionModeFlag } from "./permission-mode-flag.js";
import { projectFlagsOf } from "./project-flags.js";
import type { InputFormat, OutputFormat, SessionFlags } from "./session-flags.js";
import { thinkingBudgetOf, thinkingDisplayFlag } from "./thinking-flags.js";
import { toolRulesFlag } from "./tool-rules-flag.js";
import { toolsFlag } from "./tools-flag.js";
import { traceFileFlag } from "./trace-file-flag.js";

/** The session command's options, as commander parses them. */
export interface RootOptions {
  bare?: boolean;
  safeMode?: boolean;
  print?: string | true;
  model?: string;
  permissionMode?: string;
  dangerouslySkipPermissions?: boolean;
  allowDangerouslySkipPermissions?: boolean;
  allowedTools?: string[];
  disallowedTools?: string[];
  systemPrompt?: string;
  appendSystemPrompt?: string;
  systemPromptSnapshot?: "on" | "off";
  brief?: boolean;
  axScreenReader?: boolean;
  excludeDynamicSystemPromptSections?: boolean;
  verbose?: boolean;
  includePartialMessages?: boolean;
  includeHookEvents?: boolean;
  forwardSubagentText?: boolean;
  trustProjectHooks?: boolean;
  maxTurns?: number;
  maxBudgetUsd?: number;
  tools?: string[];
  addDir?: string[];
  outputFormat: OutputFormat;
  inputFormat: InputFormat;
  replayUserMessages?: boolean;
  promptSuggestions?: string;
  awaitInitialize?: boolean;
  debug?: string | true;
  debugFile?: string;
  name?: string;
  autocompact?: AutoCompactWindow;
  ide?: boolean;
  chrome?: boolean;
  traceFile?: string;
  mcpConfig?: string[];
  sessionId?: string;
  fallbackModel?: string;
  agents?: string;
  agent?: string;
  permissionPromptTool?: string;
  permissionPrompts?: "host" | "none";
  jsonSchema?: string;
  forkSession?: boolean;
  sessionPersistence?: boolean;
  strictMcpConfig?: boolean;
  disableSlashCommands?: boolean;
  betas?: string[];
  maxThinkingTokens?: string;
  thinking?: string;
  thinkingDisplay?: ThinkingDisplay;
  effort?: string;
  continue?: boolean;
  resume?: string | true;
  init?: boolean;
  initOnly?: boolean;
  maintenance?: boolean;
  worktree?: string | true;
  tmux?: boolean;
}

/**
 * The session's flags from the command line's options (those of `-p` alone, the resume and the
 * setup flags are added by the command itself). A flag's value that is wrong throws its one-line error.
 */
export function sessionFlagsOf(opts: RootOptions, command: Command): SessionFlags {
  const permissionMode =
    opts.dangerouslySkipPermissions === true ? "bypassPermissions" : permissionModeFlag(opts.permissionMode);
  const effort =
    opts.effort === undefined
      ? undefined
      : effortFlag(opts.effort, (line) => process.stderr.write(`${line}\n`));
  const thinkingBudget = thinkingBudgetOf(opts.maxThinkingTokens, opts.thinking);
  const thinkingDisplay = thinkingDisplayFlag(opts.thinkingDisplay, (line) =>
    process.stderr.write(`${line}\n`),
  );
  return {
    project: projectFlagsOf(command),
    ...(opts.model !== undefined ? { model: modelFlag(opts.model) } : {}),
    ...(permissionMode !== undefined ? { permissionMode } : {}),
    ...(opts.allowDangerouslySkipPermissions === true ? { allowBypass: true } : {}),
    allowedTools: toolRulesFlag("--allowedTools", opts.allowedTools),
    disallowedTools: toolRulesFlag("--disallowedTools", opts.disallowedTools),
    ...(opts.systemPrompt !== undefined ? { systemPrompt: opts.systemPrompt } : {}),
    ...(opts.appendSystemPrompt !== undefined ? { appendSystemPrompt: opts.appendSystemPrompt } : {}),
    ...(opts.systemPromptSnapshot !== undefined
      ? { systemPromptSnapshot: opts.systemPromptSnapshot === "on" }
      : {}),
    ...(opts.excludeDynamicSystemPromptSections === true ? { excludeDynamicSystemPrompt: true } : {}),
    trustProjectHooks: opts.trustProjectHooks === true,
    ...(opts.maxTurns !== undefined ? { maxTurns: opts.maxTurns } : {}),
    ...(opts.maxBudgetUsd !== undefined ? { maxBudgetUsd: opts.maxBudgetUsd } : {}),
    ...builtinToolsOf(opts.tools),
    ...(opts.addDir !== undefined
      ? { addDirs: addDirsFlag(opts.addDir, (line) => process.stderr.write(`${line}\n`)) }
      : {}),
    ...debugFlags(opts.debug, opts.debugFile),
    ...(opts.name !== undefined ? { sessionName: opts.name } : {}),
    ...(opts.autocompact !== undefined ? { autoCompactWindow: opts.autocompact } : {}),
    ...(opts.traceFile !== undefined ? { traceFile: traceFileFlag(opts.traceFile) } : {}),
    ...(opts.mcpConfig !== undefined ? { mcpConfigs: opts.mcpConfig } : {}),
    ...(opts.strictMcpConfig === true ? { strictMcpConfig: true } : {}),
    ...(opts.disableSlashCommands === true ? { disableSlashCommands: true } : {}),
    ...(opts.betas !== undefined
      ? { anthropicBetas: betasFlag(opts.betas, (line) => process.stderr.write(`${line}\n`)) }
      : {}),
    ...(effort !== undefined ? { effort } : {}),
    ...(thinkingBudget !== undefined ? { maxThinkingTokens: thinkingBudget } : {}),
    ...(thinkingDisplay !== undefined ? { thinkingDisplay } : {}),
    ...(opts.sessionId !== undefined ? { sessionId: opts.sessionId } : {}),
    ...(opts.forkSession === true ? { forkSession: true } : {}),
    ...(opts.fallbackModel !== undefined ? { fallbackModels: fallbackModelsFlag(opts.fallbackModel) } : {}),
    ...(opts.agent !== undefined ? { agent: opts.agent } : {}),
    ...(opts.agents !== undefined
      ? { cliAgents: agentsFlag(opts.agents, (line) => process.stderr.write(`${line}\n`)) }
      : {}),
  };
}

function builtinToolsOf(values: string[] | undefined): { builtinTools?: string[] } {
  if (values === undefined) return {};
  const names = toolsFlag(values, (line) => process.stderr.write(`${line}\n`));
  return names === undefined ? {} : { builtinTools: names };
}
