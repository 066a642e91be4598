import type { QueuePlace } from "../../approval/ask-queue.js";

/**
 * An approval question's place among those waiting, as claude shows it on its permission prompt
 * (`1 of 2`): `(1 of 2) `, before what is asked. Empty for a question alone.
 */
export function questionCount(place: QueuePlace | undefined): string {
  return place === undefined || place.of < 2 ? "" : `(${place.position} of ${place.of}) `;
}
