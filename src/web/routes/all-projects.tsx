import { Link, redirect, useLoaderData } from 'react-router'
import type { AppLoadContext, LoaderFunctionArgs, MetaFunction } from 'react-router'
import { altOf } from '../../shared/image-alts.js'
import { COMPANY_NAME, TAGLINE } from '../../shared/constants.js'
import { PAGE_PARAM, PROJECTS_PER_PAGE } from '../../shared/page-query.js'
import type { ImageMeta } from '../../shared/site-data.js'
import type { Project } from '../../shared/types.js'
import { PageBanner } from '../components/page-banner.js'
import { ServerHtml } from '../components/server-html.js'
import { PAGINATION_TEXT, Pagination } from '../components/pagination.js'
import { Picture } from '../components/picture.js'
import { STATIC_PAGE } from '../lib/page-handle.js'
import { localePath, requireLanguage } from '../lib/languages.js'
import { textFor, type Translate } from '../lib/page-text.js'
import { portfolioHead } from '../lib/page-heads.js'
import { seoMeta, withPageSeo } from '../lib/seo.js'
import { pageMeta, useSite } from '../lib/use-site.js'
// The page's own stylesheet (site-layout.tsx says why).
import '../styles/page-sheets/all-projects.css'

/** Server HTML and links only: no framework starts in the browser (decision 121). */
export const handle = STATIC_PAGE

/** The strings the page shows besides the layout's (page-text.ts). */
const ALL_PROJECTS_TEXT = ['Our Portfolio', TAGLINE, 'View More', ...PAGINATION_TEXT]

export async function loader({ context, params, request }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const { lang, languages } = await requireLanguage(site, params.lang)
  const pages = Math.max(1, Math.ceil((await site.projectCount()) / PROJECTS_PER_PAGE))
  const page = requestedPage(new URL(request.url).searchParams.get(PAGE_PARAM), pages)
  if (page === null) throw redirect(localePath(lang, '/all-projects'), PAGE_ONE_REDIRECT)
  const [projects, text, seo] = await Promise.all([
    site.projects(lang, { limit: PROJECTS_PER_PAGE, offset: (page - 1) * PROJECTS_PER_PAGE }),
    site.pageText('home'),
    site.pageSeo('all-projects'),
  ])
  const images = await site.images(projects.map((p) => p.featuredImage))
  return {
    projects,
    images,
    page,
    pages,
    text: textFor(text, lang, ALL_PROJECTS_TEXT),
    codes: languages.map((l) => l.code),
    seo,
  }
}

// ?page=1, junk and pages past the end all have one right address: the first page.
const PAGE_ONE_REDIRECT = 301

/** The page asked for: 1 without a parameter, null when the parameter names no page. */
function requestedPage(raw: string | null, pages: number): number | null {
  if (raw === null) return 1
  const page = /^[0-9]{1,6}$/.test(raw) ? Number(raw) : 0
  return page >= 2 && page <= pages ? page : null
}

/** The address of page `page` of all projects in a language. */
const pagePath = (lang: string, page: number) =>
  `${localePath(lang, '/all-projects')}${page > 1 ? `?${PAGE_PARAM}=${page}` : ''}`

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, (data, layout, t) => {
    const { page, pages } = data
    // The page text's SEO fields (decision 112) name the portfolio; later pages say their number.
    const own = withPageSeo(
      portfolioHead(
        t,
        1,
        data.projects.map((p) => p.title),
      ),
      data.seo[layout.lang],
    )
    const title = page > 1 ? `${own.title} · ${t('Page')} ${page}` : own.title
    return [
      ...seoMeta({
        ...own,
        origin: layout.origin,
        lang: layout.lang,
        title,
        path: pagePath(layout.lang, page),
        alternates: data.codes.map((code) => ({
          lang: code,
          path: pagePath(code, page),
          noindex: data.seo[code]?.noindex === true,
        })),
        image: data.projects[0]?.featuredImage,
        settings: layout.settings,
      }),
      // The neighbouring pages, for crawlers that follow a paged list.
      ...(page > 1
        ? [{ tagName: 'link', rel: 'prev', href: new URL(pagePath(layout.lang, page - 1), layout.origin).toString() }]
        : []),
      ...(page < pages
        ? [{ tagName: 'link', rel: 'next', href: new URL(pagePath(layout.lang, page + 1), layout.origin).toString() }]
        : []),
    ]
  })

/**
 * SPEC 2: the first two, a full-width third, then the rest; View More is always shown here. A page
 * holds PROJECTS_PER_PAGE projects, each page laid out the same way.
 */
export default function AllProjects() {
  const { projects, images, text, page, pages } = useLoaderData<typeof loader>()
  const { t, lang } = useSite(text)
  return (
    <ServerHtml className="all-projects">
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
      <Pagination current={page} total={pages} href={(n) => pagePath(lang, n)} t={t} />
    </ServerHtml>
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
          alt={altOf(project, project.featuredImage, project.title)}
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
