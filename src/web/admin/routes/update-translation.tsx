import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import type { Language, TranslationPage } from '../../../shared/types.js'
import { LoadError, loadFailure } from '../components/status-message.js'
import { TranslationEditor } from '../components/translation-editor.js'
import { api } from '../lib/api.js'
import '../styles-content.css'

export async function clientLoader({ params, request }: ClientLoaderFunctionArgs) {
  try {
    const [page, languages] = await Promise.all([
      api<TranslationPage>(`/get-translation/${params.id ?? ''}`),
      api<Language[]>('/get-languages'),
    ])
    // ?lang= preselects a language (the overview links here); SPEC 2: otherwise en.
    const wanted = new URL(request.url).searchParams.get('lang')
    const initialLanguage = wanted && languages.some((l) => l.code === wanted) ? wanted : 'en'
    return { page, languages, initialLanguage, error: null }
  } catch (error) {
    return {
      page: null,
      languages: [],
      initialLanguage: 'en',
      error: loadFailure(error, 'Failed to fetch translation details'),
    }
  }
}

/** SPEC 2: edit one translation page's text, one language at a time. */
export default function UpdateTranslation() {
  const { page, languages, initialLanguage, error } = useLoaderData<typeof clientLoader>()
  if (!page) {
    return (
      <>
        <h1>Edit Translation</h1>
        {error && <LoadError {...error} />}
        <p>
          <Link to="/admin/translations">All translation pages</Link>
        </p>
      </>
    )
  }
  return (
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
  )
}
