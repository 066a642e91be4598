import {
  type CompiledHook,
  claudeSpec,
  commandLine,
  type ScriptReferences,
  scriptReferences,
} from "@codebot/hooks";

/**
 * What a command hook's command refers to, read as it runs (a plugin's `${CLAUDE_PLUGIN_ROOT}` is
 * its folder, known to codebot; the exec form as one command line); undefined for other hooks.
 */
export function commandReferences(hook: CompiledHook, cwd: string): ScriptReferences | undefined {
  const spec = claudeSpec(hook, cwd);
  return spec.type === "command" ? scriptReferences(commandLine(spec), cwd) : undefined;
}
