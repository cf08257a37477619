import { useState } from 'react'
import { Link, useLoaderData } from 'react-router'
import type { Enquiry } from '../../../shared/types.js'
import { deliveryText, formatDateTime, fullName } from '../components/enquiry-format.js'
import { LoadError, loadFailure, type Status, StatusMessage } from '../components/status-message.js'
import { api } from '../lib/api.js'
import { getToken, signOutLocally } from '../lib/auth.js'
import '../styles-content.css'

export async function clientLoader() {
  try {
    const enquiries = await api<Enquiry[]>('/get-enquiries')
    return { enquiries: [...enquiries].sort((a, b) => b.createdAt.localeCompare(a.createdAt)), error: null }
  } catch (error) {
    return { enquiries: [] as Enquiry[], error: loadFailure(error, 'Failed to fetch enquiries') }
  }
}

/** Saves the server's CSV export through a temporary Blob link (the call needs the bearer token). */
async function downloadCsv() {
  const response = await fetch('/api/admin/enquiries.csv', { headers: { authorization: `Bearer ${getToken() ?? ''}` } })
  if (response.status === 401) {
    signOutLocally()
    throw new Error('Please sign in')
  }
  if (!response.ok) throw new Error(`CSV export failed (${response.status})`)
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'enquiries.csv'
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser a moment to start the download before the Blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Beyond the SPEC: the enquiries sent through the contact form, newest first. */
export default function Enquiries() {
  const { enquiries, error } = useLoaderData<typeof clientLoader>()
  const [status, setStatus] = useState<Status | null>(null)
  const [busy, setBusy] = useState(false)
  const open = enquiries.filter((e) => !e.handledAt).length

  async function download() {
    setBusy(true)
    setStatus(null)
    try {
      await downloadCsv()
    } catch (e) {
      console.error(e)
      setStatus({ kind: 'error', message: 'Failed to download the CSV' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <div className="admin-heading">
        <h1>Enquiries</h1>
        <button type="button" className="admin-button" onClick={download} disabled={busy || enquiries.length === 0}>
          Download CSV
        </button>
      </div>
      <StatusMessage status={status} />
      {error && <LoadError {...error} />}
      {!error && enquiries.length === 0 && <p>No enquiries yet.</p>}
      {enquiries.length > 0 && (
        <>
          <p className="admin-muted">
            {enquiries.length} enquiries, {open} not handled yet.
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--stack">
              <caption className="visually-hidden">Enquiries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Services</th>
                  <th scope="col">Delivery</th>
                  <th scope="col">Handled</th>
                </tr>
              </thead>
              <tbody>
                {enquiries.map((enquiry) => (
                  <tr key={enquiry._id} className={enquiry.handledAt ? undefined : 'admin-row--open'}>
                    <td data-label="Received">
                      <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>
                    </td>
                    <th scope="row" data-label="Name">
                      <Link to={`/admin/enquiry/${enquiry._id}`}>{fullName(enquiry)}</Link>
                    </th>
                    <td data-label="E-mail" className="admin-break">
                      {enquiry.email}
                    </td>
                    <td data-label="Services">{enquiry.services || <span className="admin-muted">none</span>}</td>
                    <td data-label="Delivery">{deliveryText(enquiry)}</td>
                    <td data-label="Handled">{enquiry.handledAt ? 'yes' : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  )
}
