/** marked-terminal 7 ships no type declarations; the part codebot uses. */
declare module "marked-terminal" {
  import type { MarkedExtension } from "marked";

  export interface TerminalRendererOptions {
    width?: number;
    reflowText?: boolean;
    showSectionPrefix?: boolean;
    tab?: number;
    emoji?: boolean;
    /** Style functions for each element (`strong`, `code`, `heading`, …). */
    [style: string]: ((text: string) => string) | number | boolean | object | undefined;
    tableOptions?: object;
  }

  export function markedTerminal(
    options?: TerminalRendererOptions,
    highlightOptions?: object,
  ): MarkedExtension;
}
