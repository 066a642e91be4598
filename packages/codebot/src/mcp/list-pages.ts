/**
 * Every page of an MCP list (`tools/list`, `resources/list`), as claude 2.1.328's MCP client reads
 * them (its SDK's `_listAllPages`): a cursor the server gave before ends the list, and more than
 * MAX_LIST_PAGES pages is an error ("server pagination did not terminate"). A server whose every
 * page names a next cursor was otherwise asked for ever, its items piling up.
 */
export const MAX_LIST_PAGES = 64;

export async function allPages<T>(
  method: string,
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
): Promise<T[]> {
  const first = await page(undefined);
  const items = [...first.items];
  const seen = new Set<string>();
  let cursor = first.nextCursor;
  for (let pages = 1; cursor !== undefined && cursor !== "" && !seen.has(cursor); pages++) {
    if (pages >= MAX_LIST_PAGES)
      throw new Error(`${method}: exceeded ${MAX_LIST_PAGES} pages; server pagination did not terminate`);
    seen.add(cursor);
    const next = await page(cursor);
    items.push(...next.items);
    cursor = next.nextCursor;
  }
  return items;
}
