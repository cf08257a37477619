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
} satisfies Record<string, () => Promise<Attach>>

export type BehaviourName = keyof typeof BEHAVIOURS

export function isBehaviourName(name: string | undefined): name is BehaviourName {
  return name !== undefined && Object.hasOwn(BEHAVIOURS, name)
}

/** Loads a behaviour's code and attaches it to its element. */
export function attachBehaviour(element: HTMLElement, name: BehaviourName): Promise<Detach> {
  return BEHAVIOURS[name]().then((attach) => attach(element))
}

/** Every part of the page that names a behaviour (the static entry, once). */
export function attachPageBehaviours() {
  for (const element of document.querySelectorAll<HTMLElement>('[data-behaviour]')) {
    const name = element.dataset.behaviour
    // Offline, a part stays as the server sent it.
    if (isBehaviourName(name)) attachBehaviour(element, name).catch(() => undefined)
  }
}
