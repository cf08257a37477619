import { showOnly } from './dom.js'

/**
 * 'Why choose us' (why-tabs.tsx renders it): an accessible tab list in which choosing a tab shows
 * its panel and fades in its own banner image. Plain DOM, so it runs on a page that starts no
 * framework (decision 122) and in one React rendered (use-behaviour.ts) alike.
 */
export function attachWhyTabs(root: HTMLElement): () => void {
  const list = root.querySelector<HTMLElement>('[role="tablist"]')
  const tabs = [...root.querySelectorAll<HTMLElement>('[role="tab"]')]
  const media = root.querySelector<HTMLElement>('.why-tabs__media')
  const images = [...root.querySelectorAll<HTMLElement>('.why-tabs__image')]
  if (!list || !tabs.length) return () => undefined
  const last = tabs.length - 1
  let selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true'),
  )

  const select = (index: number) => {
    selected = index
    tabs.forEach((tab, i) => {
      tab.setAttribute('aria-selected', String(i === index))
      tab.tabIndex = i === index ? 0 : -1
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '')
      if (panel) panel.hidden = i !== index
    })
    // The banner keeps the last image there was when a selling point has none of its own.
    const shown = images.findLast((image) => Number(image.dataset.tab) <= index)
    showOnly(images, shown)
    if (media) media.dataset.activeImage = shown?.dataset.src ?? ''
  }

  const onClick = (event: MouseEvent) => {
    const tab = (event.target as Element).closest<HTMLElement>('[role="tab"]')
    const index = tab ? tabs.indexOf(tab) : -1
    if (index >= 0) select(index)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: selected === last ? 0 : selected + 1,
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowUp: selected === 0 ? last : selected - 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    select(next)
    tabs[next]?.focus()
  }
  list.addEventListener('click', onClick)
  list.addEventListener('keydown', onKeyDown)
  return () => {
    list.removeEventListener('click', onClick)
    list.removeEventListener('keydown', onKeyDown)
  }
}
