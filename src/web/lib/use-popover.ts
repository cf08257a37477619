import { type RefObject, useCallback, useEffect, useState } from 'react'

/**
 * The open state of a `popover` element that a `popovertarget` button opens. The browser opens and
 * closes it (the button, a press outside, Escape) with or without scripts, so a phone is never
 * dead to a tap while the page's scripts download and hydrate (decision 075). React follows the
 * element's `toggle` events, and takes over a state the visitor set before hydration.
 */
export function usePopover(ref: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false)
  // Opened before the scripts arrived: React's first render said closed, the element is open.
  useEffect(() => setOpen(Boolean(ref.current?.matches(':popover-open'))), [ref])
  const close = useCallback(() => {
    if (ref.current?.matches(':popover-open')) ref.current.hidePopover()
  }, [ref])
  const onToggle = useCallback((event: React.ToggleEvent) => setOpen(event.newState === 'open'), [])
  return { open, close, onToggle }
}
