import type { AltTextCount } from '../../shared/image-alts.js'
import type { PublishingFields, WithDraft } from '../../shared/publishing.js'
import type { Executor } from '../db/client.js'
import { machineFieldsByRow } from '../translation/machine-fields.js'
import { missingAltCount } from './image-alts.js'
import type { ContentRow, RecordKind } from './publishing/record-kinds.js'
import { pendingSchedules, publishingFields } from './publishing/record-state.js'
import type { GroupMember, ListPage, translationGroups } from './translation-groups.js'

/** A project or a review as the back office reads it: the public shape and its publishing state. */
export type AdminRecord<Public> = Public & PublishingFields & AltTextCount & Partial<WithDraft<Record<string, unknown>>>

type Groups<R extends ContentRow> = Pick<
  ReturnType<typeof translationGroups<R>>,
  'list' | 'get' | 'withGroups' | 'translationsOf'
>

/**
 * The back office's reads of one kind of record (get-projects/get-reviews, get-project/get-review,
 * their translations): every kind answers them the same way, from its own groups and public shape.
 */
export function adminReads<R extends ContentRow, Public>(
  kind: RecordKind,
  groups: Groups<R>,
  toPublic: (member: GroupMember<R>) => Public,
) {
  async function toAdmin(db: Executor, members: GroupMember<R>[], withDraft = false): Promise<AdminRecord<Public>[]> {
    const rows = members.map((m) => m.row)
    const times = await pendingSchedules(
      db,
      kind.kind,
      rows.map((row) => row.id),
    )
    const machine = await machineFieldsByRow(db, kind.kind, rows)
    return members.map((member) => ({
      ...toPublic(member),
      ...publishingFields(kind, member.row, member.group, times(member.row.id)),
      missingAltText: missingAltCount(kind, member.row, member.group),
      // Filled by machine, not yet reviewed (issue 40).
      machineFields: machine.get(member.row.id) ?? [],
      ...(withDraft && { draft: member.row.draft }),
    }))
  }

  return {
    /** Every record but the trash, drafts and unpublished ones included, newest first. */
    list: async (db: Executor, page?: ListPage) => toAdmin(db, await groups.list(db, page)),
    /** One record with its publishing state and its draft. */
    async get(db: Executor, id: string): Promise<AdminRecord<Public>> {
      const [member] = await groups.withGroups(db, [await groups.get(db, id)])
      const [record] = await toAdmin(db, [member!], true)
      return record!
    },
    translationsOf: async (db: Executor, id: string) => toAdmin(db, await groups.translationsOf(db, id)),
  }
}
