/*
 * A part of a page with behaviour of its own says which in `data-behaviour`; its code is plain DOM,
 * loaded on demand, so it runs the same on a page that starts no framework (entry.static.ts) and in
 * a part React renders after a client-side navigation (use-behaviour.ts). Decision 122.
 */

/** Undoes what attaching did (React unmounting the part). */
export type Detach = () => void
type Attach = (root: HTMLElement) => Detach

const BEHAVIOURS = {
  'why-tabs': () => import('./why-tabs.js').then((module) => module.attachWhyTabs),
  'social-carousel': () => import('./social-carousel.js').then((module) => module.attachSocialCarousel),
  'project-tabs': () => import('./project-tabs.js').then((module) => module.attachProjectTabs),
  'project-gallery': () => import('./project-gallery.js').then((module) => module.attachProjectGallery),
  'project-amenities': () => import('./project-amenities.js').then((module) => module.attachProjectAmenities),
  'enquiry-form': () => import('./enquiry-form.js').then((module) => module.attachEnquiryForm),
} satisfies Record<string, () => Promise<Attach>>

export type BehaviourName = keyof typeof BEHAVIOURS

export function isBehaviourName(name: string | undefined): name is BehaviourName {
  return name !== undefined && Object.hasOwn(BEHAVIOURS, name)
}

/** Loads a behaviour's code and attaches it to its element, which says so (`data-behaviour-ready`). */
export function attachBehaviour(element: HTMLElement, name: BehaviourName): Promise<Detach> {
  return BEHAVIOURS[name]().then((attach) => {
    const detach = attach(element)
    element.dataset.behaviourReady = 'true'
    return detach
  })
}

/** A part's behaviour loads when the part is this close to the viewport (a screen ahead). */
const LOAD_MARGIN = '100% 0px'

/**
 * Every part of the page that names a behaviour (the static entry, once), each as it nears the
 * viewport: parts below the first screen cost a slowed phone nothing while the page starts (the
 * tabs' code and set-up took up to 48 ms of a task at 4x CPU, docs/performance.md).
 */
export function attachPageBehaviours() {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const { isIntersecting, target } of entries) {
        const element = target as HTMLElement
        const name = element.dataset.behaviour
        if (!isIntersecting || !isBehaviourName(name)) continue
        observer.unobserve(element)
        // Offline, a part stays as the server sent it.
        attachBehaviour(element, name).catch(() => undefined)
      }
    },
    { rootMargin: LOAD_MARGIN },
  )
  for (const element of document.querySelectorAll<HTMLElement>('[data-behaviour]')) observer.observe(element)
}
