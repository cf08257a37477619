import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { Project } from '../../../shared/types.js'
import { loadProject } from '../components/project-api.js'
import { Thumbnail } from '../components/thumbnail.js'
import { LastChanged, StatusBadge } from '../kit/publish-status.js'
import { DetailScreen, Facts, None, RecordScreen, TranslationLinks } from '../kit/detail-screen.js'
import { load, loadLanguages } from '../kit/load.js'
import { languageName } from '../lib/language-names.js'
import { fixedMessage } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { mayEdit, translationLanguages, useMe } from '../lib/me.js'
import { MESSAGES } from '../../../shared/messages.js'
import type { WithPublishing } from '../lib/publishing.js'

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const id = params.id ?? ''
  const [project, { languages }, translations] = await Promise.all([
    loadProject(id),
    loadLanguages(),
    load(
      () => api<Project[]>(`/get-project-translations/${encodeURIComponent(id)}`),
      MESSAGES.fetchProjectTranslations,
    ),
  ])
  return { project, languages, translations }
}

/** SPEC 2: the read-only project with Delete, Edit, Translate and its translations' edit links. */
export default function ProjectDetail() {
  const { project, languages, translations } = useLoaderData<typeof clientLoader>()
  return (
    <RecordScreen loaded={project} title="Project Details" list="projects">
      {(project) => <ProjectView project={project} languages={languages} translations={translations} />}
    </RecordScreen>
  )
}

type ViewProps = Omit<Awaited<ReturnType<typeof clientLoader>>, 'project'> & { project: WithPublishing<Project> }

function ProjectView({ project, languages, translations }: ViewProps) {
  const language = project.language || BASE_LANGUAGE
  const me = useMe()
  return (
    <DetailScreen
      className="project-detail"
      title={project.title}
      eyebrow={project.parentId ? 'Project translation' : 'Project'}
      subtitle={
        <>
          <StatusBadge record={project} />{' '}
          {project.changedAt && (
            <>
              Last changed by <LastChanged records={[project]} />.{' '}
            </>
          )}
          {project.parentId && (
            <>
              Translation of <Link to={`/admin/project/${project.parentId._id}`}>{project.parentId.slug}</Link> (
              {languageName(languages, project.parentId.language)})
            </>
          )}
        </>
      }
      links={[
        {
          to: `/admin/update-project/${project._id}`,
          label: 'Edit',
          hidden: !mayEdit(me, { language, original: !project.parentId }),
        },
        {
          to: `/admin/translate-project/${project._id}`,
          label: 'Translate',
          hidden: translationLanguages(me)?.length === 0,
        },
      ]}
      linksAs="button"
      remove={{
        path: `/delete-project/${project._id}`,
        what: `the project “${project.title}”${project.parentId ? '' : ' and its translations'}`,
        then: '/admin/projects',
        describeError: fixedMessage(MESSAGES.deleteProject),
        trash: true,
      }}
    >
      <TranslationLinks
        kind="project"
        translations={translations.data ?? []}
        languages={languages}
        error={translations.error}
        original={project.parentId ? undefined : { _id: project._id, language }}
      />

      <section className="admin-card" aria-labelledby="project-details">
        <h2 id="project-details">Details</h2>
        <Facts
          layout="grid"
          facts={[
            { term: 'Language', value: `${languageName(languages, language)} (${language})` },
            { term: 'Title', value: project.title },
            { term: 'Slug', value: <a href={`/project/${project.slug}`}>/project/{project.slug}</a> },
            { term: 'Status', value: project.status },
            { term: 'Space', value: project.space },
            { term: 'Show as Comming Soon', value: project.isShow ? 'Yes' : 'No' },
            { term: 'Beds', value: project.beds },
            { term: 'Baths', value: project.baths },
            { term: 'Description', value: <Paragraphs text={project.description} />, wide: true },
          ]}
        />
      </section>

      <section className="admin-card" aria-labelledby="project-images">
        <h2 id="project-images">Images</h2>
        <div className="project-image-grid">
          <figure className="project-figure">
            <figcaption className="admin-label">Featured Image</figcaption>
            {project.featuredImage ? <Thumbnail path={project.featuredImage} alt="Featured image" /> : <None />}
          </figure>
          <figure className="project-figure">
            <figcaption className="admin-label">Banner Image</figcaption>
            {project.galleryBannerImage ? <Thumbnail path={project.galleryBannerImage} alt="Banner image" /> : <None />}
          </figure>
        </div>
        <h3 className="admin-label project-subheading">Gallery Images ({project.galleryImages.length})</h3>
        {project.galleryImages.length === 0 ? (
          <None />
        ) : (
          <ol className="project-thumbs">
            {project.galleryImages.map((image, index) => (
              <li key={image}>
                <Thumbnail path={image} alt={`Gallery image ${index + 1}`} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="admin-card" aria-labelledby="project-gallery-text">
        <h2 id="project-gallery-text">Gallery text</h2>
        <Facts
          layout="grid"
          facts={[
            { term: 'Gallery Title 1', value: project.galleryTitle1 },
            { term: 'Gallery Description 1', value: <Paragraphs text={project.galleryDesc1} />, wide: true },
            { term: 'Gallery Title 2', value: project.galleryTitle2 },
            { term: 'Gallery Description 2', value: <Paragraphs text={project.galleryDesc2} />, wide: true },
          ]}
        />
      </section>

      <ProjectAmenities project={project} />
    </DetailScreen>
  )
}

function ProjectAmenities({ project }: { project: Project }) {
  return (
    <section className="admin-card" aria-labelledby="project-amenities">
      <h2 id="project-amenities">Amenities ({project.amenities.length})</h2>
      {project.amenities.length === 0 ? (
        <None />
      ) : (
        <ul className="project-amenity-cards">
          {project.amenities.map((amenity, index) => (
            <li key={`${index}-${amenity.image}`}>
              {amenity.image ? (
                <Thumbnail
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
  )
}

/** A long text with its blank-line breaks kept as paragraphs. */
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
