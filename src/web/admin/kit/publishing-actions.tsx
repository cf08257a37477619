import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { confirmAction } from '../lib/confirm.js'
import {
  createPreviewLink,
  formatWhen,
  historyPath,
  markUpToDate,
  publishNow,
  PUBLISHING_MESSAGES,
  purgeFromTrash,
  restoreFromTrash,
  restoreVersion,
  revokePreviewLinks,
  unpublish,
  type PreviewLink,
  type PublishTarget,
  type TrashItem,
} from '../lib/publishing.js'
import type { SubmitState } from './use-submit.js'

// Every publishing action's button lives here, once: a screen places them, and whoever decides
// which role may use which action (issue 23) wraps or hides them in this one file. Each button
// runs its call through the screen's submit hook (busy, the outcome under it) and hands the
// answer back with `done`.

/** What a finished action gives back: the record as the server now has it (when it answers one). */
type Done = (answer: unknown) => void

interface ActionProps {
  submit: SubmitState
  target: PublishTarget
  done?: Done
}

/**
 * A button that runs one action through the screen's submit hook, once the person accepted
 * `confirm` when there is one. `run` answers the message shown under the screen.
 */
export function ActionButton(props: {
  submit: SubmitState
  run: () => Promise<string>
  children: ReactNode
  className?: string
  confirm?: string
  describedBy?: string
}) {
  return (
    <button
      type="button"
      className={props.className ?? 'admin-button'}
      disabled={props.submit.busy}
      aria-describedby={props.describedBy}
      onClick={() => {
        if (props.confirm && !confirmAction(props.confirm)) return
        void props.submit.run(props.run)
      }}
    >
      {props.children}
    </button>
  )
}

const QUIET = 'admin-button admin-button--quiet'
const QUIET_SMALL = 'admin-button admin-button--quiet admin-button--small'

/**
 * 'Save draft': the form's second submit button (its only one for someone who may not publish:
 * `primary`); the form sends `saveAs=draft` with it.
 */
export function SaveDraftButton({ disabled, primary = false }: { disabled: boolean; primary?: boolean }) {
  return (
    <button
      type="submit"
      name="saveAs"
      value="draft"
      className={primary ? 'admin-button' : 'admin-button admin-button--quiet'}
      disabled={disabled}
    >
      Save draft
    </button>
  )
}

/** 'Publish': makes the saved draft public now (the form's own button saves and publishes at once). */
export function PublishButton({ submit, target, done, label = 'Publish' }: ActionProps & { label?: string }) {
  return (
    <ActionButton
      submit={submit}
      run={async () => {
        done?.(await publishNow(target))
        return PUBLISHING_MESSAGES.published
      }}
    >
      {label}
    </ActionButton>
  )
}

/** 'Unpublish': takes it off the site now; an original takes its whole group with it. */
export function UnpublishButton({ submit, target, done, what }: ActionProps & { what: string }) {
  return (
    <ActionButton
      submit={submit}
      className={QUIET}
      confirm={`Unpublish ${what}? Visitors will no longer see it.`}
      run={async () => {
        done?.(await unpublish(target))
        return PUBLISHING_MESSAGES.unpublished
      }}
    >
      Unpublish
    </ActionButton>
  )
}

/**
 * 'Preview': asks for a preview link of the saved draft and opens it in a new tab. The tab is
 * opened before the call, while the click still counts as the admin's (a tab opened after an
 * await is a pop-up the browser may block); the link is also shown to copy.
 */
export function PreviewButton({ submit, target, onLink }: ActionProps & { onLink: (link: PreviewLink) => void }) {
  return (
    <button
      type="button"
      className={QUIET}
      disabled={submit.busy}
      onClick={() => {
        const tab = window.open('', '_blank')
        void submit.run(async () => {
          try {
            const link = await createPreviewLink(target)
            if (tab) {
              tab.opener = null
              tab.location.href = link.url
            }
            onLink(link)
            return PUBLISHING_MESSAGES.previewReady
          } catch (error) {
            tab?.close()
            throw error
          }
        })
      }}
    >
      Preview
    </button>
  )
}

/** The preview link to copy, how long it works, and the way to revoke every link of the record. */
export function PreviewLinkBox({
  submit,
  target,
  link,
  onRevoked,
}: ActionProps & { link: PreviewLink; onRevoked: () => void }) {
  const [copied, setCopied] = useState(false)
  return (
    <div className="admin-preview-link">
      <label>
        Preview link
        <input readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <p className="admin-hint">Anyone with this link sees the saved draft until {formatWhen(link.expiresAt)}.</p>
      <div className="admin-actions">
        <button
          type="button"
          className="admin-button admin-button--quiet admin-button--small"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(link.url)
              setCopied(true)
            } catch {
              // No clipboard (an insecure origin): the field is selected for the admin to copy.
              submit.setStatus({ kind: 'error', message: 'Copy the link from the field.' })
            }
          }}
        >
          {copied ? PUBLISHING_MESSAGES.previewCopied : 'Copy link'}
        </button>
        <a
          className="admin-button admin-button--quiet admin-button--small"
          href={link.url}
          target="_blank"
          rel="noopener"
        >
          Open preview
        </a>
        <ActionButton
          submit={submit}
          className={QUIET_SMALL}
          confirm="Revoke every preview link of this page? Anyone who has one can no longer open it."
          run={async () => {
            await revokePreviewLinks(target)
            onRevoked()
            return PUBLISHING_MESSAGES.previewRevoked
          }}
        >
          Revoke links
        </ActionButton>
      </div>
    </div>
  )
}

/** 'Schedule…': opens the schedule dialog (schedule-dialog.tsx). */
export function ScheduleButton({ disabled, onOpen }: { disabled: boolean; onOpen: () => void }) {
  return (
    <button type="button" className={QUIET} disabled={disabled} onClick={onOpen}>
      Schedule…
    </button>
  )
}

/** 'History': the record's versions. */
export const HistoryLink = ({ target }: { target: PublishTarget }) => (
  <Link className={QUIET} to={historyPath(target)}>
    History
  </Link>
)

/** 'Restore this version': makes an older version the draft. */
export function RestoreVersionButton({ submit, target, versionId, done }: ActionProps & { versionId: string }) {
  return (
    <ActionButton
      submit={submit}
      run={async () => {
        done?.(await restoreVersion(target, versionId))
        return PUBLISHING_MESSAGES.restoredVersion
      }}
    >
      Restore this version
    </ActionButton>
  )
}

/** 'Mark as up to date': the translation was checked against its original's change. */
export function MarkUpToDateButton({ submit, target, done }: ActionProps) {
  return (
    <ActionButton
      submit={submit}
      className={QUIET_SMALL}
      run={async () => {
        done?.(await markUpToDate(target))
        return PUBLISHING_MESSAGES.upToDate
      }}
    >
      Mark as up to date
    </ActionButton>
  )
}

interface TrashActionProps {
  submit: SubmitState
  item: TrashItem
  done: () => void
}

/** 'Restore' in the trash: brings back the record, its translations and images. */
export function RestoreFromTrashButton({ submit, item, done }: TrashActionProps) {
  return (
    <ActionButton
      submit={submit}
      className="admin-button admin-button--small"
      describedBy={`trash-${item.kind}-${item.id}`}
      run={async () => {
        await restoreFromTrash(item)
        done()
        return `${PUBLISHING_MESSAGES.restored}: ${item.title}`
      }}
    >
      Restore
    </ActionButton>
  )
}

/** 'Delete permanently': the only way out of the trash that cannot be undone, so it asks first. */
export function PurgeButton({ submit, item, done }: TrashActionProps) {
  const group = item.translations > 0 ? ` and its ${item.translations} translation(s)` : ''
  return (
    <ActionButton
      submit={submit}
      className="admin-button admin-button--danger admin-button--small"
      describedBy={`trash-${item.kind}-${item.id}`}
      confirm={`Delete “${item.title}”${group} permanently, with its images? This cannot be undone.`}
      run={async () => {
        await purgeFromTrash(item)
        done()
        return `${PUBLISHING_MESSAGES.purged}: ${item.title}`
      }}
    >
      Delete permanently
    </ActionButton>
  )
}
