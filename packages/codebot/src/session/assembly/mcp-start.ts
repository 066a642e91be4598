import type { Tool } from "@codebot/agentcore";
import type { HookRunner } from "@codebot/hooks";
import { elicitationHooks } from "../../mcp/elicitation-hooks.js";
import { RESOURCE_TOOL_NAMES } from "../../mcp/resource-tool-names.js";
import { type SessionMcp, sessionMcp } from "../../mcp/session-mcp.js";
import type { RuntimeOptions } from "../runtime-options.js";
import type { Notify } from "./session-notices.js";
import type { SessionSettings } from "./session-settings.js";

/**
 * The MCP phase: the servers of the settings, plugins, `--mcp-config` and the Agent SDK program
 * start now, in parallel; their tools join `tools` as each server connects.
 */
export async function startMcpServers(
  options: RuntimeOptions,
  settings: Pick<SessionSettings, "env" | "cwd" | "project" | "customizations">,
  tools: Tool[],
  runner: HookRunner,
  notify: Notify,
  resultsDir: () => string,
  /** The session's folders (the project's, then those added to it): the servers' MCP roots. */
  folders: () => readonly string[],
): Promise<SessionMcp> {
  const mcp = await sessionMcp({
    cwd: settings.cwd,
    folders,
    project: settings.project,
    env: settings.env,
    tools,
    notify,
    resultsDir,
    // `--tools` chooses among them as among the built-in tools; `--bare` and `--restricted` keep them (claude 2.1.328's --bare offers them, recorded).
    ...(options.builtinTools
      ? { resourceTools: RESOURCE_TOOL_NAMES.filter((name) => options.builtinTools?.includes(name)) }
      : {}),
    elicitationHooks: elicitationHooks(runner, notify),
    ...(options.mcpConfigs ? { mcpConfigs: options.mcpConfigs } : {}),
    ...(options.strictMcpConfig ? { strictMcpConfig: true } : {}),
    ...(options.sdkMcpServers && options.sdkMcpTransport ? { sdkServers: options.sdkMcpServers } : {}),
    ...(options.sdkMcpTransport ? { sdkTransport: options.sdkMcpTransport } : {}),
    customizations: settings.customizations,
    ...(options.trustProjectHooks ? { trustProjectHooks: true } : {}),
  });
  mcp.servers?.start();
  return mcp;
}
