import type { Language } from '../../../shared/types.js'
import { LanguageCode } from '../components/language-fields.js'
import { listRoute } from '../kit/list-screen.js'
import { load } from '../kit/load.js'
import { api } from '../lib/api.js'
import { MESSAGES } from '../../../shared/messages.js'

export const clientLoader = () => load(() => api<Language[]>('/get-languages'), MESSAGES.fetchLanguages)

/** SPEC 2: name and code of every language, each linking to its detail. */
export default listRoute<Language>({
  title: 'Languages',
  add: { to: '/admin/add-language', label: 'Add Language' },
  columns: [
    { header: 'Name', rowHeader: true, cell: (language) => language.name },
    { header: 'Code', cell: (language) => <LanguageCode code={language.code} /> },
  ],
  details: { to: (language) => `/admin/language/${language._id}` },
})
