import { useLoaderData, useRevalidator } from 'react-router'
import { StatusMessage } from '../components/status-message.js'
import { ListScreen } from '../kit/list-screen.js'
import { load } from '../kit/load.js'
import { PurgeButton, RestoreFromTrashButton } from '../kit/publishing-actions.js'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { formatWhen, listTrash, type TrashItem } from '../lib/publishing.js'

export const clientLoader = () =>
  load(
    async () => (await listTrash()).map((item) => ({ ...item, _id: `${item.kind}-${item.id}` })),
    'Failed to fetch the trash',
  )

type Row = TrashItem & { _id: string }

const KINDS = { project: 'Project', review: 'Review' } as const

/**
 * Issue 22: deleted projects and reviews, with their translations and images, until they are
 * restored or deleted permanently (by hand, or after TRASH_DAYS).
 */
export default function Trash() {
  const loaded = useLoaderData<typeof clientLoader>()
  const revalidator = useRevalidator()
  const submit = useSubmit(serverMessageOr('That did not work'))
  const done = () => void revalidator.revalidate()
  return (
    <ListScreen<Row>
      title="Trash"
      caption="Deleted projects and reviews"
      loaded={loaded}
      empty="The trash is empty."
      intro={
        <>
          <p className="admin-muted">
            Deleted projects and reviews stay here with their translations and images until they are deleted
            permanently.
          </p>
          <StatusMessage status={submit.status} />
        </>
      }
      columns={[
        {
          header: 'Title',
          rowHeader: true,
          cell: (item) => (
            <span id={`trash-${item.kind}-${item.id}`} lang={item.language}>
              {item.title}
            </span>
          ),
        },
        { header: 'Kind', cell: (item) => KINDS[item.kind] ?? item.kind },
        {
          header: 'Translations',
          cell: (item) => (item.translations > 0 ? item.translations : <span className="admin-muted">none</span>),
        },
        {
          header: 'Deleted',
          cell: (item) => `${formatWhen(item.trashedAt)}${item.trashedBy ? ` by ${item.trashedBy}` : ''}`,
        },
        { header: 'Deleted for good on', cell: (item) => formatWhen(item.purgeAt) },
        {
          header: 'Actions',
          cell: (item) => (
            <div className="admin-actions">
              <RestoreFromTrashButton submit={submit} item={item} done={done} />
              <PurgeButton submit={submit} item={item} done={done} />
            </div>
          ),
        },
      ]}
    />
  )
}
