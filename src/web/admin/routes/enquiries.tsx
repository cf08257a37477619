import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import { enquiryFilterSchema, type EnquiryFilter } from '../../../shared/schemas/enquiry.schema.js'
import type { Enquiry, Language, Project } from '../../../shared/types.js'
import { EnquiryFilters, filterQuery } from '../components/enquiry-filters.js'
import { deliveryText, formatDateTime, fullName, projectText } from '../components/enquiry-format.js'
import { StatusMessage } from '../components/status-message.js'
import { load } from '../kit/load.js'
import type { Loaded } from '../kit/load.js'
import { ListScreen } from '../kit/list-screen.js'
import { useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { getToken, signOutLocally } from '../lib/auth.js'

/** The filter in the screen's address; a value the API would refuse is dropped. */
function filterOf(url: string): EnquiryFilter {
  const query = Object.fromEntries(new URL(url).searchParams)
  const parsed = enquiryFilterSchema.safeParse({
    project: query.project || undefined,
    language: query.language || undefined,
    status: query.status || undefined,
  })
  return parsed.success ? parsed.data : {}
}

export const clientLoader = ({ request }: ClientLoaderFunctionArgs) => {
  const filter = filterOf(request.url)
  return load(async () => {
    const [enquiries, projects, languages] = await Promise.all([
      api<Enquiry[]>(`/get-enquiries${filterQuery(filter)}`),
      api<Project[]>('/get-projects'),
      api<Language[]>('/get-languages'),
    ])
    return {
      enquiries: [...enquiries].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      projects: projects.map(({ slug, title, language }) => ({ slug, title, language })),
      languages,
      filter,
    }
  }, 'Failed to fetch enquiries')
}

/** Saves the server's CSV export through a temporary Blob link (the call needs the bearer token). */
async function downloadCsv(filter: EnquiryFilter) {
  const response = await fetch(`/api/admin/enquiries.csv${filterQuery(filter)}`, {
    headers: { authorization: `Bearer ${getToken() ?? ''}` },
  })
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
  const screen = useLoaderData<typeof clientLoader>()
  const download = useSubmit(() => ({ kind: 'error', message: 'Failed to download the CSV' }))
  const loaded: Loaded<Enquiry[]> = screen.error ? screen : { data: screen.data.enquiries, error: null }
  const items = loaded.data ?? []
  const filter = screen.data?.filter ?? {}
  const filtered = Object.values(filter).some(Boolean)
  const open = items.filter((e) => !e.handledAt).length

  return (
    <ListScreen
      title="Enquiries"
      caption="Enquiries, newest first"
      loaded={loaded}
      action={
        <button
          type="button"
          className="admin-button"
          onClick={() => download.run(() => downloadCsv(filter))}
          disabled={download.busy || items.length === 0}
        >
          Download CSV
        </button>
      }
      intro={
        <>
          <StatusMessage status={download.status} />
          {screen.data && (
            <EnquiryFilters filter={filter} projects={screen.data.projects} languages={screen.data.languages} />
          )}
          {items.length > 0 && (
            <p className="admin-muted">
              {items.length} enquiries{filtered ? ' match the filter' : ''}, {open} not handled yet.
            </p>
          )}
        </>
      }
      rowClassName={(enquiry) => (enquiry.handledAt ? undefined : 'admin-row--open')}
      columns={[
        {
          header: 'Received',
          cell: (enquiry) => <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>,
        },
        {
          header: 'Name',
          rowHeader: true,
          cell: (enquiry) => <Link to={`/admin/enquiry/${enquiry._id}`}>{fullName(enquiry)}</Link>,
        },
        { header: 'E-mail', className: 'admin-break', cell: (enquiry) => enquiry.email },
        { header: 'Services', cell: (enquiry) => enquiry.services || <span className="admin-muted">none</span> },
        { header: 'Project', cell: (enquiry) => projectText(enquiry) ?? <span className="admin-muted">none</span> },
        { header: 'Language', cell: (enquiry) => enquiry.language ?? <span className="admin-muted">—</span> },
        { header: 'Delivery', cell: (enquiry) => deliveryText(enquiry) },
        { header: 'Handled', cell: (enquiry) => (enquiry.handledAt ? 'yes' : 'no') },
      ]}
    />
  )
}
