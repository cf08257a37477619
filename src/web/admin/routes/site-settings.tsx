import { useState } from 'react'
import { type SiteSettings, siteSettingsSchema } from '../../../shared/schemas/site-settings.schema.js'
import { SOCIAL_LABELS, SOCIAL_NETWORKS } from '../../../shared/site-settings.js'
import { Field } from '../kit/admin-form.js'
import { AdminForm } from '../kit/admin-form.js'
import { ScreenHeading } from '../kit/list-screen.js'
import { load, type Loaded } from '../kit/load.js'
import { fixedMessage, type SubmitState, useSubmit } from '../kit/use-submit.js'
import { LoadError } from '../components/status-message.js'
import { api } from '../lib/api.js'
import { useLoaderData } from 'react-router'

const FETCH_FAILED = 'Failed to fetch site settings'
const UPDATE_FAILED = 'Failed to update site settings'
const UPDATED = 'Site settings updated'

export const clientLoader = () =>
  load(async () => (await api<{ settings: SiteSettings }>('/settings')).settings, FETCH_FAILED)

/**
 * Issue 24: the business, described once. The contact page, the footer's social icons and the
 * search engines' structured data read these.
 */
export default function SiteSettingsScreen() {
  const loaded = useLoaderData() as Loaded<SiteSettings>
  return (
    <>
      <ScreenHeading
        title="Site settings"
        subtitle="Shown on the contact page and in the footer, and given to search engines."
      />
      {loaded.error ? <LoadError {...loaded.error} /> : <SettingsForm initial={loaded.data} />}
    </>
  )
}

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const [settings, setSettings] = useState(initial)
  const submit = useSubmit(fixedMessage(UPDATE_FAILED))

  async function save(data: FormData) {
    const values = Object.fromEntries([...data.entries()].map(([name, value]) => [name, String(value)]))
    const input = submit.check(siteSettingsSchema, values)
    if (!input) return
    await submit.send(
      '/settings',
      { method: 'PUT', json: input },
      {
        saved: (answer: { settings: SiteSettings }) => {
          setSettings(answer.settings)
          return UPDATED
        },
      },
    )
  }

  const text = (
    name: keyof SiteSettings,
    label: string,
    extra: { hint?: string; type?: string; max?: number } = {},
  ) => <TextField submit={submit} name={name} label={label} value={String(settings[name] ?? '')} {...extra} />

  return (
    <AdminForm submit={submit} submitLabel="Save settings" onSubmit={save}>
      <fieldset className="admin-fieldset">
        <legend>Company</legend>
        {text('companyName', 'Company name', { max: 100 })}
        {text('email', 'E-mail', { type: 'email', max: 254 })}
        {text('phone', 'Phone', { type: 'tel', max: 40, hint: 'With the country code, e.g. +34 952 000 000.' })}
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Address</legend>
        {text('streetAddress', 'Street address', { max: 200 })}
        {text('locality', 'Town', { max: 100 })}
        {text('region', 'Region', { max: 100 })}
        {text('postalCode', 'Postal code', { max: 20 })}
        {text('country', 'Country', { max: 100, hint: 'A two-letter code such as ES, or the name.' })}
        {text('latitude', 'Latitude', { hint: 'Decimal degrees, e.g. 36.5101 (north is positive).' })}
        {text('longitude', 'Longitude', { hint: 'Decimal degrees, e.g. -4.8825 (west is negative).' })}
        <Field submit={submit} name="areasServed" label="Areas served" hint="One town or region per line.">
          {(control) => <textarea {...control} rows={4} defaultValue={settings.areasServed.join('\n')} />}
        </Field>
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Social profiles</legend>
        <p className="admin-hint">The footer shows an icon for each profile given; leave one empty to hide its icon.</p>
        {SOCIAL_NETWORKS.map((network) => (
          <TextField
            key={network}
            submit={submit}
            name={network}
            label={SOCIAL_LABELS[network]}
            value={settings[network]}
            type="url"
            max={300}
            placeholder="https://"
          />
        ))}
      </fieldset>
    </AdminForm>
  )
}

interface TextFieldProps {
  submit: SubmitState
  name: string
  label: string
  value: string
  hint?: string
  type?: string
  max?: number
  placeholder?: string
}

function TextField({ submit, name, label, value, hint, type = 'text', max, placeholder }: TextFieldProps) {
  return (
    <Field submit={submit} name={name} label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          type={type}
          defaultValue={value}
          maxLength={max}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </Field>
  )
}
