import path from "node:path";
import { contextWindowOf, withoutThinking } from "@codebot/agentcore";
import { formatProblem } from "@codebot/hooks";
import type { AgentDefinition } from "../agents/agent-definition.js";
import { agentTools } from "../agents/agent-tools.js";
import { BackgroundAgents } from "../agents/background-agents.js";
import { SteeredOrigins } from "../agents/steered-origins.js";
import { projectContext } from "../instructions/project-context.js";
import { sessionInstructions } from "../instructions/session-instructions.js";
import { expandPromptCommand } from "../mcp/prompt-command.js";
import type { SessionMcp } from "../mcp/session-mcp.js";
import { claudeCompatOf } from "../settings/claude-compat.js";
import { TaskStore } from "../tasks/task-store.js";
import { earlierOutputFiles } from "../tools/background-bash.js";
import { ModelFileViews } from "../tools/model-file-views.js";
import { STRUCTURED_OUTPUT_TOOL } from "../tools/structured-output-tool.js";
import { deferredToolPlaceholder, TOOL_SEARCH_TOOL } from "../tools/tool-search-tool.js";
import type { RestoredConversation } from "../transcript/transcript-reader.js";
import { agentEnv } from "./agent-env.js";
import { apiClock } from "./api-clock.js";
import { loadCustomAgents } from "./assembly/custom-agents.js";
import { hookChangedFileNotice } from "./assembly/hook-changed-file.js";
import { createMainAgent } from "./assembly/main-agent.js";
import { startMcpServers } from "./assembly/mcp-start.js";
import { ModelInUse, modelCallLimits } from "./assembly/model-in-use.js";
import { SessionFiles, sessionSwitches } from "./assembly/session-files.js";
import { sessionHookRunner } from "./assembly/session-hook-runner.js";
import { sessionNotices } from "./assembly/session-notices.js";
import { SessionPermissions } from "./assembly/session-permissions.js";
import { readSessionSettings } from "./assembly/session-settings.js";
import { startSession } from "./assembly/session-start.js";
import { sessionTools } from "./assembly/session-tools.js";
import { SettingsReload } from "./assembly/settings-reload.js";
import { stopChecks } from "./assembly/stop-checks.js";
import { SubagentRuns } from "./assembly/subagent-runs.js";
import { sessionToolMiddleware } from "./assembly/tool-middleware.js";
import { BackgroundSaid } from "./background-context.js";
import { CodeChanges } from "./code-changes.js";
import { FileWatch } from "./file-watch.js";
import { joinContext } from "./joined-context.js";
import { LastStopAttempt } from "./last-stop-attempt.js";
import { costOf } from "./model-prices.js";
import { PlanModeReminder } from "./plan-mode-reminder.js";
import { projectProblems } from "./project-settings.js";
import { PromptIds } from "./prompt-ids.js";
import { resumedCache } from "./resumed-cache.js";
import { CheckpointStore, checkpointFolder } from "./rewind/checkpoint-store.js";
import { Runtime } from "./runtime.js";
import type { RuntimeOptions } from "./runtime-options.js";
import { Session } from "./session.js";
import { SessionLock } from "./session-lock.js";
import type { SessionStartEffects } from "./session-start-answer.js";
import { nameSession } from "./session-title.js";
import { SessionTotals } from "./session-totals.js";
import { SpendingLimit } from "./spending-limit.js";
import { stopFailureInput } from "./stop-failure.js";
import { stopHookBlockCap } from "./stop-hook-cap.js";
import { dynamicSystemContext } from "./system-prompt.js";
import { toolClock } from "./tool-clock.js";
import { deniesWholeTool, withToolSearch } from "./tool-search-offer.js";

/**
 * Assembles a session, one phase at a time (each in session/assembly/): settings and trust →
 * model → session files → approval engine → hook runner → settings reload → instructions and
 * custom agents → tools and their middleware (tool-middleware.ts has its order) → MCP servers →
 * main agent and compaction → session, then fires SessionStart.
 */
export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  // Held until the runtime closes; let go at once when it cannot be assembled.
  const sessionLock = new SessionLock();
  return assembleRuntime(options, sessionLock).catch((error: unknown) => {
    sessionLock.release();
    throw error;
  });
}

async function assembleRuntime(options: RuntimeOptions, sessionLock: SessionLock): Promise<Runtime> {
  const { events, notify } = sessionNotices(options);
  const apiTime = apiClock();
  events.subscribe(apiTime.see);
  const toolTime = toolClock();
  events.subscribe(toolTime.see);
  const codeChanges = new CodeChanges();
  const { env, cwd, codebotHome, claudeHome, where, project, customizations } = readSessionSettings(
    options,
    notify,
  );
  const { trustStore, settings, hooks: loadedHooks } = project;
  const models = await ModelInUse.choose(options, settings, env, notify);

  const files = SessionFiles.open(
    options,
    { cwd, codebotHome, trustFile: trustStore.file },
    sessionLock,
    events,
    notify,
  );
  const { transcript } = files;
  const checkpoints = files.storage.persist
    ? new CheckpointStore(() => checkpointFolder(files.transcriptPath), notify)
    : undefined;
  const totals = new SessionTotals(apiTime, codeChanges, toolTime, files.restored?.totals);
  const spendingLimit =
    options.maxBudgetUsd === undefined
      ? undefined
      : new SpendingLimit(options.maxBudgetUsd, () => settings.models);

  const permissions = new SessionPermissions(
    options,
    { env, cwd, codebotHome, claudeHome, project },
    notify,
    {
      tools: () => tools,
      mcpReady: async () => mcp?.servers?.ready(),
      runner: () => runner,
      stopRun: (stop) => session?.stopRun(stop),
      // Asked not to think, as a prompt hook's model is (without-thinking.ts): the verdict is short.
      classifierModel: () => withoutThinking(models.model),
      conversation: () => agent.messages,
      // On the session's model, as the classifier asks it; counted as claude counts its classifier's (recorded).
      classifierUsed: (used) => {
        usage.add(models.spec, used);
        spendingLimit?.add(models.spec, used);
      },
      budgetSpent: () => (spendingLimit?.reached() ? spendingLimit.reason() : undefined),
      decided: (call, decision) => transcript.noteDecision(call.id, decision),
    },
  );
  const { paths, approval, readRules } = permissions;
  // What the model is told of plan mode, by the prompts and by the plan tools' results.
  const planReminder = new PlanModeReminder(() => approval.mode, approval.tools.canAsk);
  // What the models have seen of the files (Edit's contentNotInModelContext); /clear forgets it.
  const fileViews = new ModelFileViews();
  // A summary may leave the reminder out: the history it makes is told again.
  events.subscribe((event) => {
    if (event.kind === "compaction" && event.phase === "end" && event.outcome.compacted)
      planReminder.startOver();
  });

  // Who runs a command, for the tools' commands and the hooks (the session id changes with /clear).
  const claudeCompat = claudeCompatOf(project.layers, codebotHome);
  const agentEnvOf = (role: "agent" | "harness") => () =>
    agentEnv(role, {
      sessionId: files.id,
      claudeCompat,
      effort: models.effort(),
      started: options.entrypoint,
      inherited: env.CLAUDE_CODE_ENTRYPOINT,
    });
  // mcp_tool hooks reach the MCP servers, which start once the tools exist, through this.
  let mcp: SessionMcp | undefined;
  // The session exists only once the agent does; hooks that end the run reach it through this.
  let session: Session | undefined;
  // `--agent`: the custom agent the session runs as, once the agents are loaded.
  let mainAgent: AgentDefinition | undefined;
  // The main agent's tools: the session's, or those `--agent`'s definition picks from them.
  // `--json-schema`'s tool stays: it is how the answer is given, whatever the agent's list.
  // MCP tools are offered by name behind the tool search when it is on (tool-search-offer.ts).
  const mainTools = withToolSearch(
    () => {
      if (mainAgent === undefined) return tools;
      const picked = new Set(agentTools(tools, mainAgent));
      return tools.filter((tool) => picked.has(tool) || tool.name === STRUCTURED_OUTPUT_TOOL);
    },
    {
      offered: () => toolSearchOffered && !deniesWholeTool(approval.tools.rules.deny, TOOL_SEARCH_TOOL),
      env: models.access,
      spec: () => models.spec,
      contextWindow: () => contextWindowOf(models.spec, settings.models),
    },
  );
  // Where each message steered into a turn came from, for UserPromptSubmit (folded-notifications.ts).
  const steeredOrigins = new SteeredOrigins();
  const subagentRuns = new SubagentRuns({ events, files, cwd, notify });
  // Runs started with `run_in_background`: their notifications go to the main agent's steering queue.
  const background = options.backgroundAgents
    ? new BackgroundAgents({
        get state() {
          return agent.state;
        },
        steer: (text) => steeredOrigins.notification((steered) => agent.steer(steered), text),
        takeQueued: () => agent.takeQueued(),
      })
    : undefined;
  const backgroundSaid = new BackgroundSaid();
  const promptIds = new PromptIds();
  const lastStopAttempt = new LastStopAttempt();
  const runner = sessionHookRunner(
    {
      options,
      settings: { cwd, project },
      models,
      files,
      permissions,
      events,
      notify,
      harnessEnv: agentEnvOf("harness"),
      subagentRuns,
      background,
      backgroundSaid,
      promptIds,
      lastStopAttempt,
    },
    {
      mcp: () => mcp,
      mainAgent: () => mainAgent,
      stopRun: (stop) => session?.stopRun(stop),
      hookModelUsed: (spec, used) => {
        usage.add(spec, used);
        spendingLimit?.add(spec, used);
      },
    },
  );

  // FileChanged watches what its hooks name; a `cd` in bash fires CwdChanged.
  const fileWatch = new FileWatch(runner, paths.root, notify);
  const settingsReload = new SettingsReload(
    options,
    { where, project, customizations },
    claudeCompat,
    { runner, fileWatch, permissions },
    notify,
  );

  // Instruction files (AGENTS.md, CLAUDE.md, …) go to the model as context of the first prompt;
  // those of nested folders when the agent first reads a file there.
  const instructions = sessionInstructions({
    cwd,
    codebotHome,
    claudeHome,
    layers: project.layers,
    env,
    readRules,
    discover: customizations.instructionFiles,
  });
  for (const problem of instructions.loaded.problems) notify(`codebot: instruction file: ${problem}`);

  const customAgents = await loadCustomAgents(
    options,
    { env, cwd, codebotHome, claudeHome, project, customizations },
    instructions.claudeCompat,
    runner,
    models,
    notify,
  );
  mainAgent = customAgents.mainAgent;
  // `--exclude-dynamic-system-prompt-sections` moves the default prompt's per-machine part to the context.
  const dynamicInContext =
    options.excludeDynamicSystemPrompt === true &&
    options.systemPrompt === undefined &&
    mainAgent?.prompt === undefined;
  const dynamicContext = dynamicInContext ? dynamicSystemContext(cwd) : undefined;

  const stopHookCap = stopHookBlockCap(models.access, settings.postStopValidation.maxAttempts, notify);
  const { validation, stopHooks } = stopChecks(
    runner,
    { validation: settings.postStopValidation.maxAttempts, stopHooks: stopHookCap },
    files,
    (stop) => session?.stopRun(stop),
    lastStopAttempt,
  );
  const changedFile = hookChangedFileNotice(runner);
  const middleware = sessionToolMiddleware({
    runner,
    approval,
    validation,
    cwd,
    changedFile: changedFile.middleware,
    instructions,
    customizations,
    toolObservers: options.toolObservers,
    notify,
    halt: (stop) => session?.halt(stop),
  });
  // One limit for every model stream of the session: the main agent's, sub-agents', compaction's.
  const limits = modelCallLimits(env, models.access, notify);
  const tasks = new TaskStore(files.tasksAtStart(), notify, files.storage);
  const { tools, skills, structured, reloadSkills, toolSearchOffered } = await sessionTools({
    options,
    events,
    settings: { cwd, project },
    models,
    limits,
    spendingLimit,
    files,
    permissions,
    runner,
    fileWatch,
    codeChanges,
    ...(checkpoints ? { checkpoints } : {}),
    onCallWroteFile: changedFile.wrote,
    agentEnv: agentEnvOf("agent"),
    tasks,
    customAgents,
    subagentRuns,
    background,
    middleware,
    planReminder,
    fileViews,
    stopHookCap,
    lastStopAttempt,
    notify,
  });
  // The background output files a resumed session's earlier runs left: the file tools read them,
  // as claude 2.1.328's Read did after `-c` and `/resume` (recorded). At start and at `/resume`.
  const allowEarlierOutputs = () => {
    for (const file of earlierOutputFiles(files.transcriptPath, files.id)) paths.addFile(file);
  };
  allowEarlierOutputs();
  const sessionStartEffects: SessionStartEffects = {
    reloadSkills: () => reloadSkills(),
    watch: (paths) => fileWatch.add(paths),
    setTitle: (title) => nameSession(transcript, events, title),
  };
  // MCP servers start now, in parallel; their tools join the list as each server connects.
  mcp = await startMcpServers(
    options,
    { env, cwd, project, customizations },
    tools,
    runner,
    notify,
    () => files.toolResultsDir(),
    () => [paths.root, ...paths.addedFolders],
  );
  const instructionContext = () => joinContext(dynamicContext, projectContext(instructions.loaded));
  const { agent, compaction, meter, usage, promptSnapshot } = createMainAgent(
    {
      options,
      settings: { env, cwd, project },
      models,
      limits,
      spendingLimit,
      files,
      tasks,
      runner,
      events,
      notify,
      instructions,
      instructionContext,
      dynamicInContext,
      mainAgent,
      tools: mainTools,
      middleware,
      backgroundSaid,
      structured,
      stopChecks: { validation, stopHooks },
      sessionStartEffects,
      steeredOrigins,
    },
    { stopRun: (stop) => session?.stopRun(stop), halt: (stop) => session?.halt(stop) },
  );
  // What the session has used goes into its transcript, as claude's cost-state line: claude writes
  // it as the session is left (recorded: at -p's end, /exit, Ctrl+C, SIGTERM, its wall time up to
  // then); codebot then too (`leaving`), and after each prompt and compaction when the usage changed
  // (a crash keeps it; the times and code changes then are in it too).
  const written = (used: ReadonlyMap<string, unknown> = new Map()) => JSON.stringify([...used]);
  let costWritten = written(files.restored?.usage);
  const recordCost = (leaving = false) => {
    const used = usage.models();
    if (used.size === 0 || (!leaving && written(used) === costWritten)) return;
    costWritten = written(used);
    transcript.costState(used, (spec, u) => costOf(spec, u, settings.models), totals.all());
  };
  // `/resume` and `/clear` point transcript, task list and ids at another session (a new one for `/clear`).
  const switchFiles = (id: string, restored?: RestoredConversation) => {
    promptSnapshot.reset(restored?.systemPrompt);
    // As it is left, its idle time counted: `-c` still takes the session begun, written after it
    // (listSessions breaks a tie of the coarse file times by the lines' own times).
    recordCost(true);
    usage.startOver(restored?.usage);
    totals.startOver(restored?.totals);
    costWritten = written(restored?.usage);
    files.switchTo(id, restored);
    allowEarlierOutputs();
    tasks.switchTo(files.tasksPath);
    validation.switchTo(files.markPath(id));
  };
  session = new Session({
    agent,
    runner,
    transcript,
    events,
    validation,
    stopHooks,
    meter,
    compaction,
    notify,
    skills,
    mcpPrompts: (text, signal) => expandPromptCommand(mcp?.servers, text, signal),
    sessionStartEffects,
    promptIds,
    steeredOrigins,
    backgroundContext: () => backgroundSaid.take(),
    planReminder,
    fileViews,
    ...(spendingLimit ? { spendingLimit } : {}),
    modelSpecOf: models.specOfStep,
    ...(structured ? { structured } : {}),
    stopFailure: (error, answer) => runner.fire("StopFailure", stopFailureInput(error, answer)),
    ...(checkpoints ? { checkpoints } : {}),
    ...(options.entrypoint !== undefined
      ? { promptSource: options.entrypoint === "cli" ? ("typed" as const) : ("sdk" as const) }
      : {}),
  });

  // A RuntimeProblem is the line only (the place is in its message).
  const problems = projectProblems(project).map((p) => ({ severity: p.severity, message: formatProblem(p) }));
  permissions.announceUntrusted(loadedHooks, settings.permissions);

  const cacheOf = (restored: RestoredConversation) =>
    resumedCache(restored.cache, restored.messages, { spec: models.spec, prices: settings.models });
  const { startup, initialUserMessage } = startSession(
    options,
    session,
    runner,
    instructions,
    instructionContext(),
    sessionStartEffects,
    () => (files.restored ? cacheOf(files.restored) : undefined),
  );
  const runtime = new Runtime({
    steeredOrigins,
    ...(options.closing ? { closing: options.closing } : {}),
    ...(background ? { background } : {}),
    startup,
    initialUserMessage,
    fileWatch,
    settingsWatch: settingsReload.watch,
    identity: () => files.identity(),
    ...(checkpoints ? { checkpoints } : {}),
    title: () => transcript.title,
    recordCommand: (command, output) => transcript.localCommandRun(command, output),
    recordCost,
    ...(files.restored ? { resumedShown: files.restored.shown } : {}),
    promptIds,
    cwd,
    codebotHome,
    project,
    problems,
    hooks: runner,
    paths,
    backgroundSaid,
    approval,
    tasks,
    // Live: MCP tools join and leave the list as servers connect and stop.
    // claude's init line names ToolSearch but not its placeholder (recorded).
    toolNames: () => mainTools().flatMap((t) => (t === deferredToolPlaceholder ? [] : [t.name])),
    agent,
    session,
    events,
    mcp,
    ...sessionSwitches(files, sessionLock, notify, switchFiles, cacheOf),
    sessionLock,
    instructions: instructions.loaded,
    skills,
    agents: { all: customAgents.agents.agents, main: mainAgent },
    getModel: () => models.model,
    modelSpec: () => models.spec,
    usage,
    durations: () => totals.durations(),
    codeChanges: () => totals.codeChanges(),
    context: () => ({
      tokens: meter.tokens(),
      window: contextWindowOf(models.spec, settings.models),
      lastStep: meter.lastStep(),
    }),
    setModel: async (next) => {
      agent.setModel(await models.switchTo(next));
      return models.model;
    },
    reloadSkills: () => sessionStartEffects.reloadSkills(),
    effort: () => models.effort(),
    thinking: () => models.thinking(),
    setEffort: async (level) => {
      if (await models.changeEffort(level)) agent.setModel(models.model);
    },
    userSettingsFile: path.join(claudeCompat ? claudeHome : codebotHome, "settings.json"),
    subagentId: (name) => subagentRuns.get(name)?.id,
    loadedPlugins: () => settingsReload.loadedPlugins,
    reloadPlugins: async (add) => {
      const reloaded = await settingsReload.reloadPlugins(add, reloadSkills);
      await customAgents.reloadPlugins(reloaded.plugins);
      await mcp?.syncPluginServers(reloaded.plugins);
      return reloaded;
    },
    setThinking: async (change) => {
      if (await models.changeThinking(change)) agent.setModel(models.model);
    },
    rulesEdited: (lifted) => {
      permissions.liftRules(lifted);
      settingsReload.reapply();
    },
    setFlagRules: (rules) => permissions.setProgramRules(rules),
    permissionRules: () => permissions.rulesState(),
  });
  return runtime;
}
