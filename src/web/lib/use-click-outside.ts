import { type RefObject, useEffect } from 'react'

/** Calls `onOutside` on a pointer press or focus outside `ref` (and on Escape) while `active`. */
export function useClickOutside(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void) {
  useEffect(() => {
    if (!active) return
    const handle = (event: Event) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onOutside()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOutside()
    }
    document.addEventListener('pointerdown', handle)
    document.addEventListener('focusin', handle)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', handle)
      document.removeEventListener('focusin', handle)
      document.removeEventListener('keydown', onKey)
    }
  }, [ref, active, onOutside])
}
