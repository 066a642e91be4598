import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { codebotToolName } from "@codebot/hooks";
import { RE2JS } from "re2js";
import { RESOURCE_TOOL_NAMES } from "../mcp/resource-tool-names.js";
import { compileGlob, type GlobPattern } from "../paths/glob-pattern.js";
import { BUILTIN_TOOL_NAMES } from "../tools/builtin-tool-names.js";
import type { RuleOrigin } from "./rule-origin.js";

/**
 * A permission rule in Claude Code's grammar: `Tool` (every call of the tool) or
 * `Tool(specifier)`. Tool names are case-insensitive and Claude Code's names work (`Bash`,
 * `Edit`, …). For `bash` the specifier is `prefix:*` (the command is `prefix` or starts with
 * `prefix `), a pattern where `*` matches anything (`git diff *` also matches `git diff`), or an
 * exact command. For `read`, `write` and `edit` it is a gitignore-style path: `//abs`, `~/home`,
 * `/from-project-root`, `./relative` or `relative` (a name without `/` matches at any depth); a
 * rule on a folder covers what is inside. `Edit(path)` rules apply to `write` too (a bare `Edit`
 * allow rule does not). Rules on tools
 * codebot does not have (`WebFetch(domain:x)`) are accepted and match nothing here; `mcp__server`
 * and `mcp__server__tool` cover MCP tools (ruleCoversTool).
 */
export interface PermissionRule {
  /** The rule as written. */
  text: string;
  /** The canonical tool name the rule is about. */
  tool: string;
  /** Absent: the whole tool. */
  bash?: BashPattern;
  path?: PathPattern;
  /** A specifier codebot cannot evaluate (a tool it does not have): the rule matches no call. */
  opaque?: string;
  /** Written `mcp__<server>__*`: every tool of that server, even one whose name holds `__`. */
  mcpServer?: true;
  /** Another `mcp__` name with `*` in it (`mcp__*`, `mcp__fs__read*`): a glob over MCP tool names. */
  mcpGlob?: McpGlob;
  /**
   * A project's allow rule approved with the files its command runs, or your own whose command
   * runs git (settings/allow-grant.ts): false once one of them changed since, or when `command`,
   * the call it would allow, reaches a repository's git folder file it was not approved with
   * (`git -C sub status` in a nested repository), or runs it from a folder (`cwd`, the shell's,
   * or a `cd` of the call) where it runs files not approved, and the rule then allows nothing for it.
   */
  stillApproved?: (command: string, cwd?: string) => boolean;
  /** Where the rule came from (the Agent SDK's `list_permission_rules`); absent: added by the session. */
  origin?: RuleOrigin;
}

export interface McpGlob {
  matches(tool: string): boolean;
  /**
   * The glob starts with a whole server (`mcp__fs__…*`), so an allow rule may use it; Claude Code
   * refuses an allow rule whose `*` could reach other servers (`mcp__*`, `mcp__f*`), and such a
   * rule allows nothing here. Deny and ask rules take `*` anywhere.
   */
  allowable: boolean;
  /**
   * Whether an allow rule of the glob reaches `tool`: it must be allowable, and the name after the
   * rule's server hold no `__` (`mcp__fs__read*` does not allow `mcp__fs__read__x__y`, a tool of a
   * server `fs__read` another configuration could name).
   */
  allows(tool: string): boolean;
}

export type BashPattern =
  | { kind: "prefix"; prefix: string }
  | { kind: "exact"; command: string }
  | { kind: "wildcard"; matches(command: string): boolean; source: string };

export interface PathPattern {
  /** What the glob is relative to. */
  anchor: "absolute" | "home" | "project" | "anywhere";
  glob: GlobPattern;
  /** The glob's leading parts with no wildcard (`.ssh` of `.ssh/**`): a folder that may be a symlink. */
  literal: string[];
  /** The glob past `literal` (`**`); absent when the glob is all literal. */
  rest?: GlobPattern;
}

/** Tools whose rules can carry a pattern, and what the pattern is matched against. */
export type SubjectKind = "command" | "path";

const SUBJECT_OF: Readonly<Record<string, SubjectKind>> = {
  bash: "command",
  read: "path",
  write: "path",
  edit: "path",
};

/**
 * codebot's own tools that take no specifier: the built-in ones without a subject, and the MCP
 * resource tools — claude 2.1.328 reads `ReadMcpResourceTool(server)` as no rule at all (recorded:
 * the read of that server runs, under deny and ask), so a rule naming a server is refused with the
 * reason, never taken as one.
 */
const WHOLE_TOOLS = new Set([
  ...BUILTIN_TOOL_NAMES.filter((tool) => !Object.hasOwn(SUBJECT_OF, tool)),
  ...RESOURCE_TOOL_NAMES,
]);

export function subjectKind(tool: string): SubjectKind | undefined {
  return SUBJECT_OF[tool];
}

const RULE_SYNTAX = /^\s*([A-Za-z_][\w-]*)\s*(?:\((.*)\))?\s*$/s;
/** `mcp__server__*`: Claude Code's other spelling of `mcp__server` (every tool of the server). */
const MCP_SERVER_WILDCARD = /^\s*(mcp__[\w-]+?)__\*\s*$/;
/** Any other MCP tool name with `*`: Claude Code's glob (`*` matches anything, case as written is ignored here). */
const MCP_GLOB = /^\s*(mcp__[\w*-]*\*[\w*-]*)\s*$/i;

export function parsePermissionRule(
  text: string,
): { ok: true; rule: PermissionRule } | { ok: false; error: string } {
  const wildcard = MCP_SERVER_WILDCARD.exec(text);
  if (wildcard)
    return { ok: true, rule: { text, tool: codebotToolName(wildcard[1] as string), mcpServer: true } };
  const glob = MCP_GLOB.exec(text);
  if (glob)
    return {
      ok: true,
      rule: { text, tool: codebotToolName(glob[1] as string), mcpGlob: mcpGlob(glob[1] as string) },
    };
  const m = RULE_SYNTAX.exec(text);
  if (m === null)
    return { ok: false, error: `permission rule "${text}": expected "Tool" or "Tool(specifier)"` };
  const tool = codebotToolName(m[1] as string);
  const body = m[2]?.trim();
  if (body === undefined || body === "" || body === "*") return { ok: true, rule: { text, tool } };
  const kind = subjectKind(tool);
  if (kind === "command") return { ok: true, rule: { text, tool, bash: bashPattern(body) } };
  if (kind === "path") {
    try {
      return { ok: true, rule: { text, tool, path: pathPattern(body) } };
    } catch (error) {
      return { ok: false, error: `permission rule "${text}": invalid pattern: ${(error as Error).message}` };
    }
  }
  if (WHOLE_TOOLS.has(tool) || tool.startsWith("mcp__")) {
    return {
      ok: false,
      error: `permission rule "${text}": ${tool} takes no specifier; write "${m[1]}" for the whole tool`,
    };
  }
  return { ok: true, rule: { text, tool, opaque: body } };
}

function mcpGlob(text: string): McpGlob {
  const lower = text.toLowerCase();
  // Only word characters, `-` and `*` (MCP_GLOB): nothing to escape.
  const pattern = new RegExp(`^${lower.split("*").join(".*")}$`);
  const beforeStar = lower.slice(0, lower.indexOf("*"));
  const server = /^mcp__[\w-]+__/.exec(beforeStar)?.[0];
  return {
    matches: (tool) => pattern.test(tool),
    allowable: server !== undefined,
    allows: (tool) => server !== undefined && !tool.slice(server.length).includes("__"),
  };
}

/** The tools an `Edit` rule covers besides edit itself (Claude Code: every tool that edits files). */
const EDITS = new Set(["write"]);

/**
 * Whether `rule` is about calls of `tool` (`Edit(path)` rules cover every tool that edits files;
 * `mcp__github` covers every tool of that MCP server). `tightening`: for a deny or ask rule, or a
 * hook's `if`, where covering more is the safe side (see mcpRuleCovers). A bare `Edit` allow rule
 * allows the edit tool alone: claude 2.1.328 asked before every Write under it (recorded), and
 * allowed a Write under `Edit(*.go)`.
 */
export function ruleCoversTool(rule: PermissionRule, tool: string, tightening = false): boolean {
  return (
    (rule.tool === tool && (tightening || !writePathRuleAllowsNothing(rule))) ||
    (rule.tool === "edit" && EDITS.has(tool) && (tightening || rule.path !== undefined)) ||
    mcpRuleCovers(rule, tool, tightening)
  );
}

/**
 * A `Write(path)` allow rule from settings, flags or a skill allows nothing: claude 2.1.328 matches
 * none (recorded: `Write(src/**)`, `Write(./src/*.ts)`, `Write(/src/**)`, `Write(~/x/**)`,
 * `Write(//tmp/**)` each asked, where the same `Edit(…)` rule allowed the Write), so allowing by it
 * would be looser than the setup it came from. `Edit(path)` says it; a deny or ask rule still counts
 * (the safe side), and so does the session's own "always" answer (`write(//abs)`).
 */
function writePathRuleAllowsNothing(rule: PermissionRule): boolean {
  return (
    rule.tool === "write" && rule.path !== undefined && rule.origin !== undefined && rule.origin !== "session"
  );
}

/** What a settings file's `Write(path)` allow rule is told at load: it allows nothing, and what to write instead. */
export function writeAllowRuleWarning(text: string): string {
  const specifier = text.slice(text.indexOf("("));
  return `allow rule "${text}" allows no write, as in Claude Code; write "Edit${specifier}" (Edit rules cover writes)`;
}

/**
 * `mcp__github__create_issue` covers that MCP tool, `mcp__github` and `mcp__github__*` every tool
 * of the server. Rules are lower-cased when parsed, so the comparison ignores case. A server
 * name may hold `__` (`my__fs`: tools `mcp__my__fs__<tool>`), so `mcp__my__fs` reads as both the
 * tool `fs` of a server `my` and the server `my__fs`: a tightening rule covers both (a deny of it
 * must not protect nothing), an allow rule only the tool (`mcp__my__fs__*` allows the server).
 * For the same reason an allow rule for a server covers only names with no further `__`:
 * `mcp__github` does not allow `mcp__github__x__push`, which a project's `.mcp.json` server
 * named `github__x` would have (claude 2.1.328 did not allow it either: it knows the server).
 */
function mcpRuleCovers(rule: PermissionRule, tool: string, tightening: boolean): boolean {
  const name = tool.toLowerCase();
  if (!name.startsWith("mcp__")) return false;
  if (rule.mcpGlob) return rule.mcpGlob.matches(name) && (tightening || rule.mcpGlob.allows(name));
  if (name === rule.tool) return true;
  if (!name.startsWith(`${rule.tool}__`)) return false;
  if (tightening) return true;
  const wholeServer = rule.mcpServer === true || !rule.tool.slice(5).includes("__");
  return wholeServer && !name.slice(rule.tool.length + 2).includes("__");
}

/** Whether a bash rule's pattern matches one simple command (or `rule` has no pattern). */
export function matchesCommand(rule: PermissionRule, command: string): boolean {
  if (rule.opaque !== undefined || rule.path !== undefined) return false;
  const pattern = rule.bash;
  if (pattern === undefined) return true;
  const text = normalizeSpaces(command);
  switch (pattern.kind) {
    case "prefix":
      return text === pattern.prefix || text.startsWith(`${pattern.prefix} `);
    case "exact":
      return text === pattern.command;
    case "wildcard":
      return pattern.matches(text);
  }
}

export interface PathContext {
  /** The project directory (real path). */
  root: string;
  /** The user's home (for `~/` rules); default os.homedir(). */
  home?: string;
}

/**
 * Whether a path rule matches the absolute path `file` (or a folder above it). `tightening`: for a
 * deny or ask rule, which also covers what a folder it names leads to when that is a symlink; an
 * allow rule is not widened by a link (a repository's `docs -> ~` under your `Edit(./docs/**)`).
 */
export function matchesPath(
  rule: PermissionRule,
  file: string,
  ctx: PathContext,
  tightening = false,
): boolean {
  if (rule.opaque !== undefined || rule.bash !== undefined) return false;
  const pattern = rule.path;
  if (pattern === undefined) return true;
  const bases =
    pattern.anchor === "home"
      ? homeSpellings(ctx.home ?? os.homedir())
      : [pattern.anchor === "project" ? ctx.root : "/"];
  if (pattern.anchor === "anywhere") return globCovers(pattern.glob, path.relative("/", file));
  return bases.some((base) => {
    const rel = path.relative(base, file);
    if (!rel.startsWith("..") && !path.isAbsolute(rel) && globCovers(pattern.glob, rel)) return true;
    // The folder the rule names may be a symlink (`~/.ssh -> dotfiles/ssh`): what it leads to is covered too.
    if (!tightening || pattern.literal.length === 0) return false;
    const named = path.join(base, ...pattern.literal);
    const linked = realPathOr(named);
    if (linked === named) return false;
    const inside = path.relative(linked, file);
    if (inside.startsWith("..") || path.isAbsolute(inside)) return false;
    return inside === "" || pattern.rest === undefined || globCovers(pattern.rest, inside);
  });
}

/** Whether `glob` matches the relative path `rel` or a folder above it (a rule on a folder covers what is inside). */
function globCovers(glob: GlobPattern, rel: string): boolean {
  const segments = rel.split(path.sep);
  for (let end = segments.length; end >= 1; end--) {
    if (glob.matches(segments.slice(0, end).join("/"))) return true;
  }
  return false;
}

function realPathOr(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

/** Home as set and as the system finds it: a home under a symlink (`/home -> /data/home`) holds real paths below the latter. */
function homeSpellings(home: string): string[] {
  try {
    const real = fs.realpathSync(home);
    return real === home ? [home] : [home, real];
  } catch {
    return [home];
  }
}

/** An exact bash rule for one command, or a path rule for one absolute path (an "always" answer). */
export function literalRule(tool: string, subject: string, kind: SubjectKind): string {
  if (kind === "command") return `${tool}(${literalText(subject, "command")})`;
  return `${tool}(/${literalText(subject, "path")})`;
}

/** `text` escaped to stand for itself in a bash rule (`*`) or a path rule (glob characters too). */
export function literalText(text: string, kind: "command" | "path"): string {
  return text.replace(kind === "command" ? /[\\*]/g : /[\\*?[\]{},]/g, "\\$&");
}

function bashPattern(body: string): BashPattern {
  const prefix = /^(.+):\*$/s.exec(body)?.[1];
  if (prefix !== undefined) return { kind: "prefix", prefix: normalizeSpaces(prefix) };
  if (!hasUnescapedStar(body)) return { kind: "exact", command: normalizeSpaces(unescapeStars(body)) };
  const source = normalizeSpaces(body);
  return { kind: "wildcard", matches: compileWildcard(source), source };
}

function hasUnescapedStar(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "*") return true;
  }
  return false;
}

function unescapeStars(text: string): string {
  return text.replace(/\\([*\\])/g, "$1");
}

/** Claude Code's wildcard: `*` is anything; a single trailing ` *` also matches nothing at all. */
function compileWildcard(pattern: string): (command: string) => boolean {
  const optionalTail = pattern.endsWith(" *") && [...pattern.matchAll(/(?<!\\)\*/g)].length === 1;
  const body = optionalTail ? pattern.slice(0, -2) : pattern;
  let regex = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === "\\" && (body[i + 1] === "*" || body[i + 1] === "\\"))
      regex += RE2JS.quote(body[++i] as string);
    else if (c === "*") regex += ".*";
    else regex += RE2JS.quote(c);
  }
  if (optionalTail) regex += "(?: .*)?";
  const compiled = RE2JS.compile(regex, RE2JS.DOTALL);
  return (command) => compiled.matches(command);
}

function pathPattern(body: string): PathPattern {
  let anchor: PathPattern["anchor"];
  let rest: string;
  if (body.startsWith("//")) [anchor, rest] = ["absolute", body.slice(2)];
  else if (body === "~" || body.startsWith("~/")) [anchor, rest] = ["home", body.slice(2)];
  else if (body.startsWith("/")) [anchor, rest] = ["project", body.slice(1)];
  else if (body.startsWith("./")) [anchor, rest] = ["project", body.slice(2)];
  else if (body.replace(/\/+$/, "").includes("/")) [anchor, rest] = ["project", body];
  else [anchor, rest] = ["anywhere", `**/${body}`];
  rest = rest.replace(/\/+$/, "");
  if (rest === "") rest = "**";
  const parts = rest.split("/");
  const wild = parts.findIndex(
    (part) => /[*?[{\\]/.test(part) || part === "" || part === "." || part === "..",
  );
  const literal = anchor === "anywhere" ? [] : wild === -1 ? parts : parts.slice(0, wild);
  const after = parts.slice(literal.length).join("/");
  return { anchor, glob: compileGlob(rest), literal, rest: after === "" ? undefined : compileGlob(after) };
}

function normalizeSpaces(text: string): string {
  return text.trim().replace(/[ \t]+/g, " ");
}
