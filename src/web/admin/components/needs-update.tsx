import { MarkUpToDateButton } from '../kit/publishing-actions.js'
import type { SubmitState } from '../kit/use-submit.js'
import { fieldLabel } from '../lib/field-labels.js'
import type { NeedsUpdate, PublishTarget } from '../lib/publishing.js'

interface NeedsUpdateProps {
  submit: SubmitState
  target: PublishTarget
  needsUpdate: NeedsUpdate
  done: (answer: unknown) => void
  /** A heading level for where it sits: under the edit screen's h1, or inside a list. */
  headingLevel?: 2 | 3
}

/**
 * A translation whose original changed since it was last saved: the original's text before and
 * after, field by field, and 'Mark as up to date' once the translation follows it.
 */
export function NeedsUpdatePanel({ submit, target, needsUpdate, done, headingLevel = 2 }: NeedsUpdateProps) {
  const Heading = `h${headingLevel}` as const
  return (
    // Not a landmark of its own: the overview lists many, each under its translation's heading.
    <div className="admin-needs-update">
      <div>
        <Heading className="admin-needs-update__title">Needs update</Heading>
        <p className="admin-muted">The original changed since this translation was saved:</p>
      </div>
      <dl className="admin-changes">
        {needsUpdate.fields.map((field) => (
          <div key={field} className="admin-changes__field">
            <dt>{fieldLabel(field)}</dt>
            <dd>
              <span className="admin-label admin-changes__label">Before</span>
              <del>{needsUpdate.before[field] || '—'}</del>
            </dd>
            <dd>
              <span className="admin-label admin-changes__label">After</span>
              <ins>{needsUpdate.after[field] || '—'}</ins>
            </dd>
          </div>
        ))}
      </dl>
      <MarkUpToDateButton submit={submit} target={target} done={done} />
    </div>
  )
}
