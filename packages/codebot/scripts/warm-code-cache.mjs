/**
 * Makes the bundle's first code cache (see bin/codebot.js) with one representative run: a `-p`
 * session in a scratch project, against the loopback model server (Anthropic wire format), where
 * the model calls `bash` once under a PreToolUse command hook and then answers. The cache then
 * holds the code of the paths most commands take (settings, hooks, the runtime, a provider, the
 * tools); anything else is compiled when first used, as without a cache.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { reply, startLoopbackModelServer, toolCall } from "@codebot/agentcore/testing";

export async function warmCodeCache(packageDir) {
  const cacheFile = path.join(packageDir, "dist/bundle/cli.cjs.cache");
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "codebot-warm-"));
  const server = await startLoopbackModelServer([
    reply.toolCalls(toolCall("bash", { command: "true" }, "warm-1")),
    reply.text("warm"),
  ]);
  try {
    const home = path.join(root, "home");
    fs.mkdirSync(home);
    const hooks = path.join(root, "hooks.json");
    fs.writeFileSync(
      hooks,
      JSON.stringify({ hooks: { PreToolUse: [{ type: "command", command: "exit 0" }] } }),
    );
    const args = ["-p", "warm", "--permission-mode", "bypassPermissions", "--settings", hooks];
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      CODEBOT_HOME: home,
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      ANTHROPIC_API_KEY: "warm-up",
    };
    const { code, stderr } = await run(path.join(packageDir, "bin/codebot.js"), args, env, root);
    if (code !== 0) throw new Error(`the warm-up run exited ${code}: ${stderr.trim()}`);
    if (!fs.existsSync(cacheFile)) console.warn(`warm-code-cache: ${cacheFile} was not written`);
  } finally {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function run(bin, args, env, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env, cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}
