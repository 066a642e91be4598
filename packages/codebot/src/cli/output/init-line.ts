import { randomUUID } from "node:crypto";
import { claudeToolName } from "@codebot/hooks";
import { promptCommandName } from "../../mcp/prompt-command-name.js";
import type { Runtime } from "../../session/runtime.js";
import { claudePermissionMode } from "../../settings/permission-modes.js";
import { initServerLine } from "../control/sdk-mcp-status.js";
import { PRINT_COMMANDS } from "../print-commands.js";
import { codebotVersion } from "../version.js";
import { claudeInitFields } from "./init-fields.js";
import type { WireObject } from "./wire.js";

/**
 * `codebot -p`'s stream-json `system`/`init` line: the session, its tools, MCP servers, model and
 * commands as they are now. `ids` names the session and the model the lines give;
 * `slashCommands` false (`--disable-slash-commands`): no built-in command is listed.
 */
export function initLine(
  runtime: Runtime,
  ids: { sessionId: string; model: string },
  slashCommands: boolean,
): WireObject {
  return {
    type: "system",
    subtype: "init",
    cwd: runtime.cwd,
    session_id: ids.sessionId,
    tools: runtime.toolNames.map(claudeToolName),
    mcp_servers: runtime.mcpServers().map(initServerLine),
    model: ids.model,
    permissionMode: claudePermissionMode(runtime.permissionMode),
    // Claude 2.1.328 lists the servers' prompts after its own commands (recorded).
    ...claudeInitFields(runtime, [
      ...(slashCommands ? PRINT_COMMANDS : []),
      ...runtime.mcpServers().flatMap((s) => (s.prompts ?? []).map((p) => promptCommandName(s.name, p))),
    ]),
    codebot_version: codebotVersion(),
    transcript_path: runtime.transcriptPath,
    uuid: randomUUID(),
  };
}
