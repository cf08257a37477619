import { Options } from '../kit/options.js'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import { ROLE_LABELS, ROLES, type Role } from '../../../shared/schemas/team.schema.js'
import type { Language } from '../../../shared/types.js'

// The role, languages and publish switch of an account or an invitation (Users screen).

export interface RoleChoice {
  role: Role
  languages: string[]
  canPublish: boolean
}

interface RoleFieldsProps {
  /** Ids stay unique when several rows each have these fields. */
  idPrefix: string
  languages: Language[]
  value: RoleChoice
  onChange: (value: RoleChoice) => void
}

/** A translator's languages and switch show only for a translator. */
export function RoleFields({ idPrefix, languages, value, onChange }: RoleFieldsProps) {
  const set = (change: Partial<RoleChoice>) => onChange({ ...value, ...change })
  return (
    <>
      <div className="team-field">
        <label htmlFor={`${idPrefix}-role`}>Role</label>
        <select
          id={`${idPrefix}-role`}
          value={value.role}
          onChange={(e) => set({ role: e.currentTarget.value as Role })}
        >
          <Options items={ROLES} value={(role) => role} label={(role) => ROLE_LABELS[role]} />
        </select>
      </div>
      {value.role === 'translator' && (
        <>
          <fieldset className="team-languages">
            <legend>Languages</legend>
            {languages
              .filter((language) => language.code !== BASE_LANGUAGE)
              .map((language) => (
                <label key={language.code} className="team-check">
                  <input
                    type="checkbox"
                    checked={value.languages.includes(language.code)}
                    onChange={(e) =>
                      set({
                        languages: e.currentTarget.checked
                          ? [...value.languages, language.code]
                          : value.languages.filter((code) => code !== language.code),
                      })
                    }
                  />
                  {language.name} ({language.code})
                </label>
              ))}
          </fieldset>
          <label className="team-check">
            <input
              type="checkbox"
              checked={value.canPublish}
              onChange={(e) => set({ canPublish: e.currentTarget.checked })}
            />
            May publish their languages
          </label>
        </>
      )}
    </>
  )
}
