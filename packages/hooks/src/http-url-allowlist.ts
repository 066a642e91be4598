/**
 * `allowedHttpHookUrls` (Claude Code 2.1.328): the URLs http hooks may be sent to, `*` matching
 * any run of characters. When a layer sets it, an http hook whose URL no pattern matches does not
 * run (an empty list: none runs); the action goes on as if the hook were not there. The lists add
 * up, as claude merges them, but only those of the user-owned layers count (as for
 * httpHookAllowedEnvVars): a repository's list would add its URLs to yours (claude takes it). The
 * managed settings' hooks (and those of a plugin they switch on) are held to the managed lists only. Recorded with claude 2.1.328 (a
 * UserPromptSubmit http hook): a URL the list leaves out was not requested and the prompt went
 * on, with nothing said; codebot says so at load, once per hook.
 */
import type { CompiledHook } from "./compiled-hook.js";
import { isManagedHook } from "./managed-switches.js";
import type { Problem } from "./problem.js";
import { type SettingsLayer, USER_OWNED_SOURCES } from "./settings-layer.js";

interface UrlLists {
  /** Every layer's patterns together; undefined when no layer sets the key. */
  all?: string[];
  /** The managed layers' patterns; undefined when none sets the key. */
  managed?: string[];
}

/** The lists the layers set, and an error for a value that is not a list of strings. */
export function allowedUrlsFromLayers(layers: readonly SettingsLayer[]): {
  lists: UrlLists;
  problems: Problem[];
} {
  const lists: UrlLists = {};
  const problems: Problem[] = [];
  for (const layer of layers) {
    const value = (layer.settings as Record<string, unknown> | null | undefined)?.allowedHttpHookUrls;
    if (value === undefined) continue;
    if (!USER_OWNED_SOURCES.has(layer.source)) {
      problems.push({
        file: layer.path,
        severity: "warning",
        field: "allowedHttpHookUrls",
        message: "only honoured in user settings, --settings files and managed settings; ignored",
      });
      continue;
    }
    if (!Array.isArray(value) || value.some((pattern) => typeof pattern !== "string")) {
      problems.push({
        file: layer.path,
        severity: "error",
        field: "allowedHttpHookUrls",
        message: 'must be a list of URL patterns ("https://hooks.example.com/*")',
      });
      continue;
    }
    lists.all = [...(lists.all ?? []), ...value];
    if (layer.source === "managed") lists.managed = [...(lists.managed ?? []), ...value];
  }
  return { lists, problems };
}

/** The hooks without the http hooks the lists leave out, and a warning for each of those. */
export function keepAllowedUrls(
  hooks: readonly CompiledHook[],
  lists: UrlLists,
): { hooks: CompiledHook[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const kept = hooks.filter((hook) => {
    const { spec } = hook;
    if (spec.type !== "http") return true;
    const patterns = isManagedHook(hook) ? lists.managed : lists.all;
    if (patterns === undefined || patterns.some((pattern) => urlMatches(pattern, spec.url))) return true;
    problems.push({
      file: hook.path,
      severity: "warning",
      event: hook.event,
      index: hook.index,
      field: hook.memberIndex === undefined ? "url" : `hooks[${hook.memberIndex}].url`,
      message: `${spec.url} is not in allowedHttpHookUrls: this http hook does not run`,
    });
    return false;
  });
  return { hooks: kept, problems };
}

/** Whether `url` is `pattern` whole, each `*` standing for any run of characters. */
export function urlMatches(pattern: string, url: string): boolean {
  const parts = pattern.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`, "s").test(url);
}
