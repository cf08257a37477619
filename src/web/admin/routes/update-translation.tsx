import { useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { Language, TranslationPage } from '../../../shared/types.js'
import { TranslationEditor } from '../components/translation-editor.js'
import { RecordScreen } from '../kit/detail-screen.js'
import { load } from '../kit/load.js'
import { api } from '../lib/api.js'
import { MESSAGES } from '../../../shared/messages.js'

export const clientLoader = ({ params, request }: ClientLoaderFunctionArgs) =>
  load(async () => {
    const [page, languages] = await Promise.all([
      api<TranslationPage>(`/get-translation/${params.id ?? ''}`),
      api<Language[]>('/get-languages'),
    ])
    // ?lang= preselects a language (the overview links here); SPEC 2: otherwise en.
    const wanted = new URL(request.url).searchParams.get('lang')
    const initialLanguage = wanted && languages.some((l) => l.code === wanted) ? wanted : BASE_LANGUAGE
    return { page, languages, initialLanguage }
  }, MESSAGES.fetchTranslationDetails)

/** SPEC 2: edit one translation page's text, one language at a time. */
export default function UpdateTranslation() {
  return (
    <RecordScreen loaded={useLoaderData<typeof clientLoader>()} title="Edit Translation" list="translations">
      {({ page, languages, initialLanguage }) => (
        <>
          <h1>
            Edit Translation: <span className="admin-slug">{page.page}</span>
          </h1>
          <TranslationEditor
            key={`${page._id}-${initialLanguage}`}
            page={page}
            languages={languages}
            initialLanguage={initialLanguage}
          />
        </>
      )}
    </RecordScreen>
  )
}
