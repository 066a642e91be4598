/**
 * `/status`: what this session is, in the fields of claude 2.1.328's Status tab (recorded in tmux:
 * Version, Session name, Session ID, cwd, Model, Setting sources), with codebot's permission mode.
 */
import type { Runtime } from "../../session/runtime.js";
import { shownTitle } from "../output/session-title.js";
import { shownFile } from "../output/shown-file.js";
import { terminalSafe } from "../output/terminal-safe.js";
import { codebotVersion } from "../version.js";

export function statusLines(runtime: Runtime): string[] {
  const files = runtime.project.layers
    .filter((layer) => layer.source !== "plugin")
    .map((layer) => `${layer.source} ${shownFile(layer.path, runtime.cwd)}`);
  const plugins = runtime.project.plugins.length;
  const fields: [string, string][] = [
    ["Version", codebotVersion()],
    // One line, bidi and zero-width characters written out, as /resume's list shows it: a name from
    // a hook or a cloned repository's transcript could forge a row under it.
    ["Session name", runtime.title === undefined ? "none (-n names a session)" : shownTitle(runtime.title)],
    ["Session ID", runtime.sessionId],
    ["cwd", runtime.cwd],
    ["Model", runtime.modelSpec],
    ["Permission mode", runtime.permissionMode],
    ["Setting sources", files.length === 0 ? "none" : files.join(", ")],
    ...(plugins > 0 ? [["Plugins", String(plugins)] as [string, string]] : []),
  ];
  const width = Math.max(...fields.map(([name]) => name.length)) + 2;
  return fields.map(([name, value]) => `${`${name}:`.padEnd(width)}${terminalSafe(value)}`);
}
