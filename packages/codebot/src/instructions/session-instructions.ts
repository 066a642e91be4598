import os from "node:os";
import type { SettingsLayer } from "@codebot/hooks";
import type { ReadRules } from "../paths/read-rules.js";
import { claudeCompatOf } from "../settings/claude-compat.js";
import type { LoadedInstructions } from "./instruction-file.js";
import { instructionLocations, projectRoot } from "./instruction-locations.js";
import { InstructionReader } from "./load-instructions.js";
import { type RuleFile, ruleFiles } from "./rule-files.js";

export interface SessionInstructionsWhere {
  cwd: string;
  codebotHome: string;
  claudeHome: string;
  /** The session's settings layers: codebot's user settings may turn Claude Code compatibility off. */
  layers: readonly SettingsLayer[];
  /** For `~` in imports; default: HOME of the environment, else the OS's home folder. */
  env: Record<string, string | undefined>;
  /** The session's read rules: an import they keep out is not read (InstructionReader). */
  readRules: ReadRules;
  /** False under `--bare`: no instruction file is looked for, at start or in nested folders. Default true. */
  discover?: boolean;
}

export interface SessionInstructions {
  /** Everything given to the model so far (grows as nested folders' files are loaded). */
  loaded: LoadedInstructions;
  /** Remembers what was given, so a later load gives only new files. */
  reader: InstructionReader;
  claudeCompat: boolean;
  /** `.claude/rules` files with `paths:`, given once a matching file is read. */
  pathRules: RuleFile[];
}

/** The instruction files of a session start, honouring `"claudeCompat": false` in codebot's user settings. */
export function sessionInstructions(where: SessionInstructionsWhere): SessionInstructions {
  const claudeCompat = claudeCompatOf(where.layers, where.codebotHome);
  const home = where.env.HOME !== undefined && where.env.HOME !== "" ? where.env.HOME : os.homedir();
  const root = projectRoot(where.cwd, home);
  const reader = new InstructionReader(home, root, where.readRules);
  const ruleProblems: string[] = [];
  const discover = where.discover !== false;
  const rules = claudeCompat && discover ? ruleFiles(where.claudeHome, root, ruleProblems) : [];
  const locations = discover
    ? instructionLocations({
        cwd: where.cwd,
        codebotHome: where.codebotHome,
        claudeHome: where.claudeHome,
        claudeCompat,
        homeDir: home,
      })
    : [];
  const loaded = reader.read([...locations, ...rules.filter((rule) => rule.paths === undefined)]);
  loaded.problems.unshift(...ruleProblems);
  return { loaded, reader, claudeCompat, pathRules: rules.filter((rule) => rule.paths !== undefined) };
}
