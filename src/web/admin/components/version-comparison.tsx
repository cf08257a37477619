import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { RestoreVersionButton } from '../kit/publishing-actions.js'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { compareVersion } from '../lib/compare-versions.js'
import { editPath, formatWhen, readVersion, type PublishTarget, type VersionDetail } from '../lib/publishing.js'
import { LoadError, StatusMessage } from './status-message.js'
import { serverReason } from './status-message.js'

interface VersionComparisonProps {
  target: PublishTarget
  versionId: string
  /** The record's fields now (its draft when it has one). */
  current: Record<string, unknown>
}

/** One version beside the current record, field by field, with 'Restore this version'. */
export function VersionComparison({ target, versionId, current }: VersionComparisonProps) {
  const [version, setVersion] = useState<VersionDetail | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [restored, setRestored] = useState(false)
  const [showSame, setShowSame] = useState(false)
  const submit = useSubmit(serverMessageOr('Failed to restore the version'))

  useEffect(() => {
    let live = true
    readVersion(target, versionId).then(
      (answer) => live && setVersion(answer),
      (failure: unknown) => live && setError(serverReason(failure) ?? 'Failed to fetch the version'),
    )
    return () => {
      live = false
    }
  }, [target, versionId])

  if (error) return <LoadError message="Failed to fetch the version" detail={error} />
  if (!version) return <p className="admin-muted">Loading...</p>

  const rows = compareVersion(version.data, current)
  const changed = rows.filter((r) => r.changed)
  const shown = showSame ? rows : changed
  return (
    <section className="admin-card admin-compare" aria-labelledby="compare-title">
      <div className="admin-heading">
        <div>
          <h2 id="compare-title">Version {version.number} and the current one</h2>
          <p className="admin-muted">
            {formatWhen(version.createdAt)}
            {version.changedBy ? `, by ${version.changedBy}` : ''} ·{' '}
            {changed.length === 0
              ? 'the same as the current one'
              : `${changed.length} field${changed.length === 1 ? '' : 's'} differ`}
          </p>
        </div>
        <div className="admin-actions">
          {!restored && (
            <RestoreVersionButton
              submit={submit}
              target={target}
              versionId={version.id}
              done={() => setRestored(true)}
            />
          )}
        </div>
      </div>
      <StatusMessage status={submit.status}>
        {restored && (
          <p>
            <Link to={editPath(target)}>Open the edit screen</Link> to check it and publish it.
          </p>
        )}
      </StatusMessage>
      {rows.length > changed.length && (
        <label className="admin-check">
          <input type="checkbox" checked={showSame} onChange={(event) => setShowSame(event.currentTarget.checked)} />
          Show the fields that are the same
        </label>
      )}
      {shown.length > 0 && (
        <table className="admin-table admin-table--stack admin-compare__table">
          <caption className="visually-hidden">Version {version.number} and the current one, field by field</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Version {version.number}</th>
              <th scope="col">Current</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.field} className={row.changed ? 'admin-compare--changed' : undefined}>
                <th scope="row" data-label="Field">
                  {row.label}
                </th>
                <td data-label={`Version ${version.number}`} className="admin-prewrap">
                  {row.changed ? <del>{row.then}</del> : row.then}
                </td>
                <td data-label="Current" className="admin-prewrap">
                  {row.changed ? <ins>{row.now}</ins> : row.now}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
