/**
 * CLAUDE_CODE_MAX_OUTPUT_TOKENS as claude 2.1.328 reads it (recorded): trimmed; `2e4` is 20000,
 * `12,000` (or `12_000`, `12 000`) 12000, else its leading whole number (`4096abc` is 4096). A
 * value that gives no count above 0 (`0`, `-5`, `junk`) is ignored, so the model's default is
 * sent, as claude sends it; so is unset or blank. A count above the model's most is lowered to it
 * where the request is made (agentcore's output-tokens.ts).
 */
export function envOutputTokens(value: string | undefined): number | undefined {
  const text = (value ?? "").trim();
  if (text === "") return undefined;
  const tokens = tokenCount(text);
  return Number.isNaN(tokens) || tokens <= 0 ? undefined : tokens;
}

const EXPONENT = /^[+-]?(\d+(\.\d*)?|\.\d+)[eE][+-]?\d+$/;
const GROUPED = /^[+-]?\d{1,3}([_,\u00A0\u202F ])\d{3}(\1\d{3})*$/;
const SEPARATORS = /[_,\u00A0\u202F ]/g;

function tokenCount(text: string): number {
  if (text.length <= 32 && EXPONENT.test(text)) {
    const tokens = Number(text);
    return Number.isInteger(tokens) ? tokens : Number.NaN;
  }
  if (text.length <= 32 && GROUPED.test(text)) return Number.parseInt(text.replace(SEPARATORS, ""), 10);
  return Number.parseInt(text, 10);
}
