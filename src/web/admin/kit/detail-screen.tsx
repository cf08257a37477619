import { useState, type ComponentType, type ReactNode } from 'react'
import { Link, useLoaderData, useNavigate } from 'react-router'
import type { Language } from '../../../shared/types.js'
import { LoadError, StatusMessage, type Status } from '../components/status-message.js'
import { api } from '../lib/api.js'
import { confirmAction, confirmDelete } from '../lib/confirm.js'
import { PUBLISHING_MESSAGES, type Publishing } from '../lib/publishing.js'
import { StatusBadge } from './publish-status.js'
import { languageName } from '../lib/language-names.js'
import type { Loaded, LoadFailure } from './load.js'
import { ScreenHeading } from './list-screen.js'
import type { DescribeError } from './use-submit.js'
import { mayEdit, mayOpen, useMe } from '../lib/me.js'
import { SideBySideLink } from '../components/workbench/side-by-side-link.js'

const movedToTrash: Status = { kind: 'success', message: PUBLISHING_MESSAGES.movedToTrash }

/** Where a screen about one record leads back to when the record cannot be shown. */
const LISTS = {
  projects: { to: '/admin/projects', label: 'All projects' },
  reviews: { to: '/admin/reviews', label: 'All reviews' },
  languages: { to: '/admin/languages', label: 'All languages' },
  translations: { to: '/admin/translations', label: 'All translation pages' },
  enquiries: { to: '/admin/enquiries', label: 'All enquiries' },
} as const

interface RecordScreenProps<T> {
  loaded: Loaded<T>
  /** The screen's heading, shown above the failure. */
  title: string
  /** The list the record belongs to. */
  list: keyof typeof LISTS
  children: (record: T) => ReactNode
}

/**
 * Every screen about one record (detail, edit, translate): the record's view, or its heading, the
 * load failure and the way back to the list.
 */
export function RecordScreen<T>({ loaded, title, list, children }: RecordScreenProps<T>) {
  if (loaded.error === null) return <>{children(loaded.data)}</>
  const back = LISTS[list]
  return (
    <>
      <h1>{title}</h1>
      <LoadError {...loaded.error} />
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </>
  )
}

/**
 * The default export of a route about one record: the loader's answer (a Loaded record) goes to
 * `View` as `record`, keyed by its id, so opening another record starts the view afresh.
 */
export function recordRoute<T extends { _id: string }>(
  screen: Omit<RecordScreenProps<T>, 'loaded' | 'children'>,
  View: ComponentType<{ record: T }>,
) {
  return function RecordRoute() {
    return (
      <RecordScreen loaded={useLoaderData() as Loaded<T>} {...screen}>
        {(record) => <View key={record._id} record={record} />}
      </RecordScreen>
    )
  }
}

interface ScreenLink {
  to: string
  label: string
  /** Not shown: the person may not do it (their role, or the record's language). */
  hidden?: boolean
}

interface DeleteAction {
  /** The API path that deletes the record. */
  path: string
  /** What the confirmation names: "the review “…” and its 2 translation(s)". */
  what: string
  /** Where the admin goes once it is deleted: the list. */
  then: string
  describeError: DescribeError
  /** Deleting moves it to the trash (projects, reviews: issue 22): asked and told so. */
  trash?: boolean
}

interface DetailScreenProps {
  title: ReactNode
  eyebrow?: ReactNode
  subtitle?: ReactNode
  /** Edit, Translate: where they lead. */
  links: ScreenLink[]
  /**
   * SPEC 2 names the project's Edit and Translate "buttons"; the other screens link. Either way
   * they only navigate.
   */
  linksAs?: 'link' | 'button'
  /** The Delete button (an enquiry's is its erasure). */
  remove?: DeleteAction
  /** Other actions after the links (Mark as handled). */
  actions?: ReactNode
  /** The outcome of those other actions. */
  status?: Status | null
  className?: string
  children: ReactNode
}

/**
 * Every admin detail screen: the record's heading with its actions beside it, Delete last and
 * confirmed first, the outcome of an action under the heading, then the record.
 */
export function DetailScreen({
  title,
  eyebrow,
  subtitle,
  links,
  linksAs = 'link',
  remove,
  actions,
  status = null,
  className,
  children,
}: DetailScreenProps) {
  const navigate = useNavigate()
  const [deleteStatus, setDeleteStatus] = useState<Status | null>(null)
  const me = useMe()
  // Only what the role allows is offered (decision 088).
  links = links.filter((link) => !link.hidden && mayOpen(me, link.to))
  if (!me?.permissions.delete) remove = undefined
  const [deleting, setDeleting] = useState(false)

  async function onDelete(action: DeleteAction) {
    const asked = action.trash
      ? confirmAction(`Move ${action.what} to the trash? You can restore it from the Trash.`)
      : confirmDelete(action.what)
    if (!asked) return
    setDeleting(true)
    setDeleteStatus(null)
    try {
      await api(action.path, { method: 'DELETE' })
      // The list says what happened to it.
      navigate(action.then, action.trash ? { state: { status: movedToTrash } } : undefined)
    } catch (error) {
      console.error('Delete failed', error)
      setDeleteStatus(action.describeError(error))
      setDeleting(false)
    }
  }

  const buttons = (
    <>
      {links.map(({ to, label }, index) =>
        linksAs === 'button' ? (
          <button
            key={to}
            type="button"
            className={index === 0 ? 'admin-button' : 'admin-button admin-button--quiet'}
            onClick={() => navigate(to)}
          >
            {label}
          </button>
        ) : (
          <Link key={to} className={index === 0 ? 'admin-button' : 'admin-button admin-button--quiet'} to={to}>
            {label}
          </Link>
        ),
      )}
      {actions}
      {remove && (
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => onDelete(remove)}
          disabled={deleting}
        >
          Delete
        </button>
      )}
    </>
  )

  return (
    <article className={className ? `admin-detail ${className}` : 'admin-detail'}>
      <ScreenHeading title={title} eyebrow={eyebrow} subtitle={subtitle} actions={buttons} />
      <StatusMessage status={deleteStatus ?? status} />
      {children}
    </article>
  )
}

export interface Fact {
  term: string
  value: ReactNode
  /** A long text: the whole width of a grid. */
  wide?: boolean
}

/**
 * A record's fields as a description list: in rows of term and value, or (many short fields) a
 * grid. An empty value shows a dash.
 */
export function Facts({ facts, layout = 'rows' }: { facts: Fact[]; layout?: 'rows' | 'grid' }) {
  return (
    <dl className={`admin-facts admin-facts--${layout}`}>
      {facts.map(({ term, value, wide }) => (
        <div key={term} className={wide ? 'admin-facts__wide' : undefined}>
          <dt>{term}</dt>
          <dd>{value === null || value === undefined || value === '' ? <None /> : value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** One translation of the record: its edit and side-by-side links when this person may edit it. */
function TranslationLink({
  kind,
  translation,
  languages,
}: {
  kind: TranslationLinksProps['kind']
  translation: TranslationLinksProps['translations'][number]
  languages: Language[]
}) {
  const me = useMe()
  const name = languageName(languages, translation.language)
  return (
    <li>
      {mayEdit(me, { language: translation.language, original: false }) ? (
        <>
          <Link className="admin-button admin-button--quiet" to={`/admin/update-${kind}/${translation._id}`}>
            Edit Translation in {name}
          </Link>
          <SideBySideLink
            kind={kind}
            id={translation._id}
            language={translation.language}
            languageName={name}
            text="side by side"
          />
        </>
      ) : (
        <span>{name}</span>
      )}
      <span className="admin-muted" lang={translation.language}>
        {translation.title}
      </span>
      <StatusBadge record={translation} />
    </li>
  )
}

/** Nothing here: a muted dash. */
export const None = () => <span className="admin-muted">—</span>

interface TranslationLinksProps {
  /** 'project' or 'review': the edit screen the links open. */
  kind: 'project' | 'review'
  translations: ({ _id: string; language: string; title: string } & Partial<Publishing>)[]
  languages: Language[]
  error: LoadFailure | null
  /** On an original's screen: the languages this person may translate into that it lacks are listed too. */
  original?: { _id: string; language: string }
}

/**
 * SPEC 2: one 'Edit Translation in {language}' link per translation of the record. On an
 * original's screen, each language the person may translate into that it lacks, with the way into
 * the side-by-side screen (a translator's straight path from the record to their work).
 */
export function TranslationLinks({ kind, translations, languages, error, original }: TranslationLinksProps) {
  const me = useMe()
  const missing = original
    ? languages.filter(
        (l) =>
          l.code !== original.language &&
          !translations.some((t) => t.language === l.code) &&
          mayEdit(me, { language: l.code, original: false }),
      )
    : []
  return (
    <section className="admin-card" aria-labelledby={`${kind}-translations`}>
      <h2 id={`${kind}-translations`}>Translations</h2>
      {error ? (
        <LoadError {...error} />
      ) : (
        <>
          {translations.length === 0 && <p className="admin-muted">No translations yet.</p>}
          {translations.length + missing.length > 0 && (
            <ul className="admin-translation-links">
              {translations.map((translation) => (
                <TranslationLink key={translation._id} kind={kind} translation={translation} languages={languages} />
              ))}
              {missing.map((l) => (
                <li key={l.code}>
                  <span>{l.name}</span>
                  <span className="admin-muted">not translated yet</span>
                  <SideBySideLink kind={kind} id={original!._id} language={l.code} languageName={l.name} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}
