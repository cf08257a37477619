// Small DOM helpers the behaviours share.

type Handlers = { [type: string]: (event: never) => void }

/** Adds each handler to the target; the returned function removes them all (a behaviour's detach). */
export function listen(target: EventTarget, handlers: Handlers, options?: AddEventListenerOptions): () => void {
  const entries = Object.entries(handlers) as [string, EventListener][]
  for (const [type, handler] of entries) target.addEventListener(type, handler, options)
  return () => {
    for (const [type, handler] of entries) target.removeEventListener(type, handler, options)
  }
}

/** Marks the element at `index` as the current one of its list (aria-current), and no other. */
export function markCurrent(elements: readonly Element[], index: number) {
  elements.forEach((element, i) =>
    i === index ? element.setAttribute('aria-current', 'true') : element.removeAttribute('aria-current'),
  )
}

/** Shows one of a set of stacked images (`is-active`, fading in by CSS) and hides the others from assistive technology. */
export function showOnly(images: readonly Element[], shown: Element | undefined) {
  for (const image of images) {
    image.classList.toggle('is-active', image === shown)
    if (image === shown) image.removeAttribute('aria-hidden')
    else image.setAttribute('aria-hidden', 'true')
  }
}
