import { MODE_NAMES, modeNamed } from "../settings/permission-modes.js";
import type { PermissionMode } from "../settings/runtime-settings.js";

/** Every `--permission-mode`: codebot's names and Claude Code's `default`. */
export const PERMISSION_MODE_FLAGS = [...MODE_NAMES];

/** The mode `--permission-mode` names, if given. */
export function permissionModeFlag(value: string | undefined): PermissionMode | undefined {
  return value === undefined ? undefined : modeNamed(value);
}
