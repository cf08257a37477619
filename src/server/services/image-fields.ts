import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'

/**
 * Where a content table keeps image paths: the one declaration both the record's own image list
 * (what to offer for removal, what a delete may leave unused) and the image sweeper's question
 * ("does anything still show this image?") are derived from. A new image column is one entry here.
 */
export interface ImageFields<Row> {
  table: PgTable
  /** Columns holding one path, or null. */
  single: (keyof Row & string)[]
  /** JSON columns holding a list of paths. */
  lists: (keyof Row & string)[]
  /** JSON columns holding a list of objects, each with an `image` path or null. */
  withImage: (keyof Row & string)[]
  /** A JSON column holding a draft of the same fields (publishing): its images are in use too. */
  draft?: keyof Row & string
}

/** Every image path a row holds, in declaration order. */
export function imagesOfRow<Row>(fields: ImageFields<Row>, row: Row): string[] {
  const value = (key: keyof Row) => row[key] as unknown
  return [
    ...fields.single.map((key) => value(key) as string | null),
    ...fields.lists.flatMap((key) => value(key) as string[]),
    ...fields.withImage.flatMap((key) => (value(key) as { image: string | null }[]).map((item) => item.image)),
  ].filter((path): path is string => Boolean(path))
}

/** SQL: does any row of this table hold the image at `path`? */
export function referencesImage<Row>(fields: ImageFields<Row>, path: SQL): SQL {
  const column = (key: string) => (fields.table as unknown as Record<string, PgColumn>)[key]!
  const holds = [
    ...fields.single.map((key) => sql`${column(key)} = ${path}`),
    ...fields.lists.map((key) => sql`${column(key)} @> jsonb_build_array(${path}::text)`),
    ...fields.withImage.map(
      (key) => sql`${column(key)} @> jsonb_build_array(jsonb_build_object('image', ${path}::text))`,
    ),
  ]
  if (fields.draft) {
    const draft = column(fields.draft)
    holds.push(
      ...fields.single.map((key) => sql`${draft} -> ${key} = to_jsonb(${path}::text)`),
      ...fields.lists.map((key) => sql`${draft} -> ${key} @> jsonb_build_array(${path}::text)`),
      ...fields.withImage.map(
        (key) => sql`${draft} -> ${key} @> jsonb_build_array(jsonb_build_object('image', ${path}::text))`,
      ),
    )
  }
  return sql`exists (select 1 from ${fields.table} where ${sql.join(holds, sql` or `)})`
}

/** The fields of `content` that hold `path`, each with the path taken off (null, or out of its list). */
export function withoutImage<Row>(fields: ImageFields<Row>, content: Row, path: string): Partial<Row> {
  const value = (key: keyof Row) => content[key] as unknown
  return Object.fromEntries([
    ...fields.single.map((key) => [key, value(key) === path ? null : (value(key) ?? null)]),
    ...fields.lists.map((key) => [key, ((value(key) as string[] | null) ?? []).filter((p) => p !== path)]),
    ...fields.withImage.map((key) => [
      key,
      ((value(key) as { image: string | null }[] | null) ?? []).map((item) =>
        item.image === path ? { ...item, image: null } : item,
      ),
    ]),
  ]) as Partial<Row>
}
