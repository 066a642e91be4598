/**
 * The known name a misspelt one was probably meant to be: the same but for case, or one or two
 * edits away (a letter missing, added, changed or two swapped; one edit for short names), so that
 * `"decison"` or `"PreToolUze"` gets a "did you mean" instead of being ignored in silence.
 */
export function nearName(name: string, known: readonly string[]): string | undefined {
  const folded = name.toLowerCase();
  const sameButCase = known.find((k) => k.toLowerCase() === folded);
  if (sameButCase !== undefined) return sameButCase;
  const allowed = folded.length <= 5 ? 1 : 2;
  let best: { name: string; distance: number } | undefined;
  for (const k of known) {
    const distance = editDistance(folded, k.toLowerCase(), allowed);
    if (distance <= allowed && (!best || distance < best.distance)) best = { name: k, distance };
  }
  return best?.name;
}

/** Optimal string alignment distance (Levenshtein plus swaps of neighbours), or more than `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const above = rows[i - 1] as number[];
      let d = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}
