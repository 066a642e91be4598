/** ANSI styling for one output stream; every function is the identity when colour is off. */
export interface Styles {
  enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  blue(text: string): string;
  magenta(text: string): string;
  italic(text: string): string;
  underline(text: string): string;
  strikethrough(text: string): string;
}

/** Colour only on a terminal, and never when NO_COLOR is set to anything but "" (no-color.org). */
export function stylesFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Styles {
  const enabled = stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === "");
  const sgr = (open: number, close: number) => (text: string) =>
    enabled ? `\x1b[${open}m${text}\x1b[${close}m` : text;
  return {
    enabled,
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    red: sgr(31, 39),
    green: sgr(32, 39),
    yellow: sgr(33, 39),
    cyan: sgr(36, 39),
    blue: sgr(34, 39),
    magenta: sgr(35, 39),
    italic: sgr(3, 23),
    underline: sgr(4, 24),
    strikethrough: sgr(9, 29),
  };
}
