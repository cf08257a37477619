import { Link, useLoaderData } from 'react-router'
import type { Project } from '../../../shared/types.js'
import { api } from '../lib/api.js'
import '../styles-projects.css'

export async function clientLoader() {
  try {
    const projects = await api<Project[]>('/get-projects')
    return { projects: projects.filter((p) => p.parentId === null), error: '' }
  } catch (error) {
    console.error('Failed to fetch projects', error)
    return { projects: [] as Project[], error: 'Failed to fetch projects' }
  }
}

const excerpt = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text)

/** SPEC 2: the original projects (parentId null) with Project Title, Description, Location, Actions. */
export default function Projects() {
  const { projects, error } = useLoaderData<typeof clientLoader>()
  return (
    <>
      <div className="project-page-head">
        <h1>Projects</h1>
        <Link className="admin-button" to="/admin/add-project">
          Add Project
        </Link>
      </div>
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : projects.length === 0 ? (
        <p className="admin-card">No projects yet.</p>
      ) : (
        <div
          className="admin-table-wrap project-table-wrap"
          role="region"
          aria-labelledby="projects-caption"
          tabIndex={0}
        >
          <table className="admin-table project-table">
            <caption id="projects-caption" className="visually-hidden">
              Projects ({projects.length})
            </caption>
            <thead>
              <tr>
                <th scope="col">Project Title</th>
                <th scope="col">Description</th>
                <th scope="col">Location</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {projects.map((project) => (
                <tr key={project._id}>
                  <th scope="row" className="project-table__title">
                    {project.title}
                  </th>
                  <td className="project-table__description">{excerpt(project.description)}</td>
                  <td>{project.status}</td>
                  <td>
                    <Link className="project-table__action" to={`/admin/project/${project._id}`}>
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
