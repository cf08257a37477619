import { Link, useLoaderData } from 'react-router'
import type { Language } from '../../../shared/types.js'
import { LoadError, loadFailure } from '../components/status-message.js'
import { api } from '../lib/api.js'
import '../styles-content.css'

export async function clientLoader() {
  try {
    return { languages: await api<Language[]>('/get-languages'), error: null }
  } catch (error) {
    return { languages: [] as Language[], error: loadFailure(error, 'Failed to fetch languages') }
  }
}

/** SPEC 2: name and code of every language, each linking to its detail. */
export default function Languages() {
  const { languages, error } = useLoaderData<typeof clientLoader>()
  return (
    <>
      <div className="admin-heading">
        <h1>Languages</h1>
        <Link className="admin-button" to="/admin/add-language">
          Add Language
        </Link>
      </div>
      {error && <LoadError {...error} />}
      {languages.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stack">
            <caption className="visually-hidden">Languages</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Code</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {languages.map((language) => (
                <tr key={language._id}>
                  <th scope="row" data-label="Name" id={`language-${language._id}`}>
                    {language.name}
                  </th>
                  <td data-label="Code">
                    <code>{language.code}</code>
                    {language.code === 'en' && <span className="admin-muted"> (base language)</span>}
                  </td>
                  <td data-label="Actions">
                    <Link to={`/admin/language/${language._id}`} aria-describedby={`language-${language._id}`}>
                      View Details
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
