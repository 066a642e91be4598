/**
 * One custom sub-agent, read from its Markdown file (Claude Code's `.claude/agents/<name>.md`):
 * front-matter `name`, `description`, `tools`, `disallowedTools`, `model`, `effort`, `maxTurns`, `hooks`;
 * the body is its instructions. A file that cannot be used is a problem naming the file and why.
 */
import { EFFORT_LEVELS, type EffortLevel, effortLevelOf } from "@codebot/agentcore";
import type { Problem, SettingsSource } from "@codebot/hooks";
import { parseFrontMatter } from "../skills/front-matter.js";
import { unknownToolNames } from "./agent-tools.js";

/** Where an agent file was found: it decides trust (project agents' hooks need consent) and precedence. */
export type AgentOrigin = "project" | "user" | "plugin" | "cli";

export interface AgentDefinition {
  /** What `subagent_type` names it by; a plugin's agents are `<plugin>:<name>`, as in Claude Code. */
  name: string;
  /** When to use it: shown to the model in the `agent` tool's description. */
  description: string;
  /** Its instructions (the file's body). */
  prompt: string;
  /** Tool names as written (Claude Code's or codebot's); absent = every tool the session has. */
  tools?: string[];
  disallowedTools?: string[];
  /** `provider/id`, an alias (`sonnet`), or a bare id; absent (or `inherit`) = the session's model. */
  model?: string;
  /**
   * Claude Code's `effort`: the sub-agent's requests are asked for it in place of the session's
   * (subagent-model.ts); a project agent's above theirs needs the `effortLevel:<level>` grant.
   */
  effort?: EffortLevel;
  maxTurns?: number;
  /** The front-matter `hooks` object as written (Stop already renamed SubagentStop), or absent. */
  hooks?: Record<string, unknown>;
  file: string;
  origin: AgentOrigin;
  /**
   * The settings source its hooks count as: a project agent's, or those of a plugin only the
   * project switched on, are the project's (they need consent, §8).
   */
  hookSource: SettingsSource;
  /** A plugin's agent: its hooks get `CLAUDE_PLUGIN_ROOT` and `CLAUDE_PLUGIN_DATA`. */
  plugin?: { name: string; root: string; dataDir: string };
}

/** The plugin an agent file came from, as the settings loaded it. */
export interface PluginOf {
  name: string;
  root: string;
  dataDir: string;
  /** `project`/`local`: only a project or local file switched the plugin on. */
  source: SettingsSource;
}

/** The settings source an agent's hooks count as, by where it was found (a plugin's: see AgentDefinition). */
const HOOK_SOURCE_OF: Partial<Record<AgentOrigin, SettingsSource>> = {
  project: "project",
  user: "user",
  cli: "cli",
};

/** Claude Code's names: lower-case letters, digits and hyphens; a little looser here, never a path or a space. */
export const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Claude Code front-matter keys codebot does not act on (each is said once, so nobody relies on it silently). */
const UNSUPPORTED_KEYS = ["permissionMode", "skills", "mcpServers", "memory", "background", "isolation"];
/** Keys that change nothing codebot does (display only). */
const COSMETIC_KEYS = new Set(["color", "disabled"]);
const KNOWN_KEYS = new Set([
  "name",
  "description",
  "tools",
  "disallowedTools",
  "model",
  "effort",
  "maxTurns",
  "hooks",
  ...UNSUPPORTED_KEYS,
  ...COSMETIC_KEYS,
]);

export async function parseAgentFile(
  file: string,
  text: string,
  origin: AgentOrigin,
  problems: Problem[],
  plugin?: PluginOf,
): Promise<AgentDefinition | undefined> {
  const report = (severity: Problem["severity"], message: string) =>
    problems.push({ severity, scope: "settings", file, message: `agent: ${message}` });
  const parsed = await parseFrontMatter(text);
  // An agent has no name or description without its front-matter: claude 2.1.328 skips it too.
  if (parsed.kind !== "ok") {
    report("error", `${parsed.message}; agent not loaded`);
    return undefined;
  }
  return agentFromFields(
    parsed.data,
    parsed.body,
    { file, origin, fieldsAre: "front-matter" },
    problems,
    plugin,
  );
}

/**
 * `--agents` (Claude Code's): `{"<name>": {"description": …, "prompt": …, "tools": […], …}}`, each
 * read with the front-matter's keys (`prompt` is the body). They are the user's own, as a
 * `--settings` file is.
 */
export function parseAgentsFlag(agents: Record<string, unknown>, problems: Problem[]): AgentDefinition[] {
  const definitions: AgentDefinition[] = [];
  const refuse = (message: string) =>
    problems.push({ severity: "error", scope: "settings", file: "--agents", message: `agent: ${message}` });
  for (const [name, value] of Object.entries(agents)) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      refuse(`${name}: must be an object ({"description": …, "prompt": …}); agent not loaded`);
      continue;
    }
    const { prompt, ...fields } = value as Record<string, unknown>;
    if (typeof prompt !== "string" || prompt.trim() === "") {
      refuse(`${name}: has no "prompt" (its instructions); agent not loaded`);
      continue;
    }
    const definition = agentFromFields(
      { ...fields, name },
      prompt,
      { file: "--agents", origin: "cli", fieldsAre: "JSON" },
      problems,
    );
    if (definition !== undefined) definitions.push(definition);
  }
  return definitions;
}

/** An agent from its fields (front-matter or `--agents` JSON) and instructions; undefined when unusable (reported). */
function agentFromFields(
  fm: Record<string, unknown>,
  body: string,
  from: { file: string; origin: AgentOrigin; fieldsAre: "front-matter" | "JSON" },
  problems: Problem[],
  plugin?: PluginOf,
): AgentDefinition | undefined {
  const { file, origin, fieldsAre } = from;
  const report = (severity: Problem["severity"], message: string) =>
    problems.push({ severity, scope: "settings", file, message: `agent: ${message}` });
  if (fm.disabled === true) return undefined;
  const name = typeof fm.name === "string" ? fm.name.trim() : "";
  if (!AGENT_NAME.test(name)) {
    report(
      "error",
      name === ""
        ? `${fieldsAre} has no name (--- name: … description: … ---); agent not loaded`
        : `name ${JSON.stringify(name)} must be letters, digits, -, _ or . (at most 64); agent not loaded`,
    );
    return undefined;
  }
  // Its runs would be named main: the main agent's firings would fire its hooks, and its calls read as the main agent's.
  if (name === "main") {
    report("error", `name "main" is the top-level agent's; agent not loaded`);
    return undefined;
  }
  const description = typeof fm.description === "string" ? fm.description.trim() : "";
  if (description === "") {
    report(
      "error",
      `${name}: ${fieldsAre} has no description (the model chooses agents by it); agent not loaded`,
    );
    return undefined;
  }
  for (const key of Object.keys(fm)) {
    if (!KNOWN_KEYS.has(key)) report("warning", `${name}: unknown ${fieldsAre} key "${key}"; ignored`);
    else if (UNSUPPORTED_KEYS.includes(key))
      report("warning", `${name}: "${key}" is not supported by codebot; ignored`);
  }
  const definition: AgentDefinition = {
    name: plugin === undefined ? name : `${plugin.name}:${name}`,
    description,
    prompt: body.trim(),
    file,
    origin,
    hookSource: HOOK_SOURCE_OF[origin] ?? plugin?.source ?? "plugin",
    ...(plugin ? { plugin: { name: plugin.name, root: plugin.root, dataDir: plugin.dataDir } } : {}),
  };
  const tools = toolList(fm.tools, "tools", name, report);
  if (tools !== undefined) definition.tools = tools;
  const disallowed = toolList(fm.disallowedTools, "disallowedTools", name, report);
  if (disallowed !== undefined) definition.disallowedTools = disallowed;
  const unknown = unknownToolNames([...(tools ?? []), ...(disallowed ?? [])]);
  if (unknown.length > 0) {
    const list = unknown.map((t) => JSON.stringify(t)).join(", ");
    report("warning", `${name}: ${list}: no such tool in codebot; ignored`);
  }
  if (fm.model !== undefined) {
    if (typeof fm.model !== "string" || fm.model.trim() === "")
      report("warning", `${name}: model must be a model name; the session's model is used`);
    else if (fm.model.trim().toLowerCase() !== "inherit") definition.model = fm.model.trim();
  }
  if (fm.effort !== undefined) {
    const effort = typeof fm.effort === "string" ? effortLevelOf(fm.effort) : undefined;
    if (effort !== undefined) definition.effort = effort;
    else
      report("warning", `${name}: effort must be one of ${EFFORT_LEVELS.join(", ")}; the session's is used`);
  }
  if (fm.maxTurns !== undefined) {
    if (typeof fm.maxTurns === "number" && Number.isInteger(fm.maxTurns) && fm.maxTurns > 0)
      definition.maxTurns = fm.maxTurns;
    else report("warning", `${name}: maxTurns must be a positive whole number; ignored`);
  }
  if (fm.hooks !== undefined && fm.hooks !== null) {
    if (typeof fm.hooks !== "object" || Array.isArray(fm.hooks))
      report("error", `${name}: hooks must be a mapping of event → hook groups; its hooks are not loaded`);
    else definition.hooks = asSubagentHooks(fm.hooks as Record<string, unknown>);
  }
  return definition;
}

/**
 * A sub-agent's `Stop` is its own stop, which the session fires as SubagentStop (Claude Code
 * converts the key the same way); both keys together keep both lists, Stop's first.
 */
function asSubagentHooks(hooks: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(hooks, "Stop")) return hooks;
  const { Stop: stop, ...rest } = hooks;
  const existing = rest.SubagentStop;
  const merged = Array.isArray(stop) && Array.isArray(existing) ? [...stop, ...existing] : (existing ?? stop);
  return { ...rest, SubagentStop: existing === undefined ? stop : merged };
}

/** `Read, Grep` or a YAML list; undefined when absent or unusable (reported). */
function toolList(
  value: unknown,
  key: string,
  name: string,
  report: (severity: Problem["severity"], message: string) => void,
): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const items =
    typeof value === "string"
      ? value.split(",")
      : Array.isArray(value) && value.every((v) => typeof v === "string")
        ? (value as string[])
        : undefined;
  if (items === undefined) {
    report("warning", `${name}: ${key} must be a list of tool names (or "Read, Grep"); ignored`);
    return undefined;
  }
  return items.map((item) => item.trim()).filter((item) => item !== "");
}
