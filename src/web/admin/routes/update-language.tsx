import { useState } from 'react'
import type { ClientLoaderFunctionArgs } from 'react-router'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import { languageInputSchema } from '../../../shared/schemas/language.schema.js'
import type { Language } from '../../../shared/types.js'
import { LanguageFields, loadLanguage } from '../components/language-fields.js'
import { AdminForm } from '../kit/admin-form.js'
import { recordRoute } from '../kit/detail-screen.js'
import { ScreenHeading } from '../kit/list-screen.js'
import { fixedMessage, useSubmit } from '../kit/use-submit.js'
import { MESSAGES } from '../../../shared/messages.js'
import { languageText } from '../lib/language-names.js'

export const clientLoader = ({ params }: ClientLoaderFunctionArgs) => loadLanguage(params.id ?? '')

/** SPEC 2: name and code; 'Update language'. */
export default recordRoute({ title: 'Edit Language', list: 'languages' }, UpdateLanguageForm)

function UpdateLanguageForm({ record }: { record: Language }) {
  const [language, setLanguage] = useState(record)
  const submit = useSubmit(fixedMessage(MESSAGES.updateLanguage))
  const isBase = language.code === BASE_LANGUAGE

  function saved(answer: { language: Language }) {
    setLanguage(answer.language)
    return MESSAGES.languageUpdated
  }

  async function save(data: FormData) {
    const input = submit.check(languageInputSchema, data)
    if (input) await submit.send(`/update-language/${language._id}`, { method: 'PUT', json: input }, { saved })
  }

  return (
    <>
      <ScreenHeading
        title="Edit Language"
        about={{ text: languageText(language), to: `/admin/language/${language._id}` }}
      />
      <AdminForm submit={submit} submitLabel="Update language" onSubmit={save}>
        <LanguageFields submit={submit} defaultName={language.name} defaultCode={language.code} codeLocked={isBase} />
        {!isBase && (
          <p className="admin-hint">
            Changing the code also renames it on every project, review and translation page in this language.
          </p>
        )}
      </AdminForm>
    </>
  )
}
