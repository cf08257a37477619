import { useState } from 'react'
import { Link } from 'react-router'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { editPath, type NeedsUpdate, type PublishTarget } from '../lib/publishing.js'
import { NeedsUpdatePanel } from './needs-update.js'
import { StatusMessage } from './status-message.js'
import { SideBySideLink } from './workbench/side-by-side-link.js'

/** A translation that fell behind its original (issue 22). */
export interface BehindItem {
  target: PublishTarget
  /** 'Villa Sol in Svenska', 'home in Svenska'. */
  label: string
  needsUpdate: NeedsUpdate
  /** The translation's language, for the side-by-side screen. */
  language: { code: string; name: string }
}

/**
 * The translation overview's list of translations whose original changed since they were saved:
 * the original's before and after, a link to the translation, and 'Mark as up to date'.
 */
export function BehindTheOriginal({ items }: { items: BehindItem[] }) {
  return (
    <section className="admin-section" aria-labelledby="overview-behind">
      <h2 id="overview-behind">Needs update</h2>
      {items.length === 0 ? (
        <p className="admin-muted">Every translation is up to date with its original.</p>
      ) : (
        <ul className="admin-behind">
          {items.map((item) => (
            <BehindEntry key={`${item.target.kind}-${item.target.id}-${item.target.language ?? ''}`} item={item} />
          ))}
        </ul>
      )}
    </section>
  )
}

function BehindEntry({ item }: { item: BehindItem }) {
  const submit = useSubmit(serverMessageOr('Failed to mark as up to date'))
  const [done, setDone] = useState(false)
  return (
    <li className="admin-card">
      <h3 className="admin-behind__title">
        <Link to={editPath(item.target)}>{item.label}</Link>
      </h3>
      <p>
        <SideBySideLink
          kind={item.target.kind}
          id={item.target.id}
          language={item.language.code}
          languageName={item.language.name}
        />
      </p>
      {!done && (
        <NeedsUpdatePanel
          submit={submit}
          target={item.target}
          needsUpdate={item.needsUpdate}
          done={() => setDone(true)}
          headingLevel={3}
        />
      )}
      <StatusMessage status={submit.status} />
    </li>
  )
}
