/**
 * The wrapper a user message sent mid-turn reaches the model in (mid-turn-messages.ts), in its own
 * file so the steered-message origins can build it without importing the control channel's side.
 */
const OPENING = "The user sent a new message while you were working:\n";
const CLOSING =
  "\n\nThis is how messages the user sends mid-turn are surfaced — within the running turn, often alongside the next tool result, rather than as a separate conversation turn. Address the message above as you continue this turn.";

/** What the model is told, in claude 2.1.328's words but for the product's name. */
export function midTurnText(text: string): string {
  return `${OPENING}${text}${CLOSING}`;
}
