import { useId } from 'react'
import type { GlossaryHint, WorkbenchField } from '../../../../shared/translation-workbench.js'
import type { RefusedSegment } from './machine-api.js'

interface WorkbenchFieldProps {
  field: WorkbenchField
  sourceLanguage: { code: string; name: string }
  language: { code: string; name: string }
  value: string
  onChange: (value: string) => void
  /** Uses a memory match for one sentence. */
  onUse: (segment: number, text: string) => void
  /** Marks the machine's text as reviewed; absent once it is. */
  onApprove?: () => void
  busy: boolean
  refused: RefusedSegment[]
}

const percent = (similarity: number) => `${Math.round(similarity * 100)}%`

function GlossaryHints({ terms }: { terms: GlossaryHint[] }) {
  if (terms.length === 0) return null
  return (
    <ul className="workbench-glossary" aria-label="Glossary">
      {terms.map((term) => (
        <li key={term.source}>
          <span lang="en">{term.source}</span>{' '}
          {term.target === null || term.target === term.source ? (
            <span className="admin-muted">never translated</span>
          ) : (
            <>
              <span aria-hidden="true">→</span>
              <span className="visually-hidden">is translated as</span> <strong>{term.target}</strong>
            </>
          )}
        </li>
      ))}
    </ul>
  )
}

/** What the memory offers for each sentence of the source, each usable with a click. */
function Segments({ field, onUse, busy }: Pick<WorkbenchFieldProps, 'field' | 'onUse' | 'busy'>) {
  const helpful = field.segments.filter((s) => s.exact || s.suggestions.length > 0 || s.glossary.length > 0)
  if (field.segments.length <= 1 && helpful.length === 0) return null
  return (
    <details className="workbench-segments" open={helpful.length > 0}>
      <summary>
        Sentences ({field.segments.length}){helpful.length > 0 && ` · ${helpful.length} with help`}
      </summary>
      <ol>
        {field.segments.map((segment) => (
          <li key={segment.index}>
            <p lang="en">{segment.source}</p>
            {segment.exact !== null && (
              <p className="cluster workbench-match">
                <span className="admin-badge">Memory 100%</span> <span>{segment.exact}</span>{' '}
                <button
                  type="button"
                  className="admin-button admin-button--quiet"
                  disabled={busy}
                  onClick={() => onUse(segment.index, segment.exact!)}
                >
                  Use<span className="visually-hidden"> the memory’s translation of sentence {segment.index + 1}</span>
                </button>
              </p>
            )}
            {segment.suggestions.map((suggestion) => (
              <p key={`${suggestion.source}-${suggestion.target}`} className="cluster workbench-match">
                <span className="admin-badge">Memory {percent(suggestion.similarity)}</span>{' '}
                <span>{suggestion.target}</span> <span className="admin-muted">(for “{suggestion.source}”)</span>{' '}
                <button
                  type="button"
                  className="admin-button admin-button--quiet"
                  disabled={busy}
                  onClick={() => onUse(segment.index, suggestion.target)}
                >
                  Use
                  <span className="visually-hidden">
                    {' '}
                    the {percent(suggestion.similarity)} match for sentence {segment.index + 1}
                  </span>
                </button>
              </p>
            ))}
            <GlossaryHints terms={segment.glossary} />
          </li>
        ))}
      </ol>
    </details>
  )
}

/**
 * One translatable field: its source (with what changed in it) beside the target's text box,
 * the machine's mark and 'Approve', and what the memory and glossary offer. Everything a
 * provider or the memory sent is rendered as text, never as markup.
 */
export function WorkbenchFieldRow(props: WorkbenchFieldProps) {
  const { field, sourceLanguage, language, value, onChange, onApprove, busy, refused } = props
  const id = useId()
  const over = field.maxLength !== null && value.length > field.maxLength
  const describedBy = [`${id}-source`, field.machine ? `${id}-machine` : '', over ? `${id}-over` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <section className={`admin-card workbench-field${field.outdated ? ' workbench-field--outdated' : ''}`}>
      <h3 className="workbench-field__label">
        <label htmlFor={`${id}-target`}>{field.label}</label>
      </h3>
      <div className="workbench-field__sides">
        <div className="workbench-field__source" id={`${id}-source`}>
          <p className="admin-label workbench-side">{sourceLanguage.name}</p>
          <p lang={sourceLanguage.code} className="workbench-text">
            {field.source}
          </p>
          {field.outdated && (
            <div className="workbench-outdated">
              <p>
                <span className="admin-badge admin-badge--missing">Source changed</span> since this translation was
                brought up to date:
              </p>
              <p>
                <span className="admin-label admin-changes__label">Before</span>{' '}
                <del lang={sourceLanguage.code}>{field.outdated.before || '—'}</del>
              </p>
              <p>
                <span className="admin-label admin-changes__label">After</span>{' '}
                <ins lang={sourceLanguage.code}>{field.outdated.after || '—'}</ins>
              </p>
            </div>
          )}
        </div>
        <div className="workbench-field__target">
          <p className="admin-label workbench-side" aria-hidden="true">
            {language.name}
          </p>
          {field.long ? (
            <textarea
              id={`${id}-target`}
              lang={language.code}
              rows={Math.min(12, Math.max(3, Math.ceil(field.source.length / 60)))}
              value={value}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.currentTarget.value)}
            />
          ) : (
            <input
              id={`${id}-target`}
              lang={language.code}
              value={value}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.currentTarget.value)}
            />
          )}
          {over && (
            <p id={`${id}-over`} className="admin-error">
              {value.length} of at most {field.maxLength} characters
            </p>
          )}
          {field.machine && (
            <p id={`${id}-machine`} className="cluster workbench-machine">
              <span className="admin-badge admin-badge--machine">Machine draft — not reviewed</span>
              {onApprove && (
                <button type="button" className="admin-button admin-button--quiet" disabled={busy} onClick={onApprove}>
                  Approve<span className="visually-hidden"> {field.label}</span>
                </button>
              )}
            </p>
          )}
          {refused.map((segment) => (
            <p key={segment.index} className="admin-error workbench-refused">
              Not translated: “{field.segments[segment.index]?.source ?? `sentence ${segment.index + 1}`}” —{' '}
              {segment.reason}
            </p>
          ))}
        </div>
      </div>
      <GlossaryHints terms={field.segments.length > 1 ? [] : field.glossary} />
      <Segments {...props} />
    </section>
  )
}
