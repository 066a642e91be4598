/**
 * Wrappers an allow rule looks through, as Claude Code does: `Bash(npm test:*)` allows `timeout
 * 60 npm test`, `nice -n 5 npm test`, `time npm test`, `nohup npm test`, `stdbuf -oL npm test` and
 * `command npm test`. They only time, limit, reprioritise or detach what they run, so such a line is
 * allowed when what it runs is — which is checked as a command of its own too (commands-run-by.ts),
 * so `Bash(nice:*)` still never allows `nice rm`. The shapes are Claude Code 2.1.328's: another
 * option (`timeout --foreground=x`, `nice --adjustment 5`) keeps the wrapper in the text.
 */
const TRANSPARENT: readonly RegExp[] = [
  /^timeout[ \t]+(?:(?:--(?:foreground|preserve-status|verbose)|--(?:kill-after|signal)=[A-Za-z0-9_.+-]+|--(?:kill-after|signal)[ \t]+[A-Za-z0-9_.+-]+|-v|-[ks][ \t]+[A-Za-z0-9_.+-]+|-[ks][A-Za-z0-9_.+-]+)[ \t]+)*(?:--[ \t]+)?\d+(?:\.\d+)?[smhd]?[ \t]+/,
  /^time[ \t]+(?:--[ \t]+)?/,
  /^nice(?:[ \t]+-n[ \t]+-?\d+|[ \t]+-\d+)?[ \t]+(?:--[ \t]+)?/,
  /^stdbuf(?:[ \t]+-[ioe][LN0-9]+)+[ \t]+(?:--[ \t]+)?/,
  /^nohup[ \t]+(?:--[ \t]+)?/,
  /^command(?:[ \t]+-p+)*(?:[ \t]+--)?[ \t]+(?!-)/,
  /^builtin(?:[ \t]+--)?[ \t]+(?!-)/,
  /^noglob[ \t]+(?!-)/,
];

/** `text` with the transparent wrappers in front of its command taken off, nested ones too. */
export function withoutTransparentWrappers(text: string): string {
  let current = text;
  let previous: string;
  do {
    previous = current;
    for (const wrapper of TRANSPARENT) current = current.replace(wrapper, "");
  } while (current !== previous);
  return current;
}
