/**
 * One skill (`<dir>/SKILL.md`) or slash command (`<name>.md`), read from its file: Claude Code's
 * front-matter fields (`name`, `description`, `when_to_use`, `argument-hint`, `allowed-tools`,
 * `disable-model-invocation`, `user-invocable`, `hooks`) and the prompt text after it.
 */
import fs from "node:fs";
import path from "node:path";
import { splitRuleList } from "../approval/rule-list.js";
import { parseFrontMatter } from "./front-matter.js";

/**
 * Who wrote it, for trust: `project` = it came with the repository (its folders, or a plugin only
 * the project's settings switched on); `user` and `plugin` are the user's own.
 */
export type SkillSource = "user" | "project" | "plugin";

export interface Skill {
  /** What `/name` and the `skill` tool call it; a plugin's are `plugin:name`. */
  name: string;
  kind: "skill" | "command";
  /** Front-matter `description` (and `when_to_use`), else the first line of the text. */
  description: string;
  argumentHint?: string;
  /** `allowed-tools`: permission rules (`Read`, `Bash(git status:*)`) pre-approved while it is active. */
  allowedTools: string[];
  /** False with `disable-model-invocation: true`: the model is not told about it and cannot load it. */
  modelInvocable: boolean;
  /** False with `user-invocable: false`: no `/name`. */
  userInvocable: boolean;
  /** Front-matter `hooks` (Claude Code's shape), in force from when it is loaded. */
  hooks?: Record<string, unknown>;
  /** The prompt text after the front-matter. */
  body: string;
  file: string;
  /** The skill's folder (a command's: the folder of its file): its supporting files are there. */
  dir: string;
  source: SkillSource;
  plugin?: { name: string; root: string; dataDir: string };
}

/** Where a file was found: what its name and trust come from. */
export interface SkillOrigin {
  kind: "skill" | "command";
  /** The name from where it lies (skill folder, command file path with `:` for subfolders). */
  defaultName: string;
  source: SkillSource;
  plugin?: { name: string; root: string; dataDir: string };
}

/** The largest skill or command file read (a hostile repository could ship a huge one). */
const MAX_FILE_BYTES = 512 * 1024;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export async function readSkill(
  file: string,
  origin: SkillOrigin,
): Promise<{ skill?: Skill; problems: string[] }> {
  const problems: string[] = [];
  let text: string;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return { problems: [`${file}: not a file; not loaded`] };
    const size = stat.size;
    if (size > MAX_FILE_BYTES)
      return { problems: [`${file}: larger than ${MAX_FILE_BYTES / 1024} KB; not loaded`] };
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    return { problems: [`${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? error})`] };
  }
  const front = await parseFrontMatter(text);
  if (front.kind === "error") return { problems: [`${file}: ${front.message}; not loaded`] };
  // As claude 2.1.328 does: the front-matter is dropped and the file still loads, under the name
  // its place gives it and described by its first line (with no allowed-tools and no hooks).
  if (front.kind === "invalid")
    problems.push(
      `${file}: ${front.message}; its front-matter is ignored (loaded under its file's name, described by its first line, as Claude Code does)`,
    );
  const data = front.kind === "ok" ? front.data : {};
  const field = (key: string): string | undefined => {
    const value = data[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string" || typeof value === "number") return String(value);
    problems.push(`${file}: "${key}" must be a string; ignored`);
    return undefined;
  };
  const flag = (key: string, fallback: boolean): boolean => {
    const value = data[key];
    if (value === undefined || value === null) return fallback;
    if (typeof value === "boolean") return value;
    if (value === "true" || value === "false") return value === "true";
    problems.push(`${file}: "${key}" must be true or false; ignored`);
    return fallback;
  };
  let own = origin.defaultName;
  const named = field("name");
  if (named !== undefined && origin.kind === "skill") {
    if (NAME.test(named)) own = named;
    else problems.push(`${file}: name "${named}" is not usable as a command name; "${own}" is used`);
  }
  const name = origin.plugin ? `${origin.plugin.name}:${own}` : own;
  const description = [field("description") ?? firstLine(front.body), field("when_to_use")]
    .filter((part): part is string => part !== undefined && part !== "")
    .join(" ");
  const hooks = data.hooks;
  if (hooks !== undefined && (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)))
    problems.push(`${file}: "hooks" must be a mapping of event name to hook groups; ignored`);
  const argumentHint = bracketedHint(data["argument-hint"]) ?? field("argument-hint");
  const skill: Skill = {
    name,
    kind: origin.kind,
    description,
    ...(argumentHint !== undefined ? { argumentHint } : {}),
    allowedTools: toolRules(data["allowed-tools"], file, problems),
    modelInvocable: !flag("disable-model-invocation", false),
    userInvocable: flag("user-invocable", true),
    ...(typeof hooks === "object" && hooks !== null && !Array.isArray(hooks)
      ? { hooks: hooks as Record<string, unknown> }
      : {}),
    body: front.body,
    file,
    dir: path.dirname(file),
    source: origin.source,
    ...(origin.plugin ? { plugin: origin.plugin } : {}),
  };
  return { skill, problems };
}

/** The first non-empty line of the text, without a leading `#`, at most 200 characters. */
function firstLine(body: string): string {
  const line = body.split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
  return line
    .replace(/^#+\s*/, "")
    .trim()
    .slice(0, 200);
}

/**
 * `allowed-tools` as a YAML list, or a string of rules separated by spaces or commas outside
 * parentheses (`Read, Bash(git diff *)`).
 */
export function toolRules(value: unknown, file: string, problems: string[]): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) {
    const rules = value.filter((v): v is string => typeof v === "string" && v.trim() !== "");
    if (rules.length !== value.length) problems.push(`${file}: "allowed-tools" entries must be strings`);
    return rules.map((r) => r.trim());
  }
  if (typeof value !== "string") {
    problems.push(`${file}: "allowed-tools" must be a string or a list; ignored`);
    return [];
  }
  return splitRuleList(value);
}

/**
 * `argument-hint: [path-to-plan]` is a YAML list of one item, though its author wrote the brackets
 * as text (a common way to write a hint): a list of words is read back as written.
 */
function bracketedHint(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === "string"))
    return undefined;
  return value.map((item) => `[${item}]`).join(" ");
}
