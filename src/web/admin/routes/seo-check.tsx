import { ColumnHeads } from '../kit/column-heads.js'
import { Link, useLoaderData } from 'react-router'
import type { SeoLanguageReport, SeoProblem, SeoProblemKind, SeoReport } from '../../../shared/seo-report.js'
import { LoadError } from '../components/status-message.js'
import { ScreenHeading, TableRegion } from '../kit/list-screen.js'
import { load, type Loaded } from '../kit/load.js'
import { api } from '../lib/api.js'

export const clientLoader = () => load(() => api<SeoReport>('/seo-report'), 'Failed to fetch the SEO check')

const KINDS: Record<SeoProblemKind, string> = {
  'missing-title': 'Missing title',
  'duplicate-title': 'Duplicate title',
  'long-title': 'Title too long',
  'missing-description': 'Missing description',
  'duplicate-description': 'Duplicate description',
  'description-length': 'Description length',
  noindex: 'Not indexed',
  'redirect-chain': 'Redirect to a redirect',
  hreflang: 'Language links (hreflang)',
  'missing-alt': 'Missing alt text',
}

/**
 * Issue 24, item 8 (decision 113): what a search engine would find wrong, per language, each
 * problem with a link to the screen where it is fixed.
 */
export default function SeoCheck() {
  const loaded = useLoaderData() as Loaded<SeoReport>
  const report = loaded.data
  return (
    <>
      <ScreenHeading title="SEO check" subtitle="The published pages of every language, as search engines read them." />
      {loaded.error && <LoadError {...loaded.error} />}
      {report && (
        <>
          <p className="admin-muted">
            Guidance: a title up to about {report.guidance.titleMax} characters (with the company's name), a description
            of {report.guidance.descriptionMin}–{report.guidance.descriptionMax}.
          </p>
          {report.notes.map((note) => (
            <p key={note} className="admin-muted">
              {note}
            </p>
          ))}
          {report.languages.map((language) => (
            <LanguageSection key={language.code} language={language} />
          ))}
        </>
      )}
    </>
  )
}

function LanguageSection({ language }: { language: SeoLanguageReport }) {
  const headingId = `seo-${language.code}`
  const count = language.problems.length
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {language.name} ({language.code})
      </h2>
      <p className="admin-muted">
        {language.pages} page{language.pages === 1 ? '' : 's'} checked ·{' '}
        {count === 0 ? 'no problems found' : `${count} to look at`}
      </p>
      {count > 0 && (
        <TableRegion scroll={false} labelledBy={headingId}>
          <table className="admin-table admin-table--stack">
            <caption className="visually-hidden">SEO check: {language.name}</caption>
            <ColumnHeads names={['Problem', 'Page', 'Details', 'Actions']} />
            <tbody>
              {language.problems.map((problem, i) => (
                <ProblemRow key={`${problem.kind}-${problem.path}-${i}`} problem={problem} id={`${headingId}-${i}`} />
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  )
}

function ProblemRow({ problem, id }: { problem: SeoProblem; id: string }) {
  return (
    <tr>
      <th scope="row" id={id} data-label="Problem">
        {KINDS[problem.kind]}
      </th>
      <td data-label="Page">
        <code>{problem.path}</code>
      </td>
      <td data-label="Details">{problem.message}</td>
      <td data-label="Actions">
        <Link to={problem.fix} aria-describedby={id}>
          Fix
        </Link>
      </td>
    </tr>
  )
}
