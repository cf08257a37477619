import { Form } from 'react-router'
import { Options } from '../kit/options.js'
import type { EnquiryFilter } from '../../../shared/schemas/enquiry.schema.js'
import type { EnquiryStage, Language, Project } from '../../../shared/types.js'
import type { TeamMember } from './enquiry/team.js'
import { languageLabel } from '../lib/language-names.js'

/**
 * The filters of the enquiries screen, as `?project=&language=&status=&stage=&ownerId=&followUp=` (a GET
 * form: links keep them); `view` keeps the list or the board.
 */
export function EnquiryFilters({
  filter,
  projects,
  languages,
  stages,
  team,
  view,
}: {
  filter: EnquiryFilter
  projects: Pick<Project, 'slug' | 'title' | 'language'>[]
  languages: Language[]
  stages: EnquiryStage[]
  team: TeamMember[]
  view: string
}) {
  return (
    <Form method="get" className="admin-form admin-filters" aria-label="Filter enquiries">
      {view === 'board' && <input type="hidden" name="view" value="board" />}
      <FilterSelect
        label="Stage"
        name="stage"
        value={filter.stage}
        any="Any stage"
        options={stages.map((s) => ({ value: s.key, label: s.label }))}
      />
      <FilterSelect
        label="Owner"
        name="ownerId"
        value={filter.ownerId}
        any="Anyone"
        options={[{ value: 'none', label: 'Nobody yet' }, ...team.map((m) => ({ value: m._id, label: m.name }))]}
      />
      <FilterSelect
        label="Project"
        name="project"
        value={filter.project}
        any="Any project"
        options={projects.map((p) => ({ value: p.slug, label: `${p.title} (${p.language})` }))}
      />
      <FilterSelect
        label="Language"
        name="language"
        value={filter.language}
        any="Any language"
        options={languages.map((l) => ({ value: l.code, label: languageLabel(languages, l.code) }))}
      />
      <FilterSelect
        label="Follow-up"
        name="followUp"
        value={filter.followUp}
        any="Any time"
        options={[{ value: 'due', label: 'Due now' }]}
      />
      <FilterSelect
        label="Delivery"
        name="status"
        value={filter.status}
        any="Any status"
        options={[
          { value: 'pending', label: 'Pending (not delivered everywhere yet)' },
          { value: 'sent', label: 'Delivered' },
        ]}
      />
      <div className="admin-filters__actions">
        <button type="submit" className="admin-button">
          Filter
        </button>
      </div>
    </Form>
  )
}

function FilterSelect(props: {
  label: string
  name: string
  value: string | undefined
  any: string
  options: { value: string; label: string }[]
}) {
  return (
    <label>
      {props.label}
      <select name={props.name} defaultValue={props.value ?? ''}>
        <option value="">{props.any}</option>
        <Options items={props.options} value={(option) => option.value} label={(option) => option.label} />
      </select>
    </label>
  )
}

/** The filter in a URL's query, as the API takes it (empty values left out). */
export function filterQuery(filter: EnquiryFilter): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value)
  const text = query.toString()
  return text ? `?${text}` : ''
}
