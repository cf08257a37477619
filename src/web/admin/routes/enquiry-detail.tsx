import { useState } from 'react'
import { Link, type ClientLoaderFunctionArgs } from 'react-router'
import type { EnquiryDetail, EnquiryStage, EnquiryTimelineItem } from '../../../shared/types.js'
import { ContactCard, NoteForm, ReplyForm, WorkspaceForm } from '../components/enquiry/enquiry-panels.js'
import { EnquiryTimeline } from '../components/enquiry/enquiry-timeline.js'
import { loadStages, loadTeam, type TeamMember } from '../components/enquiry/team.js'
import { CAMPAIGN_PARAMS } from '../../../shared/constants.js'
import { deliveryText, formatDateTime, fullName, projectText } from '../components/enquiry-format.js'
import { DetailScreen, Facts, recordRoute } from '../kit/detail-screen.js'
import { load } from '../kit/load.js'
import { fixedMessage, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'

/** The enquiry with what its workspace needs: the stages, the team, its timeline. */
interface EnquiryScreen extends EnquiryDetail {
  stages: EnquiryStage[]
  team: TeamMember[]
  timeline: EnquiryTimelineItem[]
}

const timelineOf = async (id: string) =>
  (await api<{ items: EnquiryTimelineItem[] }>(`/enquiries/${id}/timeline`)).items

export const clientLoader = ({ params }: ClientLoaderFunctionArgs) =>
  load(
    async (): Promise<EnquiryScreen> => {
      const id = params.id ?? ''
      const [answer, stages, timeline] = await Promise.all([
        api<EnquiryDetail | { enquiry: EnquiryDetail }>(`/get-enquiry/${id}`),
        loadStages(),
        timelineOf(id),
      ])
      const enquiry = 'enquiry' in answer ? answer.enquiry : answer
      return { ...enquiry, stages, timeline, team: await loadTeam([enquiry]) }
    },
    'Failed to fetch the enquiry',
    { notFound: 'Enquiry not found' },
  )

export default recordRoute({ title: 'Enquiry', list: 'enquiries' }, EnquiryView)

/** Every field of one enquiry, the handled flag, and its workspace: stage, owner, timeline, reply. */
function EnquiryView({ record }: { record: EnquiryScreen }) {
  const { stages, team } = record
  const [enquiry, setEnquiry] = useState<EnquiryDetail>(record)
  const [timeline, setTimeline] = useState(record.timeline)
  const action = useSubmit(fixedMessage('Failed to update the enquiry'))
  const refreshTimeline = () => void timelineOf(enquiry._id).then(setTimeline, () => {})

  const toggleHandled = () =>
    action.run(async () => {
      const handled = !enquiry.handledAt
      const answer = await api<{ enquiry: EnquiryDetail }>(`/update-enquiry/${enquiry._id}`, {
        method: 'PUT',
        json: { handled },
      })
      setEnquiry((before) => ({ ...before, ...answer.enquiry }))
      return handled ? 'Marked as handled' : 'Marked as not handled'
    })

  const none = (text: string) => <span className="admin-muted">{text}</span>
  return (
    <DetailScreen
      title={`Enquiry from ${fullName(enquiry)}`}
      links={[]}
      remove={{
        path: `/delete-enquiry/${enquiry._id}`,
        what: `the enquiry from ${fullName(enquiry)} and every trace of it (erasure)`,
        then: '/admin/enquiries',
        describeError: fixedMessage('Failed to delete the enquiry'),
      }}
      actions={
        <>
          <button type="button" className="admin-button" onClick={toggleHandled} disabled={action.busy}>
            {enquiry.handledAt ? 'Mark as not handled' : 'Mark as handled'}
          </button>
          <a
            className="admin-button admin-button--quiet"
            href={`mailto:${enquiry.email}?subject=${encodeURIComponent(`Re: ${enquiry.subject}`)}`}
          >
            Reply by e-mail
          </a>
        </>
      }
      status={action.status}
    >
      <div className="enquiry-workspace">
        <div>
          <section className="admin-card" aria-labelledby="timeline-heading">
            <h2 id="timeline-heading">Timeline</h2>
            <EnquiryTimeline items={timeline} stages={stages} />
            <NoteForm enquiryId={enquiry._id} onAdded={refreshTimeline} />
          </section>
          <section className="admin-card">
            <ReplyForm enquiry={enquiry} onSent={refreshTimeline} />
          </section>
        </div>
        <div>
          <section className="admin-card">
            <WorkspaceForm
              enquiry={enquiry}
              stages={stages}
              team={team}
              onSaved={(saved) => {
                setEnquiry((before) => ({ ...before, ...saved }))
                refreshTimeline()
              }}
            />
          </section>
          <ContactCard
            enquiry={enquiry}
            stages={stages}
            onMerged={(merged) => {
              setEnquiry(merged)
              refreshTimeline()
            }}
          />
        </div>
      </div>
      <article className="admin-card" aria-label="The enquiry as sent">
        <Facts
          facts={[
            { term: 'Received', value: <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time> },
            { term: 'First name', value: enquiry.fname },
            { term: 'Last name', value: enquiry.lname },
            { term: 'E-mail', value: <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a> },
            { term: 'Phone', value: <a href={`tel:${enquiry.phone.replace(/[^\d+]/g, '')}`}>{enquiry.phone}</a> },
            { term: 'Services', value: enquiry.services || none('none chosen') },
            { term: 'Subject', value: enquiry.subject },
            { term: 'Message', value: <span className="admin-prewrap">{enquiry.message}</span> },
            {
              term: 'Project',
              value: enquiry.project ? (
                enquiry.project._id ? (
                  <Link to={`/admin/project/${enquiry.project._id}`}>{projectText(enquiry)}</Link>
                ) : (
                  `${projectText(enquiry)}, since deleted`
                )
              ) : (
                none('none')
              ),
            },
            { term: 'Page language', value: enquiry.language ?? none('not known') },
            {
              term: 'Sent from',
              value: enquiry.pageUrl ? <span className="admin-break">{enquiry.pageUrl}</span> : none('not known'),
            },
            { term: 'Campaign', value: campaignText(enquiry) ?? none('none') },
            {
              term: 'Consent',
              value: enquiry.consentAt
                ? `given ${formatDateTime(enquiry.consentAt)} (text ${enquiry.consentVersion})`
                : none('not recorded (sent through the API)'),
            },
            { term: 'Delivery status', value: deliveryText(enquiry) },
            { term: 'Delivered', value: enquiry.deliveredAt ? formatDateTime(enquiry.deliveredAt) : none('not yet') },
            {
              term: 'Last error',
              value: enquiry.lastError ? <span className="admin-prewrap">{enquiry.lastError}</span> : none('none'),
            },
            // The webhook's own state, when the enquiry has one (decision 053).
            ...enquiry.deliveries
              .filter((d) => d.channel === 'webhook')
              .map((d) => ({
                term: 'Webhook',
                value: d.deliveredAt
                  ? `sent ${formatDateTime(d.deliveredAt)}`
                  : `pending (${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'})${d.lastError ? `, last error: ${d.lastError}` : ''}`,
              })),
            { term: 'Handled', value: enquiry.handledAt ? `yes, ${formatDateTime(enquiry.handledAt)}` : 'no' },
          ]}
        />
      </article>
    </DetailScreen>
  )
}

/** "utm_source=google, utm_campaign=spring", or null when the visit had none. */
function campaignText(enquiry: EnquiryDetail): string | null {
  const given = CAMPAIGN_PARAMS.filter((name) => enquiry[name]).map((name) => `${name}=${enquiry[name]}`)
  return given.length > 0 ? given.join(', ') : null
}
