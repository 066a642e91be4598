/**
 * An escape sequence a hook asked to have written to the terminal (`terminalSequence`, already
 * in canonical form: OSCs ended by BEL, and BELs), made to reach the terminal through tmux or
 * screen. A title (OSC 0, 1, 2) and a bell go as they are: the multiplexer handles those itself
 * (a pane's title, an alert). A notification (OSC 9, 99, 777) is wrapped in a DCS passthrough with
 * each ESC doubled, as claude 2.1.328 wraps every sequence (tmux lets it out with `set -g
 * allow-passthrough on`). claude wraps titles too, which tmux then drops unless passthrough is on.
 */
const TITLE_OSC: ReadonlySet<string> = new Set(["0", "1", "2"]);

export function throughMultiplexer(sequence: string, env: NodeJS.ProcessEnv): string {
  const open = env.TMUX ? "\x1bPtmux;" : env.STY ? "\x1bP" : undefined;
  if (open === undefined) return sequence;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the sequences are control characters.
  return sequence.replace(/\x1b\](\d+);[^\x07]*\x07/g, (osc, ps: string) =>
    TITLE_OSC.has(ps) ? osc : `${open}${osc.replaceAll("\x1b", "\x1b\x1b")}\x1b\\`,
  );
}
