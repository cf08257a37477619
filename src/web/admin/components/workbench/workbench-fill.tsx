import { useState } from 'react'
import { StatusMessage } from '../status-message.js'
import { serverMessageOr, useSubmit } from '../../kit/use-submit.js'
import { type FillAnswer, machineFill, type MachineStatus } from './machine-api.js'
import { plural } from '../../../../shared/plural.js'
import type { WorkbenchKind } from '../../../../shared/translation-workbench.js'

interface WorkbenchFillProps {
  kind: WorkbenchKind
  id: string
  language: { code: string; name: string }
  machine: MachineStatus | null
  /** Unsaved typing: a fill writes the draft, so it waits for a save. */
  unsaved: boolean
  /** The draft was filled: read the screen's data again and show what was refused. */
  filled: (answer: FillAnswer) => Promise<void>
}

const number = new Intl.NumberFormat('en-GB')

/** The month's use against the cap, in words. */
export function usageSentence(machine: MachineStatus): string {
  const used = `${number.format(machine.usage.characters)} characters sent in ${machine.usage.month}`
  if (!machine.usage.limit) return `${used} (no monthly limit)`
  const left = Math.max(0, machine.usage.limit - machine.usage.characters)
  return `${used} of ${number.format(machine.usage.limit)}; ${number.format(left)} left`
}

/**
 * 'Fill from memory and machine' (issue 40, items 2, 5, 6): first what it will cost (a dry run:
 * the characters to send after the memory), then, confirmed, the fill of the missing and
 * out-of-date fields into the draft.
 */
export function WorkbenchFill({ kind, id, language, machine, unsaved, filled }: WorkbenchFillProps) {
  const submit = useSubmit(serverMessageOr('The fill did not work'))
  const [estimate, setEstimate] = useState<FillAnswer | null>(null)
  const [onlyOutdated, setOnlyOutdated] = useState(false)
  const body = { language: language.code, ...(onlyOutdated ? { onlyOutdated: true } : {}) }

  const count = () =>
    submit.run(async () => {
      setEstimate(await machineFill(kind, id, { ...body, dryRun: true }))
    })
  const fill = () =>
    submit.run(async () => {
      const answer = await machineFill(kind, id, body)
      setEstimate(null)
      await filled(answer)
      const refused = answer.refused.length
      const sent = machine?.provider ? `: ${number.format(answer.characters)} characters sent` : ' from the memory'
      return `Filled${sent}${refused ? `; ${plural(refused, 'sentence was', 'sentences were')} not translated (see below)` : ''}.`
    })

  return (
    <section className="admin-card workbench-fill" aria-labelledby="workbench-fill">
      <h2 id="workbench-fill">Memory and machine</h2>
      <p className="admin-muted">
        {machine?.provider
          ? `Machine: ${machine.provider}. ${usageSentence(machine)}.`
          : 'No machine translation is set up: sentences come from the memory only.'}
      </p>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={onlyOutdated}
          onChange={(event) => {
            setOnlyOutdated(event.currentTarget.checked)
            setEstimate(null)
          }}
        />
        Only fields whose source changed
      </label>
      {estimate === null ? (
        <div className="admin-actions">
          <button type="button" className="admin-button" disabled={submit.busy || unsaved} onClick={count}>
            Fill from memory and machine
          </button>
          {unsaved && <p className="admin-hint">Save the draft first: filling writes the draft.</p>}
        </div>
      ) : (
        <div className="workbench-estimate" role="status">
          <p>
            {machine?.provider ? (
              <>
                This will send <strong>{number.format(estimate.characters)} characters</strong> to the machine
                {estimate.fromMemory > 0 &&
                  `; ${plural(estimate.fromMemory, 'sentence comes', 'sentences come')} from the memory at no cost`}
              </>
            ) : (
              <>
                <strong>{plural(estimate.fromMemory, 'sentence comes', 'sentences come')}</strong> from the memory
                {estimate.refused.length > 0 &&
                  `; ${plural(estimate.refused.length, 'sentence is', 'sentences are')} not in it, and a field with one stays as it is`}
              </>
            )}
            . Only missing and out-of-date fields in the {language.name} draft are filled; the published text is not
            touched.
          </p>
          <div className="admin-actions">
            <button type="button" className="admin-button" disabled={submit.busy} onClick={fill}>
              Fill now
            </button>
            <button
              type="button"
              className="admin-button admin-button--quiet"
              disabled={submit.busy}
              onClick={() => setEstimate(null)}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
      <StatusMessage status={submit.status} />
    </section>
  )
}
