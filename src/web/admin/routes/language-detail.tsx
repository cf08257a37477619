import type { ClientLoaderFunctionArgs } from 'react-router'
import type { Language } from '../../../shared/types.js'
import { LanguageCode, loadLanguage } from '../components/language-fields.js'
import { DetailScreen, Facts, recordRoute } from '../kit/detail-screen.js'
import { ApiError } from '../lib/api.js'
import { MESSAGES } from '../../../shared/messages.js'
import { languageText } from '../lib/language-names.js'

export const clientLoader = ({ params }: ClientLoaderFunctionArgs) => loadLanguage(params.id ?? '')

/** 409: the base language, or a language still in use; the server names what uses it. */
const deleteFailure = (error: unknown) => ({
  kind: 'error' as const,
  message: error instanceof ApiError && error.status === 409 ? error.message : MESSAGES.deleteLanguage,
})

/** SPEC 2: the language with Delete (refused while in use: the server says why) and Edit. */
export default recordRoute({ title: 'Language Details', list: 'languages' }, LanguageView)

function LanguageView({ record: language }: { record: Language }) {
  return (
    <DetailScreen
      title="Language Details"
      links={[{ to: `/admin/update-language/${language._id}`, label: 'Edit' }]}
      remove={{
        path: `/delete-language/${language._id}`,
        what: `the language ${languageText(language)}`,
        then: '/admin/languages',
        describeError: deleteFailure,
      }}
    >
      <article className="admin-card">
        <Facts
          facts={[
            { term: 'Name', value: language.name },
            { term: 'Code', value: <LanguageCode code={language.code} /> },
          ]}
        />
      </article>
    </DetailScreen>
  )
}
