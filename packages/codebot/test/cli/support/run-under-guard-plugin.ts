import { reply } from "@codebot/agentcore/testing";
import { modelEnv, modelServer, type Sandbox } from "./cli-fixtures.js";
import { expectNoStackTrace, runCli } from "./cli-process.js";

/**
 * `-p` with one Bash call (`echo ran`) under the guard plugin installed in the sandbox
 * (installPluginAsClaudeCodeDid): the run's result, how many model requests it made, and the
 * tool result the model read (the JSON of the second request's last message).
 */
export async function runUnderGuardPlugin(box: Sandbox) {
  const server = await modelServer([
    reply.toolCall("bash", { command: "echo ran" }, "b-1"),
    reply.text("done"),
  ]);
  const r = await runCli(["-p", "go", "--dangerously-skip-permissions", "--cwd", box.project], {
    env: modelEnv(server, box.home),
  });
  expectNoStackTrace(r.stderr);
  const toolResult = JSON.stringify(server.requests[1]?.body?.messages?.at(-1)?.content ?? "");
  return { ...r, requests: server.requests.length, toolResult };
}
