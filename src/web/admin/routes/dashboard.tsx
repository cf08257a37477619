import { Link, useLoaderData } from 'react-router'
import type { Project } from '../../../shared/types.js'
import { LoadError } from '../components/status-message.js'
import { loadOriginals } from '../kit/load.js'
import { MESSAGES } from '../../../shared/messages.js'

export const clientLoader = () => loadOriginals<Project>('/get-projects', MESSAGES.fetchProjects)

/** SPEC 2: a card with the total project count and the titles of the original projects. */
export default function Dashboard() {
  const { data: originals, error } = useLoaderData<typeof clientLoader>()
  return (
    <>
      <h1>Dashboard</h1>
      {error && <LoadError {...error} />}
      {originals && (
        <section className="admin-card" aria-labelledby="projects-count">
          <h2 id="projects-count">
            Projects <span className="admin-count">{originals.length}</span>
          </h2>
          <ul className="admin-list">
            {originals.map((project) => (
              <li key={project._id}>
                <Link to={`/admin/project/${project._id}`}>{project.title}</Link>
                {project.brandDirection && <span className="admin-muted"> — {project.brandDirection}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
