import { type HTMLAttributes, type MouseEvent, type ReactNode, useState } from 'react'
import { type NavigateFunction, useLocation, useNavigate } from 'react-router'

// Set once the page the browser loaded has hydrated (root.tsx): a part mounted after that (a
// client-side navigation) renders in the browser like any other.
let pageHydrated = false

/** root.tsx calls this from its first effect. */
export function markPageHydrated() {
  pageHydrated = true
}

const KEEP_SERVER_HTML = { __html: '' }

interface ServerHtmlProps extends HTMLAttributes<HTMLElement> {
  as?: 'section' | 'div' | 'header' | 'footer'
  children: ReactNode
}

/**
 * A part of a page with no behaviour (text, pictures, links) that hydration leaves as the server
 * rendered it: React hydrates this element and not what it holds, so a slow phone does not spend
 * its main thread rendering the part again to find it unchanged (decision 075). Its links stay
 * client-side navigations (one click handler here). After a navigation, or mounted in the browser,
 * it renders its children as usual.
 */
export function ServerHtml({ as: Tag = 'div', children, ...props }: ServerHtmlProps) {
  const location = useLocation()
  const navigate = useNavigate()
  // Decided when the element is first rendered: in the browser, during the page's hydration. Once
  // the visitor has moved on (a layout's part stays mounted), it renders its children for good.
  const [keptAt, setKeptAt] = useState(() => (typeof document === 'undefined' || pageHydrated ? null : location.key))
  if (keptAt !== null && keptAt !== location.key) setKeptAt(null)
  if (keptAt !== null && keptAt === location.key) {
    // An empty innerHTML that React neither checks nor applies while hydrating: the server's
    // children stay. A different key below makes the element anew once it renders its children.
    return (
      <Tag
        key="server"
        {...props}
        onClick={(event) => followLink(event, navigate)}
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
        suppressHydrationWarning
      />
    )
  }
  return (
    <Tag key="browser" {...props}>
      {children}
    </Tag>
  )
}

/** What a React Router <Link> does on a plain click: navigate in the page, not load a new one. */
function followLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    return
  const link = (event.target as Element).closest('a')
  if (!link || !event.currentTarget.contains(link) || link.target || link.hasAttribute('download')) return
  if (link.origin !== window.location.origin) return
  event.preventDefault()
  void navigate(link.pathname + link.search + link.hash)
}
