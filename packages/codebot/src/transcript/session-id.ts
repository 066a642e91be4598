/** A session's id: a UUID, the only kind of id turned into a file name. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` is a session id (a UUID): only such ids are turned into file names. */
export function isSessionId(id: string): boolean {
  return UUID.test(id);
}
