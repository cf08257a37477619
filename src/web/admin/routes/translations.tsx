import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import { addTranslationPageSchema } from '../../../shared/schemas/translation-page.schema.js'
import type { TranslationPage } from '../../../shared/types.js'
import { sourceKeys, textsOf } from '../components/translation-keys.js'
import { AdminForm, Field } from '../kit/admin-form.js'
import { load } from '../kit/load.js'
import { listRoute } from '../kit/list-screen.js'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { MESSAGES } from '../../../shared/messages.js'

/** SPEC 9: the success message of a new translation page stays this long. */
const ADDED_MESSAGE_MS = 3000

export const clientLoader = () =>
  load(() => api<TranslationPage[]>('/get-translations'), MESSAGES.fetchTranslationDetails)

/** SPEC 2: translation pages by slug with Edit links, and the 'Add New Translation Page' form. */
export default listRoute<TranslationPage>({
  title: 'Translations',
  caption: 'Translation pages',
  columns: [
    { header: 'Page Slug', rowHeader: true, cell: (page) => page.page },
    { header: 'Texts', cell: (page) => sourceKeys(textsOf(page.translations)).length },
    { header: 'Languages', cell: (page) => <LanguagesWithText page={page} /> },
  ],
  details: { to: (page) => `/admin/update-translation/${page._id}`, label: 'Edit' },
  children: <AddTranslationPage />,
})

function LanguagesWithText({ page }: { page: TranslationPage }) {
  const texts = textsOf(page.translations)
  const codes = Object.keys(texts).filter((code) => Object.keys(texts[code] ?? {}).length > 0)
  return codes.length > 0 ? codes.join(', ') : <span className="admin-muted">none yet</span>
}

function AddTranslationPage() {
  const revalidator = useRevalidator()
  const submit = useSubmit(serverMessageOr(MESSAGES.addTranslation))
  const { status, setStatus } = submit

  // SPEC 4/9: 'Translation page added successfully' clears after 3 seconds.
  useEffect(() => {
    if (status?.kind !== 'success') return
    const timer = setTimeout(() => setStatus(null), ADDED_MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [status, setStatus])

  async function add(data: FormData) {
    const input = submit.check(addTranslationPageSchema, data)
    if (!input) return
    await submit.send('/add-translation', { method: 'POST', json: input }, { saved: added })
  }

  function added() {
    submit.formRef.current?.reset()
    void revalidator.revalidate()
    return MESSAGES.translationPageAdded
  }

  return (
    <section className="admin-section" aria-labelledby="add-translation-page">
      <h2 id="add-translation-page">Add New Translation Page</h2>
      <AdminForm submit={submit} submitLabel="Add Translation Page" onSubmit={add}>
        <Field
          submit={submit}
          name="page"
          label="Page Slug"
          hint="Lower-case letters, digits and dashes, e.g. privacy-policy."
        >
          {(control) => (
            <input {...control} required maxLength={80} autoComplete="off" autoCapitalize="none" spellCheck={false} />
          )}
        </Field>
      </AdminForm>
    </section>
  )
}
