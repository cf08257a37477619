import { useId } from 'react'
import { COMPANY_NAME } from '../../shared/constants.js'
import type { ImageMeta } from '../../shared/site-data.js'
import type { Translate } from '../lib/page-text.js'
import { useBehaviour } from '../lib/use-behaviour.js'
import { Picture } from './picture.js'
import type { PoolImage } from './project-teaser.js'

/** SPEC 2: the four selling points, as English source text (translation keys). */
export const WHY_ITEMS = [
  {
    title: 'Nordic-inspired architecture with Mediterranean influence',
    text: 'Clean Scandinavian lines meet the light, materials and outdoor living of southern Spain.',
  },
  {
    title: 'Quality, sustainability and timeless aesthetics',
    text: 'We build with enduring materials and energy-efficient systems, so every home ages with grace.',
  },
  {
    title: 'Turnkey design and build',
    text: 'One team takes your villa from the first sketch to the handover of the keys.',
  },
  {
    title: 'Personalized client experience',
    text: 'A dedicated project lead keeps you informed and involved at every stage.',
  },
] as const

/** The strings the section shows (page-text.ts). */
export const WHY_TABS_TEXT = ['Why choose us', ...WHY_ITEMS.flatMap((item) => [item.title, item.text])]

const SIZES = '(min-width: 1450px) 700px, (min-width: 900px) 52vw, 100vw'

interface WhyTabsProps {
  t: Translate
  /** One image per selling point (a missing one leaves the banner as it is). */
  images: (PoolImage | null)[]
  meta: Record<string, ImageMeta>
}

/**
 * 'Why choose us': an accessible tab list; choosing a tab fades in its own banner image. The server
 * renders the first tab chosen; behaviours/why-tabs.ts does the choosing, in the browser.
 */
export function WhyTabs({ t, images, meta }: WhyTabsProps) {
  const behaviour = useBehaviour<HTMLElement>('why-tabs')
  const id = useId()
  const tabId = (i: number) => `${id}-tab-${i}`
  const panelId = (i: number) => `${id}-panel-${i}`
  // The first selling point's image, when it has one (the behaviour keeps the last one there was).
  const shown = images[0] ? 0 : -1

  return (
    <section className="why-tabs" aria-labelledby={`${id}-title`} {...behaviour}>
      <div className="container why-tabs__inner">
        <header className="why-tabs__head">
          <p className="eyebrow">{COMPANY_NAME}</p>
          <h2 id={`${id}-title`} className="why-tabs__title">
            {t('Why choose us')}
          </h2>
        </header>
        <div className="why-tabs__media" data-active-image={images[shown]?.src ?? ''}>
          {images.map((image, i) =>
            image ? (
              <div
                key={i}
                className={`why-tabs__image${i === shown ? ' is-active' : ''}`}
                aria-hidden={i === shown ? undefined : true}
                data-tab={i}
                data-src={image.src}
              >
                <Picture src={image.src} meta={meta} alt={image.alt} sizes={SIZES} />
              </div>
            ) : null,
          )}
        </div>
        <div className="why-tabs__body">
          {/* The tabs inside take focus (roving tabindex); the list only hears their arrow keys. */}
          <div role="tablist" aria-orientation="vertical" aria-labelledby={`${id}-title`} className="why-tabs__list">
            {WHY_ITEMS.map((item, i) => (
              <button
                key={item.title}
                type="button"
                role="tab"
                id={tabId(i)}
                aria-selected={i === 0}
                aria-controls={panelId(i)}
                tabIndex={i === 0 ? 0 : -1}
                className="why-tabs__tab"
              >
                <span className="why-tabs__number" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <span className="why-tabs__label">{t(item.title)}</span>
              </button>
            ))}
          </div>
          {WHY_ITEMS.map((item, i) => (
            <div
              key={item.title}
              role="tabpanel"
              id={panelId(i)}
              aria-labelledby={tabId(i)}
              hidden={i !== 0}
              tabIndex={0}
              className="why-tabs__panel"
            >
              <p>{t(item.text)}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  )
}
