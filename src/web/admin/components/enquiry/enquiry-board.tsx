import { useId, useState, type DragEvent, type KeyboardEvent } from 'react'
import { Options } from '../../kit/options.js'
import { Link } from 'react-router'
import type { Enquiry, EnquiryStage } from '../../../../shared/types.js'
import { formatDateTime, fullName, projectText } from '../enquiry-format.js'
import { formatEuros } from './team.js'

interface BoardProps {
  enquiries: Enquiry[]
  stages: EnquiryStage[]
  /** Saves the move; throws when the server refuses it. */
  onMove: (enquiry: Enquiry, stage: string) => Promise<void>
}

const DRAG_TYPE = 'application/x-enquiry-id'

/**
 * The enquiries as a board: a column per stage. A card moves by dragging it (native drag and
 * drop), by its "Move to…" menu, or with the arrow keys on its move button; every move is
 * announced in a live region, so a screen reader hears where the card went (decision 155).
 */
export function EnquiryBoard({ enquiries, stages, onMove }: BoardProps) {
  const [announcement, setAnnouncement] = useState('')
  const [dropTarget, setDropTarget] = useState<string | null>(null)
  const helpId = useId()
  const label = (key: string) => stages.find((s) => s.key === key)?.label ?? key

  async function move(enquiry: Enquiry, stage: string) {
    if (stage === enquiry.stage) return
    setAnnouncement(`Moving ${fullName(enquiry)} to ${label(stage)}…`)
    try {
      await onMove(enquiry, stage)
      setAnnouncement(`${fullName(enquiry)} moved to ${label(stage)}`)
    } catch {
      setAnnouncement(`${fullName(enquiry)} could not be moved to ${label(stage)}`)
    }
  }

  function onKey(event: KeyboardEvent, enquiry: Enquiry) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const next = stages[stages.findIndex((s) => s.key === enquiry.stage) + step]
    if (next) void move(enquiry, next.key)
  }

  function onDrop(event: DragEvent, stage: string) {
    event.preventDefault()
    setDropTarget(null)
    const enquiry = enquiries.find((e) => e._id === event.dataTransfer.getData(DRAG_TYPE))
    if (enquiry) void move(enquiry, stage)
  }

  return (
    <>
      <p id={helpId} className="visually-hidden">
        Drag a card to another column, choose a stage in its Move to menu, or press the left or right arrow on its Move
        button.
      </p>
      <div className="enquiry-board" role="region" aria-label="Enquiries by stage" tabIndex={0}>
        {stages.map((stage) => {
          const cards = enquiries.filter((e) => e.stage === stage.key)
          const headingId = `stage-${stage.key}`
          return (
            <section
              key={stage.key}
              aria-labelledby={headingId}
              className={`enquiry-board__column${dropTarget === stage.key ? ' enquiry-board__column--target' : ''}`}
              data-stage={stage.key}
              onDragOver={(event) => {
                if (!event.dataTransfer.types.includes(DRAG_TYPE)) return
                event.preventDefault()
                event.dataTransfer.dropEffect = 'move'
                setDropTarget(stage.key)
              }}
              onDragLeave={() => setDropTarget((t) => (t === stage.key ? null : t))}
              onDrop={(event) => onDrop(event, stage.key)}
            >
              <h2 id={headingId}>
                {stage.label} <span className="admin-muted">({cards.length})</span>
              </h2>
              <ul>
                {cards.map((enquiry) => (
                  <li
                    key={enquiry._id}
                    className="enquiry-card"
                    draggable
                    data-enquiry={enquiry._id}
                    onDragStart={(event) => {
                      event.dataTransfer.setData(DRAG_TYPE, enquiry._id)
                      event.dataTransfer.effectAllowed = 'move'
                    }}
                  >
                    <Link to={`/admin/enquiry/${enquiry._id}`} className="enquiry-card__name">
                      {fullName(enquiry)}
                    </Link>
                    <dl>
                      <CardFact term="Project" value={projectText(enquiry)} />
                      <CardFact term="Value" value={enquiry.value === null ? null : formatEuros(enquiry.value)} />
                      <CardFact term="Owner" value={enquiry.ownerName} />
                      <CardFact
                        term="Follow-up"
                        value={enquiry.followUpAt ? formatDateTime(enquiry.followUpAt) : null}
                      />
                    </dl>
                    <div className="enquiry-card__move">
                      <button
                        type="button"
                        className="admin-button admin-button--quiet"
                        aria-describedby={helpId}
                        aria-label={`Move ${fullName(enquiry)} (now ${stage.label})`}
                        onKeyDown={(event) => onKey(event, enquiry)}
                      >
                        Move
                      </button>
                      <label>
                        <span className="visually-hidden">Move {fullName(enquiry)} to…</span>
                        <select value={enquiry.stage} onChange={(event) => void move(enquiry, event.target.value)}>
                          <Options items={stages} value={(s) => s.key} label={(s) => s.label} />
                        </select>
                      </label>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )
        })}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  )
}

function CardFact({ term, value }: { term: string; value: string | null }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value ?? <span className="admin-muted">none</span>}</dd>
    </div>
  )
}
