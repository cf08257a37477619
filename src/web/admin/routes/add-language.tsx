import { languageInputSchema } from '../../../shared/schemas/language.schema.js'
import { LanguageFields } from '../components/language-fields.js'
import { AdminForm } from '../kit/admin-form.js'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { MESSAGES } from '../../../shared/messages.js'

/** SPEC 2/5: name and code required; the server's message or 'Failed to add language'. */
export default function AddLanguage() {
  const submit = useSubmit(serverMessageOr(MESSAGES.addLanguage))

  async function add(data: FormData) {
    const input = submit.check(languageInputSchema, data)
    if (input) await submit.send('/add-language', { method: 'POST', json: input }, { goTo: '/admin/languages' })
  }

  return (
    <>
      <h1>Add Language</h1>
      <AdminForm submit={submit} submitLabel="Add Language" onSubmit={add}>
        <LanguageFields submit={submit} />
      </AdminForm>
    </>
  )
}
