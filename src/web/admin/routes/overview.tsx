import { Link, useLoaderData } from 'react-router'
import type { Language, Project, Review, TranslationPage } from '../../../shared/types.js'
import { LoadError, loadFailure } from '../components/status-message.js'
import { missingKeys, sourceKeys, textsOf } from '../components/translation-keys.js'
import { api } from '../lib/api.js'
import '../styles-content.css'

interface Row {
  id: string
  title: string
  /** The original's language. */
  language: string
  /** Language code -> id of the group member in that language. */
  members: Record<string, string>
}

/** Originals with their translations, from a list that holds both. */
function groups(items: (Project | Review)[]): Row[] {
  const rows = new Map<string, Row>()
  for (const item of items) {
    if (item.parentId === null)
      rows.set(item._id, {
        id: item._id,
        title: item.title,
        language: item.language,
        members: { [item.language]: item._id },
      })
  }
  for (const item of items) {
    if (item.parentId !== null) {
      const row = rows.get(item.parentId._id)
      if (row) row.members[item.language] = item._id
    }
  }
  return [...rows.values()]
}

export async function clientLoader() {
  try {
    const [projects, reviews, pages, languages] = await Promise.all([
      api<Project[]>('/get-projects'),
      api<Review[]>('/get-reviews'),
      api<TranslationPage[]>('/get-translations'),
      api<Language[]>('/get-languages'),
    ])
    return { projects: groups(projects), reviews: groups(reviews), pages, languages, error: null }
  } catch (error) {
    return {
      projects: [],
      reviews: [],
      pages: [],
      languages: [],
      error: loadFailure(error, 'Failed to fetch the overview'),
    }
  }
}

interface GroupTableProps {
  kind: 'project' | 'review'
  heading: string
  rows: Row[]
  languages: Language[]
}

/** One row per original, one column per language: ✓ (edit it) or 'missing' (create it). */
function GroupTable({ kind, heading, rows, languages }: GroupTableProps) {
  const headingId = `overview-${kind}s`
  const missingCount = rows.reduce((sum, row) => sum + languages.filter((l) => !row.members[l.code]).length, 0)
  return (
    <section className="admin-section">
      <h2 id={headingId}>{heading}</h2>
      <p className="admin-muted">
        {rows.length} originals ·{' '}
        {missingCount === 0 ? 'every language is done' : `${missingCount} translations missing`}
      </p>
      {rows.length > 0 && (
        <div className="admin-table-wrap" role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className="admin-table admin-matrix">
            <thead>
              <tr>
                <th scope="col">Title</th>
                {languages.map((l) => (
                  <th scope="col" key={l.code}>
                    <abbr title={l.name}>{l.code}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={`/admin/${kind}/${row.id}`}>{row.title}</Link>
                  </th>
                  {languages.map((l) => {
                    const member = row.members[l.code]
                    if (member) {
                      const original = member === row.id
                      return (
                        <td key={l.code} className="admin-matrix-done">
                          <Link
                            to={`/admin/update-${kind}/${member}`}
                            aria-label={
                              original
                                ? `original: edit ${row.title} (${l.name})`
                                : `✓ translated: edit ${row.title} in ${l.name}`
                            }
                          >
                            <span aria-hidden="true">✓</span>
                            {original && <span className="admin-matrix-note"> original</span>}
                          </Link>
                        </td>
                      )
                    }
                    // A translation into en is not offered (SPEC 9); the original may still be in another language.
                    if (l.code === 'en') {
                      return (
                        <td key={l.code} className="admin-matrix-missing">
                          missing
                        </td>
                      )
                    }
                    return (
                      <td key={l.code} className="admin-matrix-missing">
                        <Link
                          to={`/admin/translate-${kind}/${row.id}`}
                          aria-label={`missing: translate ${row.title} into ${l.name}`}
                        >
                          missing
                        </Link>
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/** Beyond the SPEC: what is translated into which language, with a link to fill each gap. */
export default function Overview() {
  const { projects, reviews, pages, languages, error } = useLoaderData<typeof clientLoader>()
  const targets = languages.filter((l) => l.code !== 'en')
  return (
    <>
      <h1>Translation Overview</h1>
      {error && <LoadError {...error} />}
      {!error && (
        <>
          <GroupTable kind="project" heading="Projects" rows={projects} languages={languages} />
          <GroupTable kind="review" heading="Reviews" rows={reviews} languages={languages} />
          <section className="admin-section">
            <h2 id="overview-pages">Translation pages</h2>
            <p className="admin-muted">
              Missing texts per language, counted against every source text the page has in any language.
            </p>
            <div className="admin-table-wrap" role="region" aria-labelledby="overview-pages" tabIndex={0}>
              <table className="admin-table admin-matrix">
                <thead>
                  <tr>
                    <th scope="col">Page</th>
                    <th scope="col">Texts</th>
                    {targets.map((l) => (
                      <th scope="col" key={l.code}>
                        <abbr title={l.name}>{l.code}</abbr>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {pages.map((page) => {
                    const texts = textsOf(page.translations)
                    const keys = sourceKeys(texts)
                    return (
                      <tr key={page._id}>
                        <th scope="row">
                          <Link to={`/admin/update-translation/${page._id}`}>{page.page}</Link>
                        </th>
                        <td>{keys.length}</td>
                        {targets.map((l) => {
                          const lacking = missingKeys(texts, l.code, keys).length
                          const done = lacking === 0
                          return (
                            <td key={l.code} className={done ? 'admin-matrix-done' : 'admin-matrix-missing'}>
                              <Link
                                to={`/admin/update-translation/${page._id}?lang=${encodeURIComponent(l.code)}`}
                                aria-label={`${done ? '✓ complete' : `${lacking} missing`}: edit ${page.page} in ${l.name}`}
                              >
                                {done ? <span aria-hidden="true">✓</span> : `${lacking} missing`}
                              </Link>
                            </td>
                          )
                        })}
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </>
  )
}
