/** How a note to the model is wrapped where it travels as text (a model that takes no system message mid-conversation). */
export const REMINDER_OPEN = "<system-reminder>\n";
export const REMINDER_CLOSE = "\n</system-reminder>";
