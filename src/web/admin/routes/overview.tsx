import type { ReactNode } from 'react'
import { Link, useLoaderData } from 'react-router'
import { plural } from '../../../shared/plural.js'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { Language, Project, Review } from '../../../shared/types.js'
import type { AltTextCount } from '../../../shared/image-alts.js'
import { BehindTheOriginal, type BehindItem } from '../components/behind-the-original.js'
import { type EditedPage } from '../components/page-text-state.js'
import { StatusBadge } from '../kit/publish-status.js'
import type { WithPublishing } from '../lib/publishing.js'
import { LoadError } from '../components/status-message.js'
import { missingKeys, sourceKeys, textsOf } from '../components/translation-keys.js'
import { TableRegion } from '../kit/list-screen.js'
import { load } from '../kit/load.js'
import { api } from '../lib/api.js'
import { SideBySideLink } from '../components/workbench/side-by-side-link.js'

type Member = WithPublishing<Project | Review> & Partial<AltTextCount>

interface Group {
  _id: string
  title: string
  /** Language code -> the group member in that language. */
  members: Record<string, Member>
}

/** Originals with their translations, from a list that holds both. */
function groups(items: Member[]): Group[] {
  const rows = new Map<string, Group>()
  for (const item of items) {
    if (item.parentId === null)
      rows.set(item._id, { _id: item._id, title: item.title, members: { [item.language]: item } })
  }
  for (const item of items) {
    if (item.parentId !== null) {
      const row = rows.get(item.parentId._id)
      if (row) row.members[item.language] = item
    }
  }
  return [...rows.values()]
}

export const clientLoader = () =>
  load(async () => {
    const [projects, reviews, pages, languages] = await Promise.all([
      // Every project, drafts and unpublished ones too (the public get-projects shows only what is published).
      api<Member[]>('/get-all-projects'),
      api<Member[]>('/get-reviews'),
      api<EditedPage[]>('/get-translations'),
      api<Language[]>('/get-languages'),
    ])
    return { projects: groups(projects), reviews: groups(reviews), pages, languages }
  }, 'Failed to fetch the overview')

interface MatrixProps<R extends { _id: string }> {
  id: string
  heading: string
  summary: ReactNode
  /** The columns before the languages': the row's name first. */
  headers: string[]
  languages: Language[]
  rows: R[]
  /** The cells of `headers`, the first a row header. */
  lead: (row: R) => [ReactNode, ...ReactNode[]]
  /** One language's cell of a row. */
  cell: (row: R, language: Language) => ReactNode
  /** A closing row: its header, and one cell per language. */
  foot?: { label: string; cell: (language: Language) => ReactNode }
}

/** A table with one row per item and one column per language. */
function LanguageMatrix<R extends { _id: string }>({
  id,
  heading,
  summary,
  headers,
  languages,
  rows,
  lead,
  cell,
  foot,
}: MatrixProps<R>) {
  return (
    <section className="admin-section">
      <h2 id={id}>{heading}</h2>
      <p className="admin-muted">{summary}</p>
      {rows.length > 0 && (
        <TableRegion scroll labelledBy={id}>
          <table className="admin-table admin-matrix">
            <thead>
              <tr>
                {headers.map((header) => (
                  <th scope="col" key={header}>
                    {header}
                  </th>
                ))}
                {languages.map((l) => (
                  <th scope="col" key={l.code}>
                    <abbr title={l.name}>{l.code}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const [name, ...rest] = lead(row)
                return (
                  <tr key={row._id}>
                    <th scope="row">{name}</th>
                    {rest.map((value, index) => (
                      <td key={index}>{value}</td>
                    ))}
                    {languages.map((l) => cell(row, l))}
                  </tr>
                )
              })}
            </tbody>
            {foot && (
              <tfoot>
                <tr>
                  <th scope="row">{foot.label}</th>
                  {headers.slice(1).map((header) => (
                    <td key={header} />
                  ))}
                  {languages.map((l) => (
                    <td key={l.code}>{foot.cell(l)}</td>
                  ))}
                </tr>
              </tfoot>
            )}
          </table>
        </TableRegion>
      )}
    </section>
  )
}

/** One row per original, one column per language: ✓ (edit it) or 'missing' (create it). */
function GroupMatrix({
  kind,
  heading,
  rows,
  languages,
}: {
  kind: 'project' | 'review'
  heading: string
  rows: Group[]
  languages: Language[]
}) {
  const missingCount = rows.reduce((sum, row) => sum + languages.filter((l) => !row.members[l.code]).length, 0)
  // Images without alt text in each language (decision 115), over the versions that exist.
  const altsMissing = (code: string) => rows.reduce((sum, row) => sum + (row.members[code]?.missingAltText ?? 0), 0)
  const altTotal = languages.reduce((sum, l) => sum + altsMissing(l.code), 0)
  return (
    <LanguageMatrix
      id={`overview-${kind}s`}
      heading={heading}
      summary={`${plural(rows.length, 'original', 'originals')} · ${missingCount === 0 ? 'every language is done' : `${plural(missingCount, 'translation', 'translations')} missing`} · ${altTotal === 0 ? 'every image has alt text' : `${plural(altTotal, 'alt text', 'alt texts')} missing`}`}
      foot={{
        label: 'Alt text missing',
        cell: (l) => {
          const count = altsMissing(l.code)
          return (
            <span data-testid={`${kind}-alt-missing-${l.code}`} aria-label={`${count} alt texts missing in ${l.name}`}>
              {count}
            </span>
          )
        },
      }}
      headers={['Title']}
      languages={languages}
      rows={rows}
      lead={(row) => [<Link to={`/admin/${kind}/${row._id}`}>{row.title}</Link>]}
      cell={(row, l) => {
        const member = row.members[l.code]
        if (member) {
          const original = member._id === row._id
          return (
            <td key={l.code} className="admin-matrix-done">
              <Link
                to={`/admin/update-${kind}/${member._id}`}
                aria-label={
                  original ? `original: edit ${row.title} (${l.name})` : `✓ translated: edit ${row.title} in ${l.name}`
                }
              >
                <span aria-hidden="true">✓</span>
                {original && <span className="admin-matrix-note"> original</span>}
              </Link>
              <StatusBadge record={member} />
              {member.needsUpdate && <span className="admin-badge admin-badge--missing">needs update</span>}
              {!original && (
                <SideBySideLink
                  kind={kind}
                  id={member._id}
                  language={l.code}
                  languageName={l.name}
                  text="side by side"
                />
              )}
              {Boolean(member.missingAltText) && (
                <span className="admin-badge admin-badge--missing">{member.missingAltText} alt text missing</span>
              )}
            </td>
          )
        }
        return (
          <td key={l.code} className="admin-matrix-missing">
            {l.code === BASE_LANGUAGE ? (
              // A translation into en is not offered (SPEC 9); the original may still be in another language.
              'missing'
            ) : (
              <>
                <Link
                  to={`/admin/translate-${kind}/${row._id}`}
                  aria-label={`missing: translate ${row.title} into ${l.name}`}
                >
                  missing
                </Link>
                <SideBySideLink kind={kind} id={row._id} language={l.code} languageName={l.name} text="side by side" />
              </>
            )}
          </td>
        )
      }}
    />
  )
}

/** Per page and language: how many of the page's source texts the language lacks. */
function PageMatrix({ pages, languages }: { pages: EditedPage[]; languages: Language[] }) {
  return (
    <LanguageMatrix
      id="overview-pages"
      heading="Translation pages"
      summary="Missing texts per language, counted against every source text the page has in any language."
      headers={['Page', 'Texts']}
      languages={languages.filter((l) => l.code !== BASE_LANGUAGE)}
      rows={pages}
      lead={(page) => [
        <Link to={`/admin/update-translation/${page._id}`}>{page.page}</Link>,
        sourceKeys(textsOf(page.translations)).length,
      ]}
      cell={(page, l) => {
        const texts = textsOf(page.translations)
        const lacking = missingKeys(texts, l.code).length
        const done = lacking === 0
        return (
          <td key={l.code} className={done ? 'admin-matrix-done' : 'admin-matrix-missing'}>
            <Link
              to={`/admin/update-translation/${page._id}?lang=${encodeURIComponent(l.code)}`}
              aria-label={`${done ? '✓ complete' : `${lacking} missing`}: edit ${page.page} in ${l.name}`}
            >
              {done ? <span aria-hidden="true">✓</span> : `${lacking} missing`}
            </Link>
            <StatusBadge record={page.publishing?.[l.code]} />
            {page.publishing?.[l.code]?.needsUpdate && (
              <span className="admin-badge admin-badge--missing">needs update</span>
            )}
            <SideBySideLink
              kind="translation-page"
              id={page._id}
              language={l.code}
              languageName={l.name}
              text="side by side"
            />
          </td>
        )
      }}
    />
  )
}

/** Every translation (project, review, page text language) marked needsUpdate, named for the list. */
function behindTheOriginal(data: { projects: Group[]; reviews: Group[]; pages: EditedPage[]; languages: Language[] }) {
  const items: BehindItem[] = []
  const name = (code: string) => data.languages.find((l) => l.code === code)?.name ?? code
  for (const [kind, rows] of [
    ['project', data.projects],
    ['review', data.reviews],
  ] as const) {
    for (const row of rows)
      for (const member of Object.values(row.members))
        if (member.needsUpdate)
          items.push({
            target: { kind, id: member._id },
            label: `${row.title} in ${name(member.language)}`,
            needsUpdate: member.needsUpdate,
            language: { code: member.language, name: name(member.language) },
          })
  }
  for (const page of data.pages)
    for (const [code, state] of Object.entries(page.publishing ?? {}))
      if (state.needsUpdate)
        items.push({
          target: { kind: 'translation-page', id: page._id, language: code },
          label: `${page.page} in ${name(code)}`,
          needsUpdate: state.needsUpdate,
          language: { code, name: name(code) },
        })
  return items
}

/** Beyond the SPEC: what is translated into which language, with a link to fill each gap. */
export default function Overview() {
  const { data, error } = useLoaderData<typeof clientLoader>()
  return (
    <>
      <h1>Translation Overview</h1>
      {error && <LoadError {...error} />}
      {data && (
        <>
          <GroupMatrix kind="project" heading="Projects" rows={data.projects} languages={data.languages} />
          <GroupMatrix kind="review" heading="Reviews" rows={data.reviews} languages={data.languages} />
          <PageMatrix pages={data.pages} languages={data.languages} />
          <BehindTheOriginal items={behindTheOriginal(data)} />
          <section className="admin-section" aria-labelledby="overview-jobs">
            <h2 id="overview-jobs">A whole language at once</h2>
            <ul>
              {data.languages
                .filter((l) => l.code !== BASE_LANGUAGE)
                .map((l) => (
                  <li key={l.code}>
                    <Link to={`/admin/translation-jobs?language=${encodeURIComponent(l.code)}`}>
                      Create a job for what is missing in {l.name}
                    </Link>
                  </li>
                ))}
            </ul>
          </section>
        </>
      )}
    </>
  )
}
