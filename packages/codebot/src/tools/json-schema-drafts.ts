/**
 * The Ajv that reads a `--json-schema` by the draft its `$schema` names. Ajv's default class knows
 * draft-07 only; a schema written for 2020-12 (what zod 4 and most current tools emit) or 2019-09
 * is checked by the class for that draft, not refused as "no schema with key or ref".
 */
import { Ajv, type Options } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";

type AnyAjv = Ajv | Ajv2019 | Ajv2020;

const DRAFTS: { pattern: RegExp; make: (options: Options) => AnyAjv }[] = [
  { pattern: /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/, make: (o) => new Ajv(o) },
  { pattern: /^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, make: (o) => new Ajv2019(o) },
  { pattern: /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, make: (o) => new Ajv2020(o) },
];

/** The drafts a `$schema` may name, as an error lists them. */
export const KNOWN_DRAFTS = "draft-07, 2019-09 or 2020-12";

/** An Ajv for the schema's `$schema` (draft-07 when it names none); undefined for a draft Ajv cannot read. */
export function ajvForDraft(schema: Record<string, unknown>, options: Options): AnyAjv | undefined {
  const named = schema.$schema;
  if (named === undefined) return new Ajv(options);
  if (typeof named !== "string") return undefined;
  return DRAFTS.find((d) => d.pattern.test(named))?.make(options);
}
