import { useState, type ReactNode } from 'react'
import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import type { Enquiry } from '../../../shared/types.js'
import { deliveryText, formatDateTime, fullName } from '../components/enquiry-format.js'
import { failure, LoadError, loadFailure, type Status, StatusMessage, unwrap } from '../components/status-message.js'
import { api } from '../lib/api.js'
import '../styles-content.css'

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  try {
    const enquiry = unwrap(await api<Enquiry | { enquiry: Enquiry }>(`/get-enquiry/${params.id ?? ''}`), 'enquiry')
    return { enquiry, error: null }
  } catch (error) {
    return { enquiry: null, error: loadFailure(error, 'Failed to fetch the enquiry') }
  }
}

export default function EnquiryDetail() {
  const data = useLoaderData<typeof clientLoader>()
  return data.enquiry ? (
    <EnquiryView key={data.enquiry._id} initial={data.enquiry} />
  ) : (
    <>
      <h1>Enquiry</h1>
      {data.error && <LoadError {...data.error} />}
      <p>
        <Link to="/admin/enquiries">All enquiries</Link>
      </p>
    </>
  )
}

/** Every field of one enquiry, and the handled flag. */
function EnquiryView({ initial }: { initial: Enquiry }) {
  const [enquiry, setEnquiry] = useState(initial)
  const [status, setStatus] = useState<Status | null>(null)
  const [busy, setBusy] = useState(false)

  async function toggleHandled() {
    setBusy(true)
    setStatus(null)
    const handled = !enquiry.handledAt
    try {
      const answer = await api<{ enquiry: Enquiry }>(`/update-enquiry/${enquiry._id}`, {
        method: 'PUT',
        json: { handled },
      })
      setEnquiry(answer.enquiry)
      setStatus({ kind: 'success', message: handled ? 'Marked as handled' : 'Marked as not handled' })
    } catch (error) {
      setStatus(failure(error, 'Failed to update the enquiry'))
    } finally {
      setBusy(false)
    }
  }

  const rows: [string, ReactNode][] = [
    ['Received', <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>],
    ['First name', enquiry.fname],
    ['Last name', enquiry.lname],
    ['E-mail', <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>],
    ['Phone', <a href={`tel:${enquiry.phone.replace(/[^\d+]/g, '')}`}>{enquiry.phone}</a>],
    ['Services', enquiry.services || <span className="admin-muted">none chosen</span>],
    ['Subject', enquiry.subject],
    ['Message', <span className="admin-prewrap">{enquiry.message}</span>],
    ['Delivery status', deliveryText(enquiry)],
    [
      'Delivered',
      enquiry.deliveredAt ? formatDateTime(enquiry.deliveredAt) : <span className="admin-muted">not yet</span>,
    ],
    [
      'Last error',
      enquiry.lastError ? (
        <span className="admin-prewrap">{enquiry.lastError}</span>
      ) : (
        <span className="admin-muted">none</span>
      ),
    ],
    ['Handled', enquiry.handledAt ? `yes, ${formatDateTime(enquiry.handledAt)}` : 'no'],
  ]

  return (
    <>
      <h1>Enquiry from {fullName(enquiry)}</h1>
      <article className="admin-card">
        <dl className="admin-details">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </article>
      <div className="admin-actions">
        <button type="button" className="admin-button" onClick={toggleHandled} disabled={busy}>
          {enquiry.handledAt ? 'Mark as not handled' : 'Mark as handled'}
        </button>
        <a
          className="admin-button admin-button--quiet"
          href={`mailto:${enquiry.email}?subject=${encodeURIComponent(`Re: ${enquiry.subject}`)}`}
        >
          Reply by e-mail
        </a>
      </div>
      <StatusMessage status={status} />
    </>
  )
}
