export type {
  CommandSpec,
  Executors,
  HookExecutor,
  HookSpec,
  HttpSpec,
  PromptSpec,
  RunContext,
  RunOutcome,
} from "./executor.js";
export type { SettingsLayer, SettingsSource } from "./settings-layer.js";
export { USER_OWNED_SOURCES } from "./settings-layer.js";
