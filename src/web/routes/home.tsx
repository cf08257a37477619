import { useEffect } from 'react'
import { altOf, resolvedAlts } from '../../shared/image-alts.js'
import {
  Link,
  useLoaderData,
  useLocation,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router'
import { HOME_REVIEW_COUNT, TAGLINE } from '../../shared/constants.js'
import { Logo } from '../components/logo.js'
import { ServerHtml } from '../components/server-html.js'
import { HeroImage } from '../components/picture.js'
import {
  POOL_PROJECTS,
  PROJECT_TEASER_TEXT,
  ProjectTeaser,
  projectImagePool,
  takeImages,
} from '../components/project-teaser.js'
import { SERVICES_TEXT, ServicesBlock } from '../components/services-block.js'
import { SOCIAL_IMAGE_COUNT, SOCIAL_TEXT, SocialCarousel } from '../components/social-carousel.js'
import { TESTIMONIALS_TEXT, Testimonials } from '../components/testimonials.js'
import { WHY_ITEMS, WHY_TABS_TEXT, WhyTabs } from '../components/why-tabs.js'
import { localePath, requireLanguage } from '../lib/languages.js'
import { makeTranslate, textFor } from '../lib/page-text.js'
import { STATIC_PAGE } from '../lib/page-handle.js'
import { HOME_SERVICES_SCROLL_DELAY_MS, scrollToServicesAfter, servicesBlock } from '../lib/services-scroll.js'
import { homeHead, STUDIO_INTRO } from '../lib/page-heads.js'
import { HERO_SIZES, heroPageMeta } from '../lib/hero-meta.js'
import { pageMeta, useSite } from '../lib/use-site.js'
// The page's own stylesheet (site-layout.tsx says why).
import '../styles/page-sheets/home.css'

/** Its tabs and carousel bring their own code (decision 122): the page starts no framework. */
export const handle = STATIC_PAGE

/** SPEC 9: the recent projects (indexes 0-1, 2 full width, 3-4). */
const RECENT_COUNT = 5

const ABOUT_TITLE = 'A boutique design-and-build studio on the Costa del Sol'
const ABOUT_INTRO = STUDIO_INTRO
const REGIONS = ['MARBELLA', 'MALAGA', 'GREATER ANDALUCIA']
/** The strings the page shows besides the layout's (page-text.ts). */
const HOME_TEXT = [
  TAGLINE,
  ...REGIONS,
  'About us',
  ABOUT_TITLE,
  ABOUT_INTRO,
  'Recent projects',
  'View All',
  ...PROJECT_TEASER_TEXT,
  ...WHY_TABS_TEXT,
  ...SERVICES_TEXT,
  ...TESTIMONIALS_TEXT,
  ...SOCIAL_TEXT,
]

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const { lang } = await requireLanguage(site, params.lang)
  const [projects, reviews, homeText, aboutText, seo] = await Promise.all([
    site.projects(lang, { limit: Math.max(RECENT_COUNT, POOL_PROJECTS) }),
    site.reviews(lang, HOME_REVIEW_COUNT),
    site.pageText('home'),
    site.pageText('about'),
    site.pageSeo('home'),
  ])
  const newest = projects[0]
  const heroSrc = newest && (newest.galleryBannerImage ?? newest.featuredImage)
  const hero = newest ? { src: heroSrc, alt: altOf(newest, heroSrc, newest.title) } : null
  const recent = projects.slice(0, RECENT_COUNT).map((project) => ({
    _id: project._id,
    title: project.title,
    description: project.description,
    slug: project.slug,
    isShow: project.isShow,
    featuredImage: project.featuredImage,
    imageAlts: resolvedAlts(project, [project.featuredImage]),
  }))
  // Each section takes its own slice of the projects' gallery, so no picture shows twice.
  const pool = projectImagePool(projects)
  const why = takeImages(pool, 0, WHY_ITEMS.length)
  const services = takeImages(pool, WHY_ITEMS.length, 7)
  const social = takeImages(pool, WHY_ITEMS.length + 7, SOCIAL_IMAGE_COUNT)
  const images = await site.images([
    hero?.src,
    ...recent.map((p) => p.featuredImage),
    ...[...why, ...services, ...social].map((image) => image?.src),
    ...reviews.map((r) => r.featuredImage),
  ])
  return {
    hero,
    recent,
    reviews: reviews.map((review) => ({
      _id: review._id,
      title: review.title,
      description: review.description,
      featuredImage: review.featuredImage,
      imageAlts: resolvedAlts(review, [review.featuredImage]),
    })),
    why,
    services,
    social,
    // The home page's own text; the about page's lends the teaser its words.
    text: [textFor(homeText, lang, HOME_TEXT), textFor(aboutText, lang, HOME_TEXT)],
    images,
    seo,
  }
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, (data, layout, t) => heroPageMeta(layout, { ...homeHead(t), path: '/', describes: 'company' }, data))

export default function Home() {
  const { hero, recent, reviews, why, services, social, text, images } = useLoaderData<typeof loader>()
  const { lang, chrome } = useSite()
  const t = makeTranslate(lang, [...text, chrome])
  const location = useLocation()

  // Arriving with #services (e.g. from the menu on another page): scroll there under the header.
  useEffect(() => {
    const block = servicesBlock()
    if (location.hash === '#services' && block) return scrollToServicesAfter(block, HOME_SERVICES_SCROLL_DELAY_MS)
  }, [location.hash, location.key])

  return (
    <div className="home">
      <ServerHtml as="section" className="image-hero image-hero--full" aria-labelledby="home-title">
        <HeroImage hero={hero} images={images} sizes={HERO_SIZES} />
        <div className="image-hero__content container">
          <div id="hero-logo">
            <Logo large />
          </div>
          <h1 id="home-title" className="image-hero__title">
            {t(TAGLINE)}
          </h1>
          <ul className="region-list image-hero__regions">
            {REGIONS.map((region) => (
              <li key={region}>{t(region)}</li>
            ))}
          </ul>
        </div>
        <span className="image-hero__cue" aria-hidden="true" />
      </ServerHtml>

      <ServerHtml as="section" className="home-about container" aria-labelledby="home-about-title">
        <div className="home-about__grid">
          <div>
            <p className="eyebrow">{t('About us')}</p>
            <h2 id="home-about-title" className="home-about__title">
              {t(ABOUT_TITLE)}
            </h2>
          </div>
          <div className="home-about__text">
            <p>{t(ABOUT_INTRO)}</p>
            <Link to={localePath(lang, '/about')} className="text-link">
              {t('About us')}
              <span aria-hidden="true" className="link-arrow" />
            </Link>
          </div>
        </div>
      </ServerHtml>

      {recent.length > 0 && (
        <ServerHtml as="section" className="home-recent" aria-labelledby="home-recent-title">
          <div className="container">
            <header className="sec-head sec-head--split">
              <h2 id="home-recent-title">{t('Recent projects')}</h2>
              {/* SPEC 2: View All goes to /all-projects without a language prefix. */}
              <Link to="/all-projects" className="text-link">
                {t('View All')}
                <span aria-hidden="true" className="link-arrow" />
              </Link>
            </header>
            <ul className="home-recent__grid">
              {recent.map((project, index) => (
                <li
                  key={project._id}
                  className={index === 2 ? 'home-recent__item home-recent__item--wide' : 'home-recent__item'}
                >
                  {/* SPEC 4: isShow false has a page to visit; any other value is coming soon. */}
                  <ProjectTeaser
                    project={project}
                    images={images}
                    t={t}
                    showLink={project.isShow === false}
                    wide={index === 2}
                  />
                </li>
              ))}
            </ul>
          </div>
        </ServerHtml>
      )}

      <WhyTabs t={t} images={why} meta={images} />
      <ServicesBlock t={t} images={services} meta={images} id="services" />
      <Testimonials t={t} reviews={reviews} meta={images} />
      <SocialCarousel t={t} images={social} meta={images} />
    </div>
  )
}
