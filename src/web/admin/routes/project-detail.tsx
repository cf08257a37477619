import { useState, type ReactNode } from 'react'
import { Link, useLoaderData, useNavigate, type ClientLoaderFunctionArgs } from 'react-router'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { Project } from '../../../shared/types.js'
import { fetchLanguages, fetchProject, languageName, ProjectProblem } from '../components/project-common.js'
import { ProjectThumb } from '../components/project-thumb.js'
import { api } from '../lib/api.js'
import { confirmDelete } from '../lib/confirm.js'
import '../styles-projects.css'

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const id = params.id ?? ''
  const [result, { languages }, translations] = await Promise.all([
    fetchProject(id),
    fetchLanguages(),
    api<Project[]>(`/get-project-translations/${encodeURIComponent(id)}`).then(
      (list) => ({ list, error: '' }),
      (error: unknown) => {
        console.error('Failed to fetch project translations', error)
        return { list: [] as Project[], error: 'Failed to fetch project translations' }
      },
    ),
  ])
  return { ...result, languages, translations }
}

/** SPEC 2: the read-only project with Delete, Edit, Translate and its translations' edit links. */
export default function ProjectDetail() {
  const data = useLoaderData<typeof clientLoader>()
  if (!data.project) return <ProjectProblem heading="Project Details" message={data.error} />
  return <ProjectDetailView key={data.project._id} {...data} project={data.project} />
}

type DetailData = Awaited<ReturnType<typeof clientLoader>>

function ProjectDetailView({ project, languages, translations }: DetailData & { project: Project }) {
  const navigate = useNavigate()
  const [error, setError] = useState('')
  const [deleting, setDeleting] = useState(false)
  const language = project.language || BASE_LANGUAGE

  async function remove() {
    if (!confirmDelete(`the project “${project.title}”${project.parentId ? '' : ' and its translations'}`)) return
    setDeleting(true)
    setError('')
    try {
      await api(`/delete-project/${project._id}`, { method: 'DELETE' })
      navigate('/admin/projects')
    } catch (e) {
      console.error('Failed to delete the project', e)
      setError('Failed to delete the project')
      setDeleting(false)
    }
  }

  return (
    <article className="project-detail">
      <header className="project-page-head">
        <div>
          <p className="project-eyebrow">{project.parentId ? 'Project translation' : 'Project'}</p>
          <h1>{project.title}</h1>
          {project.parentId && (
            <p className="admin-muted">
              Translation of <Link to={`/admin/project/${project.parentId._id}`}>{project.parentId.slug}</Link> (
              {languageName(languages, project.parentId.language)})
            </p>
          )}
        </div>
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button"
            onClick={() => navigate(`/admin/update-project/${project._id}`)}
          >
            Edit
          </button>
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={() => navigate(`/admin/translate-project/${project._id}`)}
          >
            Translate
          </button>
          <button type="button" className="admin-button admin-button--danger" onClick={remove} disabled={deleting}>
            Delete
          </button>
        </div>
      </header>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}

      <section className="admin-card" aria-labelledby="project-translations">
        <h2 id="project-translations">Translations</h2>
        {translations.error ? (
          <p className="admin-error" role="alert">
            {translations.error}
          </p>
        ) : translations.list.length === 0 ? (
          <p className="admin-muted">No translations yet.</p>
        ) : (
          <ul className="project-translation-links">
            {translations.list.map((translation) => (
              <li key={translation._id}>
                <Link className="admin-button admin-button--quiet" to={`/admin/update-project/${translation._id}`}>
                  Edit Translation in {languageName(languages, translation.language)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-card" aria-labelledby="project-details">
        <h2 id="project-details">Details</h2>
        <dl className="project-facts">
          <Fact term="Language">
            {languageName(languages, language)} ({language})
          </Fact>
          <Fact term="Title">{project.title}</Fact>
          <Fact term="Slug">
            <a href={`/project/${project.slug}`}>/project/{project.slug}</a>
          </Fact>
          <Fact term="Status">{project.status}</Fact>
          <Fact term="Space">{project.space}</Fact>
          <Fact term="Show as Comming Soon">{project.isShow ? 'Yes' : 'No'}</Fact>
          <Fact term="Beds">{project.beds}</Fact>
          <Fact term="Baths">{project.baths}</Fact>
          <Fact term="Description" wide>
            <Paragraphs text={project.description} />
          </Fact>
        </dl>
      </section>

      <section className="admin-card" aria-labelledby="project-images">
        <h2 id="project-images">Images</h2>
        <div className="project-image-grid">
          <figure className="project-figure">
            <figcaption>Featured Image</figcaption>
            {project.featuredImage ? <ProjectThumb path={project.featuredImage} alt="Featured image" /> : <None />}
          </figure>
          <figure className="project-figure">
            <figcaption>Banner Image</figcaption>
            {project.galleryBannerImage ? (
              <ProjectThumb path={project.galleryBannerImage} alt="Banner image" />
            ) : (
              <None />
            )}
          </figure>
        </div>
        <h3 className="project-subheading">Gallery Images ({project.galleryImages.length})</h3>
        {project.galleryImages.length === 0 ? (
          <None />
        ) : (
          <ol className="project-thumbs">
            {project.galleryImages.map((image, index) => (
              <li key={image}>
                <ProjectThumb path={image} alt={`Gallery image ${index + 1}`} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="admin-card" aria-labelledby="project-gallery-text">
        <h2 id="project-gallery-text">Gallery text</h2>
        <dl className="project-facts">
          <Fact term="Gallery Title 1">{project.galleryTitle1}</Fact>
          <Fact term="Gallery Description 1" wide>
            <Paragraphs text={project.galleryDesc1} />
          </Fact>
          <Fact term="Gallery Title 2">{project.galleryTitle2}</Fact>
          <Fact term="Gallery Description 2" wide>
            <Paragraphs text={project.galleryDesc2} />
          </Fact>
        </dl>
      </section>

      <section className="admin-card" aria-labelledby="project-amenities">
        <h2 id="project-amenities">Amenities ({project.amenities.length})</h2>
        {project.amenities.length === 0 ? (
          <None />
        ) : (
          <ul className="project-amenity-cards">
            {project.amenities.map((amenity, index) => (
              <li key={`${index}-${amenity.image}`}>
                {amenity.image ? (
                  <ProjectThumb
                    path={amenity.image}
                    alt={amenity.title ? `Image of ${amenity.title}` : `Image of amenity ${index + 1}`}
                  />
                ) : (
                  <span className="project-no-image">No image</span>
                )}
                <span className="project-amenity-cards__title">{amenity.title || <None />}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  )
}

const None = () => <span className="admin-muted">—</span>

function Fact({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  const empty = children === null || children === undefined || children === ''
  return (
    <div className={wide ? 'project-facts__item project-facts__item--wide' : 'project-facts__item'}>
      <dt>{term}</dt>
      <dd>{empty ? <None /> : children}</dd>
    </div>
  )
}

function Paragraphs({ text }: { text: string }) {
  if (!text) return <None />
  return (
    <>
      {text.split(/(?:\r?\n){2,}/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </>
  )
}
