import { redirect, useActionData, useLoaderData } from 'react-router'
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from 'react-router'
import { COMPANY_NAME } from '../../shared/constants.js'
import type { Project } from '../../shared/types.js'
import { Picture, preloadImage } from '../components/picture.js'
import { AMENITIES_TEXT, ProjectAmenities } from '../components/project-amenities.js'
import { GALLERY_TEXT, ProjectGallery } from '../components/project-gallery.js'
import { ProjectTabs } from '../components/project-tabs.js'
import { ServerHtml } from '../components/server-html.js'
import { PROJECT_ENQUIRY_TEXT, ProjectEnquiry } from '../components/project-enquiry.js'
import type { EnquiryActionResult } from '../components/contact-form.js'
import { enquiryAction } from '../lib/enquiry-action.js'
import { mergeText, textFor } from '../lib/page-text.js'
import { STATIC_PAGE } from '../lib/page-handle.js'
import { projectAlternates } from '../lib/hreflang.js'
import { projectHead } from '../lib/page-heads.js'
import { seoMeta } from '../lib/seo.js'
import { layoutOf, useSite } from '../lib/use-site.js'
import { projectBreadcrumbs } from '../lib/breadcrumbs.js'
import { altOf } from '../../shared/image-alts.js'
// The page's own stylesheet (site-layout.tsx says why).
import '../styles/page-sheets/project.css'

/** Its tabs, gallery, amenities and form bring their own code (decision 123): no framework. */
export const handle = STATIC_PAGE

// The hero covers a tall box: on portrait screens the photograph is cropped from a wider render.
const HERO_SIZES = '(max-aspect-ratio: 1/1) 160vh, 100vw'

/** The strings the page shows besides the layout's and the enquiry form's (page-text.ts). */
const PROJECT_TEXT = [
  'Status',
  'Space',
  'Beds',
  'Baths',
  'Project sections',
  ...GALLERY_TEXT,
  ...AMENITIES_TEXT,
  ...PROJECT_ENQUIRY_TEXT,
]

/** The project by slug or id; the page's language is the project's own. Unknown ones go to /404. */
export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const project = params.slug ? await site.project(params.slug) : null
  if (!project) throw redirect('/404')
  // A translation's title may not name the town ("Villa Brisa en Estepona"): ask the original.
  const original = project.parentId ? await site.project(project.parentId.slug) : null
  const [home, contact, images] = await Promise.all([
    site.pageText('home'),
    // The enquiry form's labels, messages and consent text live with the contact page's.
    site.pageText('contact'),
    site.images([
      project.featuredImage,
      project.galleryBannerImage,
      ...project.galleryImages,
      ...project.amenities.map((a) => a.image),
    ]),
  ])
  return {
    project,
    images,
    text: mergeText(
      textFor(home, project.language, PROJECT_TEXT),
      textFor(contact, project.language, PROJECT_ENQUIRY_TEXT),
    ),
    whatsappNumber: site.whatsappNumber,
    locality: localityOf(project.title) ?? (original ? localityOf(original.title) : null),
  }
}

// Issue 11: every project page has the enquiry form, naming the project.
export async function action(args: ActionFunctionArgs<AppLoadContext>) {
  // The enquiry is about this page's project, whatever the form says; none for an unknown one.
  const project = args.params.slug ? await args.context.site.project(args.params.slug) : null
  if (!project) throw redirect('/404')
  return enquiryAction(args, { project: project.slug })
}

/** "Villa Brisa, Estepona" -> "Estepona". */
function localityOf(title: string): string | null {
  const at = title.lastIndexOf(',')
  const place = at >= 0 ? title.slice(at + 1).trim() : ''
  return place || null
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const layout = layoutOf(matches)
  if (!data || !layout) return [{ title: COMPANY_NAME }]
  const { project, images } = data
  // The hero image, fetched at once with the right size.
  const preload = preloadImage(project.featuredImage, images, HERO_SIZES)
  return [
    ...seoMeta({
      origin: layout.origin,
      lang: project.language,
      ...projectHead(project),
      path: `/project/${project.slug}`,
      alternates: projectAlternates(project),
      image: project.featuredImage,
      imageAlt: altOf(project, project.featuredImage, project.title),
      ogImage: project.ogImage,
      noindex: project.noindex,
      type: 'article',
      settings: layout.settings,
      breadcrumbs: projectBreadcrumbs(layout, project),
    }),
    ...preload,
  ]
}

export default function ProjectPage() {
  const { project, images, text, locality, whatsappNumber } = useLoaderData<typeof loader>()
  const result = useActionData() as EnquiryActionResult | undefined
  const { t, origin } = useSite(text)
  const facts = [
    { label: t('Status'), value: project.status },
    { label: t('Space'), value: project.space },
    { label: t('Beds'), value: project.beds },
    { label: t('Baths'), value: project.baths },
  ].filter((fact) => fact.value !== null && fact.value !== '')

  return (
    <article className="project-page">
      <ServerHtml as="header" className="project-hero" id="project-hero">
        <div className="project-hero__media">
          <Picture
            src={project.featuredImage}
            meta={images}
            alt={altOf(project, project.featuredImage, project.title)}
            sizes={HERO_SIZES}
            priority
          />
        </div>
        <div className="project-hero__content container">
          {locality && <p className="eyebrow eyebrow--ruled project-hero__eyebrow">{locality}</p>}
          <h1 className="project-hero__title">{project.title}</h1>
          {project.description && <p className="project-hero__lead">{project.description}</p>}
          {facts.length > 0 && (
            <dl className="project-facts">
              {facts.map((fact) => (
                <div className="project-facts__item" key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </ServerHtml>

      <ProjectTabs
        heroId="project-hero"
        label={t('Project sections')}
        title={project.title}
        tabs={[
          { id: 'gallery', label: t('Gallery') },
          ...(project.amenities.length > 0 ? [{ id: 'amenities', label: t('Amenities') }] : []),
        ]}
      />

      <ProjectGallery project={project} images={images} t={t} />
      {project.amenities.length > 0 && (
        <ProjectAmenities
          amenities={project.amenities}
          images={images}
          t={t}
          altOf={(amenity) => altOf(project, amenity.image, amenity.title || project.title)}
        />
      )}
      {/* Keyed: another project's page (a translation, by the language list) starts a fresh form. */}
      <ProjectEnquiry key={project.slug} project={project} t={t} result={result} whatsappNumber={whatsappNumber} />

      <script
        type="application/ld+json"
        // JSON-LD is data, not script; `<` is escaped so no text can close the element.
        dangerouslySetInnerHTML={{
          __html: JSON.stringify(residenceJsonLd(project, origin, locality)).replace(/</g, '\\u003c'),
        }}
      />
    </article>
  )
}

/** schema.org data for search engines: the villa as a single-family residence. */
function residenceJsonLd(project: Project, origin: string, locality: string | null) {
  const url = (path: string) => new URL(path, origin).toString()
  const area = /(\d[\d.,]*)\s*m(?:²|2)/i.exec(project.space)
  const pictures = [project.featuredImage, project.galleryBannerImage, ...project.galleryImages].filter(
    (p): p is string => Boolean(p),
  )
  return {
    '@context': 'https://schema.org',
    '@type': 'SingleFamilyResidence',
    name: project.title,
    description: project.description,
    url: url(`/project/${project.slug}`),
    image: pictures.map(url),
    ...(project.beds !== null && { numberOfRooms: project.beds, numberOfBedrooms: project.beds }),
    ...(project.baths !== null && { numberOfBathroomsTotal: project.baths }),
    ...(area?.[1] && {
      floorSize: { '@type': 'QuantitativeValue', value: Number(area[1].replace(/[.,]/g, '')), unitCode: 'MTK' },
    }),
    ...(locality && { address: { '@type': 'PostalAddress', addressLocality: locality, addressCountry: 'ES' } }),
  }
}
