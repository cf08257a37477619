import type { Enquiry, EnquiryStage } from '../../../../shared/types.js'
import { api } from '../../lib/api.js'

/** A person who may own an enquiry. */
export interface TeamMember {
  _id: string
  name: string
}

/**
 * The owners and editors for the owner pickers (`enquiry-owners`: editors may read it, unlike the
 * owner-only team list). Owners the enquiries name who may no longer own one stay selectable by
 * their name, so a picker never shows an empty choice.
 */
export async function loadTeam(enquiries: Pick<Enquiry, 'ownerId' | 'ownerName'>[] = []): Promise<TeamMember[]> {
  const { owners } = await api<{ owners: TeamMember[] }>('/enquiry-owners')
  const known = new Map(owners.map((o) => [o._id, o.name]))
  for (const e of enquiries)
    if (e.ownerId && !known.has(e.ownerId)) known.set(e.ownerId, e.ownerName ?? 'a former team member')
  return [...known].map(([_id, name]) => ({ _id, name }))
}

export const loadStages = async () => (await api<{ stages: EnquiryStage[] }>('/enquiry-stages')).stages

/** A stage's label, or its key when the stage was since removed. */
export const stageLabel = (stages: EnquiryStage[], key: string) => stages.find((s) => s.key === key)?.label ?? key

const euros = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
export const formatEuros = (value: number) => euros.format(value)
