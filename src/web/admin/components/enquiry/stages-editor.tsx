import { useState } from 'react'
import { CLOSED_STAGES, isClosedStage } from '../../../../shared/schemas/enquiry-workspace.schema.js'
import type { EnquiryStage } from '../../../../shared/types.js'
import { StatusMessage } from '../status-message.js'
import { JsonForm } from '../../kit/json-form.js'
import { serverMessageOr, useSubmit } from '../../kit/use-submit.js'
import { QuietButton } from '../../kit/quiet-button.js'

/** A new stage's key from its name: "Site visit" → "site-visit" (unique among the others). */
function keyFor(label: string, taken: string[]): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 36) || 'stage'
  let key = base
  for (let n = 2; taken.includes(key); n++) key = `${base}-${n}`
  return key
}

/**
 * The stages of the board: open stages renamed, added and reordered; won and lost renamed only,
 * always the two ends (decision 157). Only owners save them.
 */
export function StagesEditor({ initial, mayEdit }: { initial: EnquiryStage[]; mayEdit: boolean }) {
  const [stages, setStages] = useState(initial)
  const [added, setAdded] = useState('')
  const form = useSubmit(serverMessageOr('Failed to save the stages'))
  const open = stages.filter((s) => !isClosedStage(s.key))
  const closed = CLOSED_STAGES.map((key) => stages.find((s) => s.key === key) ?? { key, label: key })

  const rename = (key: string, label: string) => setStages(stages.map((s) => (s.key === key ? { ...s, label } : s)))
  function moveBy(index: number, step: number) {
    const next = [...open]
    const [stage] = next.splice(index, 1)
    next.splice(index + step, 0, stage!)
    setStages([...next, ...closed])
  }
  function add() {
    if (!added.trim()) return form.fail('Give the new stage a name', 'new-stage')
    setStages([
      ...open,
      {
        key: keyFor(
          added,
          stages.map((s) => s.key),
        ),
        label: added.trim(),
      },
      ...closed,
    ])
    setAdded('')
  }

  return (
    <JsonForm<{ stages: EnquiryStage[] }>
      form={form}
      path="/enquiry-stages"
      method="PUT"
      json={() => ({ stages })}
      saved={(answer) => {
        setStages(answer.stages)
        return 'Stages saved'
      }}
      labelledBy="stages-heading"
      card
    >
      <h2 id="stages-heading">Stages</h2>
      {!mayEdit && <p className="admin-muted">Only owners change the stages.</p>}
      <fieldset className="enquiry-stages-fieldset" disabled={!mayEdit}>
        <legend className="visually-hidden">Stages in order</legend>
        <ol className="enquiry-stages">
          {open.map((stage, index) => (
            <li key={stage.key}>
              <label>
                Stage {index + 1}
                <input value={stage.label} onChange={(e) => rename(stage.key, e.target.value)} />
              </label>
              <QuietButton
                disabled={index === 0}
                onClick={() => moveBy(index, -1)}
                aria-label={`Move ${stage.label} up`}
              >
                Up
              </QuietButton>
              <QuietButton
                disabled={index === open.length - 1}
                onClick={() => moveBy(index, 1)}
                aria-label={`Move ${stage.label} down`}
              >
                Down
              </QuietButton>
            </li>
          ))}
          {closed.map((stage) => (
            <li key={stage.key}>
              <label>
                {stage.key === 'won' ? 'Won (always second to last)' : 'Lost (always last)'}
                <input value={stage.label} onChange={(e) => rename(stage.key, e.target.value)} />
              </label>
            </li>
          ))}
        </ol>
        <div className="enquiry-stages">
          <label>
            New stage
            <input
              name="new-stage"
              value={added}
              onChange={(e) => setAdded(e.target.value)}
              {...form.invalid('new-stage')}
            />
          </label>
          <QuietButton onClick={add}>Add stage</QuietButton>
        </div>
        <div>
          <button type="submit" className="admin-button" disabled={form.busy}>
            Save stages
          </button>
        </div>
      </fieldset>
      <div id={form.errorId}>
        <StatusMessage status={form.status} />
      </div>
    </JsonForm>
  )
}
