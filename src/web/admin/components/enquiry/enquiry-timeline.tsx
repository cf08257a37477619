import type { EnquiryStage, EnquiryTimelineItem } from '../../../../shared/types.js'
import { formatDateTime } from '../enquiry-format.js'
import { stageLabel } from './team.js'

/** What happened, in words: "Stage changed from New to Contacted". */
function headline(item: EnquiryTimelineItem, stages: EnquiryStage[]): string {
  switch (item.type) {
    case 'created':
      return 'Enquiry received'
    case 'assigned':
      return item.to ? `Assigned to ${item.to}` : 'Owner removed'
    case 'stage':
      return `Stage changed from ${stageLabel(stages, item.from ?? '')} to ${stageLabel(stages, item.to ?? '')}`
    case 'note':
      return 'Note'
    case 'mail-out':
      return `Reply sent${item.address ? ` to ${item.address}` : ''}`
    case 'mail-in':
      return `Mail received${item.address ? ` from ${item.address}` : ''}`
    case 'merged':
      return 'Merged with another enquiry of the same person'
    case 'follow-up':
      return 'Follow-up due'
    default:
      return item.type
  }
}

const size = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`

/**
 * The enquiry's one thread, oldest first: each item with who and when. Mail bodies and notes are
 * shown as text (React escapes them; nothing is ever set as markup), decision 156.
 */
export function EnquiryTimeline({ items, stages }: { items: EnquiryTimelineItem[]; stages: EnquiryStage[] }) {
  if (items.length === 0) return <p className="admin-muted">Nothing has happened yet.</p>
  return (
    <ol className="enquiry-timeline">
      {items.map((item) => (
        <li key={item._id} data-type={item.type}>
          <p>
            <strong>{headline(item, stages)}</strong>
            <br />
            <span className="admin-muted">
              <time dateTime={item.at}>{formatDateTime(item.at)}</time>
              {' · '}
              {item.by ? item.by.name : item.type === 'mail-in' || item.type === 'created' ? 'the visitor' : 'the site'}
            </span>
          </p>
          {item.subject && <p className="admin-break">Subject: {item.subject}</p>}
          {item.text && <p className="enquiry-timeline__body">{item.text}</p>}
          {item.attachments && item.attachments.length > 0 && (
            <ul className="admin-list">
              {item.attachments.map((a, index) => (
                <li key={a._id ?? index}>
                  {a.name} ({size(a.size)}){a.kept ? '' : ': not kept (over 10 MB)'}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  )
}
