import { Link, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { altOf } from '../../shared/image-alts.js'
import { HeroImage, Picture } from '../components/picture.js'
import { POOL_PROJECTS, projectImagePool, takeImages } from '../components/project-teaser.js'
import { ServerHtml } from '../components/server-html.js'
import { SERVICES, SERVICES_TEXT, ServicesBlock } from '../components/services-block.js'
import { SOCIAL_IMAGE_COUNT, SOCIAL_TEXT, SocialCarousel } from '../components/social-carousel.js'
import { WHY_ITEMS, WHY_TABS_TEXT, WhyTabs } from '../components/why-tabs.js'
import { requireLanguage } from '../lib/languages.js'
import { mergeText, textFor } from '../lib/page-text.js'
import { STATIC_PAGE } from '../lib/page-handle.js'
import { aboutHead, STUDIO_INTRO, STUDIO_TITLE } from '../lib/page-heads.js'
import { HERO_SIZES, heroPageMeta } from '../lib/hero-meta.js'
import { pageMeta, useSite } from '../lib/use-site.js'
// The page's own stylesheet (site-layout.tsx says why).
import '../styles/page-sheets/about.css'

/** Its tabs and carousel bring their own code (decision 122): the page starts no framework. */
export const handle = STATIC_PAGE

const CRAFT_SIZES = '(min-width: 1450px) 720px, (min-width: 900px) 52vw, 100vw'

const TITLE = STUDIO_TITLE
const INTRO = STUDIO_INTRO
const REGIONS = ['MARBELLA', 'MALAGA', 'GREATER ANDALUCIA']
const CRAFTS = [
  {
    title: 'Natural stone and masonry',
    text: 'Local stone, laid by hand, gives each villa weight, texture and a true sense of place.',
  },
  {
    title: 'Wood joinery',
    text: 'Bespoke doors, cabinetry and ceilings are crafted in solid timber to last for generations.',
  },
  {
    title: 'Hand-crafted elements',
    text: 'From forged ironwork to glazed tiles, artisan details make every home one of a kind.',
  },
]

/** The strings the page shows besides the layout's (page-text.ts). */
const ABOUT_TEXT = [
  TITLE,
  INTRO,
  ...REGIONS,
  'About us',
  'See all projects',
  ...CRAFTS.flatMap((craft) => [craft.title, craft.text]),
  'Expanding across Costa del Sol',
  ...WHY_TABS_TEXT,
  ...SERVICES_TEXT,
  ...SOCIAL_TEXT,
]

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const { lang } = await requireLanguage(site, params.lang)
  const [projects, [oldest], aboutText, homeText, seo] = await Promise.all([
    site.projects(lang, { limit: POOL_PROJECTS }),
    site.projects(lang, { limit: 1, oldestFirst: true }),
    site.pageText('about'),
    // The shared sections' strings (why us, services, social) live with the home page's.
    site.pageText('home'),
    site.pageSeo('about'),
  ])
  // The oldest project's facade opens the page (the home page opens with the newest).
  const heroProject = oldest
  const heroSrc = heroProject && (heroProject.featuredImage ?? heroProject.galleryBannerImage)
  const hero = heroProject ? { src: heroSrc, alt: altOf(heroProject, heroSrc, heroProject.title) } : null
  // The second newest aerial view (the home page opens with the newest).
  const withBanner = projects.filter((p) => p.galleryBannerImage)
  const bannerProject = withBanner[1] ?? withBanner[0] ?? projects[0]
  const bannerSrc = bannerProject && (bannerProject.galleryBannerImage ?? bannerProject.featuredImage)
  const banner = bannerProject ? { src: bannerSrc, alt: altOf(bannerProject, bannerSrc, bannerProject.title) } : null
  const pool = projectImagePool(projects)
  const crafts = takeImages(pool, 0, CRAFTS.length)
  const why = takeImages(pool, CRAFTS.length, WHY_ITEMS.length)
  const services = takeImages(pool, CRAFTS.length + WHY_ITEMS.length, SERVICES.length)
  const social = takeImages(pool, CRAFTS.length + WHY_ITEMS.length + SERVICES.length, SOCIAL_IMAGE_COUNT)
  const images = await site.images([
    hero?.src,
    banner?.src,
    ...[...crafts, ...why, ...services, ...social].map((image) => image?.src),
  ])
  const text = mergeText(textFor(homeText, lang, ABOUT_TEXT), textFor(aboutText, lang, ABOUT_TEXT))
  return { hero, banner, crafts, why, services, social, text, images, seo }
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, (data, layout, t) => heroPageMeta(layout, { ...aboutHead(t), path: '/about' }, data))

export default function About() {
  const { hero, banner, crafts, why, services, social, text, images } = useLoaderData<typeof loader>()
  const { t } = useSite(text)
  const regions = (className: string) => (
    <ul className={className}>
      {REGIONS.map((region) => (
        <li key={region}>{t(region)}</li>
      ))}
    </ul>
  )

  return (
    <div className="about">
      <ServerHtml as="section" className="image-hero image-hero--page" aria-labelledby="about-title">
        <HeroImage hero={hero} images={images} sizes={HERO_SIZES} />
        <div className="image-hero__content container">
          <p className="eyebrow image-hero__eyebrow">{t('About us')}</p>
          <h1 id="about-title" className="image-hero__title">
            {t(TITLE)}
          </h1>
        </div>
      </ServerHtml>

      <ServerHtml as="section" className="about-intro container" aria-label={t('About us')}>
        <p className="about-intro__lead">{t(INTRO)}</p>
        <div className="about-intro__aside">
          {regions('about-regions')}
          {/* SPEC 2: this link goes to /all-projects without a language prefix. */}
          <Link to="/all-projects" className="button button--ghost">
            {t('See all projects')}
          </Link>
        </div>
      </ServerHtml>

      <ServerHtml className="about-crafts container">
        {CRAFTS.map((craft, i) => {
          const image = crafts[i]
          return (
            <section key={craft.title} className="about-craft" aria-labelledby={`craft-${i}`}>
              {image && (
                <div className="about-craft__media">
                  <Picture
                    src={image.src}
                    meta={images}
                    alt={image.alt}
                    sizes={CRAFT_SIZES}
                    className="about-craft__image"
                  />
                </div>
              )}
              <div className="about-craft__body">
                <span className="about-craft__number" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h2 id={`craft-${i}`} className="about-craft__title">
                  {t(craft.title)}
                </h2>
                <p>{t(craft.text)}</p>
              </div>
            </section>
          )
        })}
      </ServerHtml>

      <WhyTabs t={t} images={why} meta={images} />
      {/* Not the #services anchor: the menu's Services always goes to the home page's block. */}
      <ServicesBlock t={t} images={services} meta={images} />

      <ServerHtml as="section" className="image-hero image-hero--band" aria-labelledby="about-expanding-title">
        {banner?.src && (
          <Picture src={banner.src} meta={images} alt={banner.alt} sizes={HERO_SIZES} className="image-hero__image" />
        )}
        <div className="image-hero__content container">
          <h2 id="about-expanding-title" className="image-hero__title image-hero__title--band">
            {t('Expanding across Costa del Sol')}
          </h2>
          {regions('region-list')}
        </div>
      </ServerHtml>

      <SocialCarousel t={t} images={social} meta={images} />
    </div>
  )
}
