import type { Enquiry, EnquiryStage, UserSummary } from '../../../../shared/types.js'
import { api } from '../../lib/api.js'

/** A person who may own an enquiry. */
export interface TeamMember {
  _id: string
  name: string
}

/**
 * The owners and editors for the owner pickers. The team list is for owners only (decision 088);
 * an editor gets the owners the enquiries already name, so the picker still works for them.
 */
export async function loadTeam(enquiries: Pick<Enquiry, 'ownerId' | 'ownerName'>[] = []): Promise<TeamMember[]> {
  try {
    const users = await api<UserSummary[]>('/users')
    return users.filter((u) => u.active && u.role !== 'translator').map((u) => ({ _id: u._id, name: u.username }))
  } catch {
    const known = new Map<string, string>()
    for (const e of enquiries) if (e.ownerId) known.set(e.ownerId, e.ownerName ?? 'a former team member')
    return [...known].map(([_id, name]) => ({ _id, name }))
  }
}

export const loadStages = async () => (await api<{ stages: EnquiryStage[] }>('/enquiry-stages')).stages

/** A stage's label, or its key when the stage was since removed. */
export const stageLabel = (stages: EnquiryStage[], key: string) => stages.find((s) => s.key === key)?.label ?? key

const euros = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
export const formatEuros = (value: number) => euros.format(value)
