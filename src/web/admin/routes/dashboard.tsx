import { Link, useLoaderData } from 'react-router'
import type { Project } from '../../../shared/types.js'
import { api } from '../lib/api.js'

export async function clientLoader() {
  const projects = await api<Project[]>('/get-projects')
  return { originals: projects.filter((p) => p.parentId === null) }
}

/** SPEC 2: a card with the total project count and the titles of the original projects. */
export default function Dashboard() {
  const { originals } = useLoaderData<typeof clientLoader>()
  return (
    <>
      <h1>Dashboard</h1>
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
    </>
  )
}
