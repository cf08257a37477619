import { Link, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { COMPANY_NAME, TAGLINE } from '../../shared/constants.js'
import type { ImageMeta } from '../../shared/site-data.js'
import type { Project } from '../../shared/types.js'
import { PageBanner } from '../components/page-banner.js'
import { Picture } from '../components/picture.js'
import { localePath, requireLanguage } from '../lib/languages.js'
import { makeTranslate, textFor, type Translate } from '../lib/page-text.js'
import { describe, seoMeta } from '../lib/seo.js'
import { useSite } from '../lib/use-site.js'
import type { SiteLayoutData } from './site-layout.js'

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const { lang, languages } = await requireLanguage(site, params.lang)
  const [projects, text] = await Promise.all([site.projects(lang), site.pageText('home')])
  const images = await site.images(projects.map((p) => p.featuredImage))
  return { projects, images, text: textFor(text, lang), codes: languages.map((l) => l.code) }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const layout = matches.find((m) => m.id === 'routes/site-layout')?.data as SiteLayoutData | undefined
  if (!data || !layout) return [{ title: COMPANY_NAME }]
  const t = makeTranslate(layout.lang, [data.text, layout.chrome])
  return seoMeta({
    origin: layout.origin,
    lang: layout.lang,
    title: t('Our Portfolio'),
    description: describe(`${t(TAGLINE)}. ${data.projects.map((p) => p.title).join(' · ')}`),
    path: localePath(layout.lang, '/all-projects'),
    alternates: data.codes.map((code) => ({ lang: code, path: localePath(code, '/all-projects') })),
    image: data.projects[0]?.featuredImage,
  })
}

/** SPEC 2: the first two, a full-width third, then the rest; View More is always shown here. */
export default function AllProjects() {
  const { projects, images, text } = useLoaderData<typeof loader>()
  const { t, lang } = useSite(text)
  return (
    <div className="all-projects">
      <PageBanner eyebrow={COMPANY_NAME} title={t('Our Portfolio')} lead={t(TAGLINE)} />
      <div className="projects-grid container">
        {projects.map((project, index) => (
          <ProjectCard
            key={project._id}
            project={project}
            images={images}
            t={t}
            lang={lang}
            wide={index === 2}
            priority={index < 2}
          />
        ))}
      </div>
    </div>
  )
}

interface ProjectCardProps {
  project: Project
  images: Record<string, ImageMeta>
  t: Translate
  /** The page's language: a project shown in another language (a fallback) says so. */
  lang: string
  wide: boolean
  priority: boolean
}

function ProjectCard({ project, images, t, lang, wide, priority }: ProjectCardProps) {
  const href = `/project/${project.slug}`
  const own = project.language !== lang ? project.language : undefined
  return (
    <article className={`project-card${wide ? ' project-card--wide' : ''}`} data-testid="project-card">
      <div className="project-card__media">
        <Picture
          src={project.featuredImage}
          meta={images}
          alt={project.title}
          sizes={wide ? '(min-width: 900px) 62vw, 100vw' : '(min-width: 900px) 50vw, 100vw'}
          priority={priority}
        />
      </div>
      <div className="project-card__body">
        {project.status && (
          <p className="eyebrow project-card__status" lang={own}>
            {project.status}
          </p>
        )}
        <h2 className="project-card__title" lang={own}>
          {project.title}
        </h2>
        <p className="project-card__description" lang={own}>
          {project.description}
        </p>
        {/* The visible words start the name (WCAG 2.5.3); the title tells the links apart. */}
        <Link className="text-link project-card__link" to={href} aria-label={`${t('View More')}: ${project.title}`}>
          {t('View More')}
          <span aria-hidden="true" className="project-card__arrow">
            →
          </span>
        </Link>
      </div>
    </article>
  )
}
