import { useState } from 'react'
import { LanguageOptions, Options } from '../../kit/options.js'
import type { EnquiryRule, Language, Project } from '../../../../shared/types.js'
import { FormEnd } from '../../kit/form-end.js'
import { JsonForm } from '../../kit/json-form.js'
import { serverMessageOr, useSubmit } from '../../kit/use-submit.js'
import type { TeamMember } from './team.js'
import { QuietButton } from '../../kit/quiet-button.js'

/**
 * Who gets a new enquiry: by its language or its project; an enquiry no rule names goes in turn
 * to the active owners and editors (issue 42).
 */
export function RulesEditor(props: {
  initial: EnquiryRule[]
  team: TeamMember[]
  languages: Language[]
  projects: Pick<Project, '_id' | 'title' | 'language'>[]
}) {
  const { team, languages, projects } = props
  const [rules, setRules] = useState(props.initial)
  const form = useSubmit(serverMessageOr('Failed to save the rules'))
  const change = (index: number, patch: Partial<EnquiryRule>) =>
    setRules(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)))

  return (
    <JsonForm<{ rules: EnquiryRule[] }>
      form={form}
      path="/enquiry-rules"
      method="PUT"
      json={() => ({ rules })}
      refuse={() => (rules.some((r) => !r.ownerId) ? 'Every rule needs an owner' : undefined)}
      saved={(answer) => {
        setRules(answer.rules)
        return 'Assignment rules saved'
      }}
      labelledBy="rules-heading"
      card
    >
      <h2 id="rules-heading">Assignment rules</h2>
      <p className="admin-muted">
        A new enquiry goes to the first rule that fits its language or its project; otherwise in turn to the active
        owners and editors.
      </p>
      {rules.length === 0 && <p>No rules yet.</p>}
      <ol className="enquiry-stages">
        {rules.map((rule, index) => (
          <li key={index}>
            <label>
              Language
              <select value={rule.language ?? ''} onChange={(e) => change(index, { language: e.target.value || null })}>
                <option value="">Any language</option>
                <LanguageOptions languages={languages} />
              </select>
            </label>
            <label>
              Project
              <select
                value={rule.projectId ?? ''}
                onChange={(e) => change(index, { projectId: e.target.value || null })}
              >
                <option value="">Any project</option>
                <Options items={projects} value={(p) => p._id} label={(p) => `${p.title} (${p.language})`} />
              </select>
            </label>
            <label>
              Owner
              <select value={rule.ownerId} onChange={(e) => change(index, { ownerId: e.target.value })}>
                <option value="">Choose…</option>
                <Options items={team} value={(m) => m._id} label={(m) => m.name} />
              </select>
            </label>
            <QuietButton
              onClick={() => setRules(rules.filter((_, i) => i !== index))}
              aria-label={`Remove rule ${index + 1}`}
            >
              Remove
            </QuietButton>
          </li>
        ))}
      </ol>
      <FormEnd submit={form} label="Save rules">
        <QuietButton
          onClick={() => setRules([...rules, { language: null, projectId: null, ownerId: team[0]?._id ?? '' }])}
        >
          Add rule
        </QuietButton>
      </FormEnd>
    </JsonForm>
  )
}
