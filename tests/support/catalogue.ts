import { sql } from 'drizzle-orm'
import type { Database } from '../../src/server/db/client.js'

/** The languages besides en that a catalogue of `languages` languages is written in. */
export const catalogueCodes = (languages: number) =>
  ['es', 'sv', 'de', 'fr', 'nl', 'it', 'pt', 'da', 'nb', 'fi', 'pl', 'ru'].slice(0, languages - 1)

/**
 * A large catalogue written straight into the database, in seconds (bench/scale-load.mjs loads
 * the same shape through the API in minutes): `originals` projects in en, each translated into
 * every other language, newest last, with the texts and amenities of the scale bench (no images).
 */
export async function insertCatalogue(database: Database, originals: number, languages: number) {
  const codes = catalogueCodes(languages)
  const codeList = sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  )
  const text = sql`repeat('Nordic light and Mediterranean stone. ', 4)`
  const amenities = sql`'[{"title":"Pool","image":null},{"title":"Gym","image":null}]'::jsonb`
  await database.db.execute(
    sql`insert into languages (id, code, name)
      select gen_random_uuid(), code, upper(code) from unnest(array[${codeList}]::text[]) as code
      on conflict (code) do nothing`,
  )
  await database.db.execute(
    sql`insert into projects (id, group_id, language, slug, title, description, status, space, beds, baths,
        gallery_title1, gallery_desc1, amenities, created_at, updated_at)
      select md5('o' || n)::uuid, md5('o' || n)::uuid, 'en', 'villa-' || n || '-en', 'Villa ' || n || ' en, Marbella',
        'A description of villa ' || n || ': ' || ${text}, 'Completed 2025', (300 + n % 500) || ' m²', 3 + n % 4,
        2 + n % 3, 'The light', 'Morning over the sea.', ${amenities},
        timestamptz '2026-01-01' + n * interval '1 minute', timestamptz '2026-01-01' + n * interval '1 minute'
      from generate_series(1, ${originals}::int) as n`,
  )
  if (codes.length === 0) return
  await database.db.execute(
    sql`insert into projects (id, group_id, parent_id, language, slug, title, description, status, space, beds,
        baths, gallery_title1, gallery_desc1, amenities, created_at, updated_at)
      select md5('t' || n || code)::uuid, md5('o' || n)::uuid, md5('o' || n)::uuid, code, 'villa-' || n || '-' || code,
        'Villa ' || n || ' ' || code || ', Marbella', 'A ' || code || ' description of villa ' || n || ': ' || ${text},
        'Completed 2025', (300 + n % 500) || ' m²', 3 + n % 4, 2 + n % 3, 'The light', 'Morning over the sea.',
        ${amenities}, timestamptz '2026-01-01' + n * interval '1 minute' + ordinality * interval '1 second',
        timestamptz '2026-01-01' + n * interval '1 minute' + ordinality * interval '1 second'
      from generate_series(1, ${originals}::int) as n, unnest(array[${codeList}]::text[]) with ordinality as code`,
  )
}
