import { EFFORT_LEVELS, type EffortLevel, effortLevelOf } from "@codebot/agentcore";

/**
 * `--effort <level>` as claude 2.1.328 takes it: a level in any case; anything else is a warning
 * on stderr, in claude's words, and the session goes on with the default effort (exit 0).
 */
export function effortFlag(value: string, warn: (line: string) => void): EffortLevel | undefined {
  const level = effortLevelOf(value);
  if (level === undefined)
    warn(
      `Warning: Unknown --effort value '${value}' — ignoring it and using the default effort. Valid values: ${EFFORT_LEVELS.join(", ")}.`,
    );
  return level;
}
