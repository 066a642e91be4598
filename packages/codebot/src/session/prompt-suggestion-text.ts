/**
 * What of a model's answer to the suggestion request is a suggestion, as claude 2.1.328 decides it
 * (its rules, ported): the first text that is not empty once a `<suggestion>` wrapper or a
 * `Suggestion:` label is taken off, unless it is something the user would not type — "done", a
 * remark about staying silent, an evaluation ("looks good"), the assistant's voice ("Let me…"),
 * one word that is no answer, more than 12 words, 100 characters or more, two sentences, markdown.
 */
export function suggestionOf(texts: readonly string[]): string | undefined {
  const suggestion = texts.map(unwrapped).find((text) => text !== "");
  if (suggestion === undefined) return undefined;
  return SUPPRESSED.some((rule) => rule(suggestion, suggestion.toLowerCase())) ? undefined : suggestion;
}

function unwrapped(text: string): string {
  return text
    .trim()
    .replace(
      /^<(suggestion|response|output|answer|result)>([\s\S]*)<\/\1>$/i,
      (whole, tag: string, inner: string) =>
        inner.includes(`</${tag.toLowerCase()}>`) || inner.includes(`</${tag.toUpperCase()}>`)
          ? whole
          : inner,
    )
    .replace(
      /^\s*(suggested\s+(response|reply|input|prompt)|suggestion|response|reply|answer|output|result|\u63D0\u6848|\u56DE\u7B54|\u8FD4\u4FE1|\u5FDC\u7B54|\u51FA\u529B|\u7D50\u679C|\u5EFA\u8BAE|\u56DE\u590D|\u7B54\u6848|\u8F93\u51FA|\u7ED3\u679C|\uC81C\uC548|\uB2F5\uBCC0|\uC751\uB2F5|\uCD9C\uB825|\uACB0\uACFC)\s*[:\uFF1A]\s*/i,
      "",
    )
    .trim();
}

/** One word that is an answer on its own. */
const ONE_WORD_ANSWERS = new Set([
  "yes",
  "yeah",
  "yep",
  "yea",
  "yup",
  "sure",
  "ok",
  "okay",
  "push",
  "commit",
  "deploy",
  "stop",
  "continue",
  "check",
  "exit",
  "quit",
  "no",
]);

type Rule = (text: string, lower: string) => boolean;

const SUPPRESSED: readonly Rule[] = [
  // done
  (text, lower) =>
    lower === "done" ||
    /^\P{L}*(\u5B8C\u4E86(\u3057\u307E\u3057\u305F)?|\u5B8C\u6210\u4E86?|\uC644\uB8CC\uB428?)\P{L}*$/u.test(
      text,
    ),
  // a remark about the suggestion instead of one
  (text, lower) =>
    lower === "nothing found" ||
    lower === "nothing found." ||
    lower.startsWith("nothing to suggest") ||
    lower.startsWith("no suggestion") ||
    /\bsilence is\b|\bstay(s|ing)? silent\b/.test(lower) ||
    /^\W*silence\W*$/.test(lower) ||
    /^\P{L}*(\u6C88\u9ED9|\u6C89\u9ED8|\u9759\u9ED8|\uCE68\uBB35|\u63D0\u6848(\u306A\u3057|\u306F\u3042\u308A\u307E\u305B\u3093)|\u7279\u306B(\u306A\u3057|\u3042\u308A\u307E\u305B\u3093)|[\u65E0\u6CA1\u6C92]\u6709?\u5EFA[\u8BAE\u8B70]|(\uC81C\uC548|\uD574\uB2F9)\s*\uC5C6\uC74C)\P{L}*$/u.test(
      text,
    ),
  // wrapped in brackets or a tag
  (text) =>
    /^(\(.*\)|\[.*\]|\uFF08.*\uFF09|\uFF3B.*\uFF3D|\u3010.*\u3011|\u3014.*\u3015|`*<[^<>]*>(<\/[^<>]*>)?`*)$/.test(
      text,
    ),
  // an error message
  (_text, lower) =>
    ["api error:", "prompt is too long", "request timed out", "invalid api key", "image was too large"].some(
      (start) => lower.startsWith(start),
    ),
  // a label
  (text) => /^\w+:\s/.test(text),
  // too few words
  (text, lower) => {
    if (wordCount(text) >= 2 || text.startsWith("/")) return false;
    const ideographs = ideographCount(text);
    return ideographs > 0 ? ideographs < 2 : !ONE_WORD_ANSWERS.has(lower);
  },
  (text) => wordCount(text) > 12,
  (text) => text.length >= 100,
  // more than one sentence
  (text) => /[.!?]\s+[A-Z]|[\u3002\uFF01\uFF1F]\s*[\p{L}\p{N}]/u.test(text),
  // formatting
  (text) => /[\n*]|\*\*/.test(text),
  // evaluative
  (text, lower) =>
    /thanks|thank you|looks good|sounds good|that works|that worked|that's all|nice|great|perfect|makes sense|awesome|excellent/.test(
      lower,
    ) ||
    /^\P{L}*(\u3042\u308A\u304C\u3068\u3046(\u3054\u3056\u3044\u307E\u3059|\u3054\u3056\u3044\u307E\u3057\u305F)?|\u52A9\u304B\u308A\u307E\u3057\u305F|[\u8C22\u8B1D][\u8C22\u8B1D][\u4F60\u60A8]?|\u611F\u8C22[\u4F60\u60A8]?|\u611F\u8B1D\u3057\u307E\u3059|\uAC10\uC0AC\uD569\uB2C8\uB2E4|\uACE0\uB9C8\uC6CC\uC694?)(\P{L}|\u7684|$)/u.test(
      text,
    ) ||
    /(\u826F\u3055\u305D\u3046|\u3088\u3055\u305D\u3046|\u3044\u3044\u3067\u3059\u306D|\u770B\u8D77\u6765\u4E0D\u9519|\u592A\u597D\u4E86|\u5B8C\u74A7|\u5B8C\u7F8E|\uC88B\uB124\uC694)(\u3067\u3059|\u3067\u3059\u306D|\u3060\u306D)?\P{L}*$/u.test(
      text,
    ),
  // the assistant's voice
  (text) =>
    /^(let me|i'll|i've|i'm|i can|i would|i think|i notice|here's|here is|here are|that's|this is|this will|you can|you should|you could|sure,|of course|certainly|\u8BA9\u6211(?!\u4EEC)|\u6211\u6765|\u6211\u4F1A|\u6211\u5C06)/i.test(
      text,
    ),
];

const HAN = /\p{Script=Han}/u;
const PHONETIC =
  /[\p{Script=Hiragana}\p{Script=Katakana}\u30fc\uff70\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function scripts(text: string): { han: number; phonetic: number; hangul: number; other: number } {
  const count = { han: 0, phonetic: 0, hangul: 0, other: 0 };
  for (const char of text) {
    if (HAN.test(char)) count.han++;
    else if (PHONETIC.test(char)) count.phonetic++;
    else if (HANGUL.test(char)) count.hangul++;
    else if (LETTER_OR_DIGIT.test(char)) count.other++;
  }
  return count;
}

function ideographCount(text: string): number {
  const { han, phonetic, hangul } = scripts(text);
  return han + phonetic + hangul;
}

/** Words, as claude counts them: a space-separated piece, or two Han / four kana characters of one. */
function wordCount(text: string): number {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  let words = 0;
  for (const piece of trimmed.split(/\s+/)) {
    const { han, phonetic, hangul, other } = scripts(piece);
    words += han === 0 && phonetic === 0 ? 1 : (other + hangul > 0 ? 1 : 0) + han / 2 + phonetic / 4;
  }
  return Math.ceil(words);
}
