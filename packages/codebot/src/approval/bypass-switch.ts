/**
 * Whether the session may switch to bypassPermissions while it runs — a PermissionRequest
 * hook's or the permission prompt tool's `updatedPermissions` `setMode`, the Agent SDK's
 * `set_permission_mode` —, as claude 2.1.328 decides it (recorded): only a session launched in it
 * (`--dangerously-skip-permissions`, `--permission-mode bypassPermissions`) or with
 * `--allow-dangerously-skip-permissions` may; elsewhere a hook's switch is ignored and the SDK's
 * refused with `bypass_not_launched`. A hook of a repository (once approved for something else)
 * would otherwise turn every later question off.
 */

/** A switch to bypassPermissions the session refuses; `code` is claude's `error_code` for it. */
export class BypassNotLaunched extends Error {
  readonly code = "bypass_not_launched";
  constructor() {
    super(
      "the session was not launched with --dangerously-skip-permissions (or --allow-dangerously-skip-permissions)",
    );
  }
}

/** Throws when `to` is bypassPermissions and the session may not switch to it. */
export function checkBypassSwitch(from: string, to: string, launchedAbleToBypass: boolean): void {
  if (to === "bypassPermissions" && from !== "bypassPermissions" && !launchedAbleToBypass)
    throw new BypassNotLaunched();
}
