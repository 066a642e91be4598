import { errorMessage } from "../cli-error.js";
import type { AnswerFormat } from "../output/history-recap.js";
import type { SessionView } from "../output/session-view.js";
import type { Styles } from "../output/styles.js";

/**
 * Loads the Markdown renderer after the session's first frame (marked and the highlighter are
 * large) and gives it to the view; the first answer needs it. It comes from a file of its own
 * (dist/bundle/vendor/): one missing or broken leaves answers as plain text, with a line saying
 * so, rather than failing every prompt.
 * Resolves with the renderer of whole answers (a recap's), or undefined when it could not load.
 */
export function loadAnswerRenderer(
  view: Pick<SessionView, "renderMarkdown" | "notice">,
  s: Styles,
  columns: () => number | undefined,
  screenReader: boolean,
): Promise<AnswerFormat | undefined> {
  return import("../output/markdown.js").then(
    ({ MarkdownStream, renderedAnswer }) => {
      // Read at each block: what is written after a resize fits the new width.
      const width = () => columns() ?? 80;
      view.renderMarkdown(new MarkdownStream(s, width, screenReader));
      return (text: string) => renderedAnswer(text, s, width, screenReader);
    },
    (error: unknown) => {
      view.notice(
        s.yellow(
          `the Markdown renderer could not be loaded (${errorMessage(error)}); answers are shown as plain text`,
        ),
      );
      return undefined;
    },
  );
}
