import type { SettingsLayer } from "@codebot/hooks";
import type { Styles } from "../output/styles.js";
import { wrapWords } from "../output/word-wrap.js";
import type { ProjectFlags } from "../project-flags.js";
import { codebotVersion } from "../version.js";
import { safeModeBanner } from "./safe-mode-banner.js";
import { projectAskedInVain, type ScreenReaderSource, screenReaderBanner } from "./screen-reader-mode.js";

/** What the interactive session's banner says. */
export interface BannerFacts {
  /** What turned screen-reader mode on, or undefined when it is off. */
  screenReader: ScreenReaderSource | undefined;
  /** The settings layers read: a project's that asks for screen-reader mode in vain is told so. */
  layers: readonly Pick<SettingsLayer, "source" | "settings">[];
  /** `agent <name>` for a custom agent the session runs as (it may choose its model), else the model. */
  runsAs: string;
  cwd: string;
  /** A terminal at both ends: Esc interrupts a run too. */
  terminal: boolean;
  /** What turned safe mode on, if anything. */
  safeModeBy: NonNullable<ProjectFlags["safeModeBy"]> | undefined;
}

/**
 * The rows the interactive session starts with: who runs where, how to interrupt and quit, and
 * warnings (screen-reader mode asked for in vain, safe mode). On a narrow terminal (`width`) each
 * line is broken between words, not wherever the terminal wraps it.
 */
export function sessionBanner(facts: BannerFacts, s: Styles, width: number | undefined): string[] {
  const rows = (text: string) => (width === undefined ? [text] : wrapWords(text, width));
  const { screenReader } = facts;
  // In screen-reader mode, as claude's: what turned it on first, then one thing a line.
  const banner = screenReader
    ? [screenReaderBanner(screenReader), `codebot ${codebotVersion()}`, facts.runsAs, facts.cwd]
    : [`${s.bold("codebot")} ${codebotVersion()} · ${facts.runsAs} · ${facts.cwd}`];
  const lines = banner.flatMap(rows);
  const inVain = projectAskedInVain(screenReader, facts.layers);
  if (inVain !== undefined) for (const row of rows(inVain)) lines.push(s.yellow(row));
  const hint = `/help for commands · ${facts.terminal ? "Esc or " : ""}Ctrl+C interrupts a run · Ctrl+C or Ctrl+D twice, or /exit quits`;
  for (const row of rows(hint)) lines.push(s.dim(row));
  if (facts.safeModeBy !== undefined) {
    const [warning, way] = safeModeBanner(facts.safeModeBy);
    for (const row of rows(warning)) lines.push(s.yellow(row));
    for (const row of rows(way)) lines.push(s.dim(row));
  }
  return lines;
}
