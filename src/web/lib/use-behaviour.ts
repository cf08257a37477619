import { useEffect, useRef } from 'react'
import { attachBehaviour, type BehaviourName } from '../behaviours/registry.js'

/**
 * Attaches a behaviour (behaviours/registry.ts) to the element React renders with the returned
 * props, and detaches it when the element goes. On a page the server sent, the static entry does
 * this instead: no effect runs there.
 */
export function useBehaviour<T extends HTMLElement>(name: BehaviourName) {
  const ref = useRef<T>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    let detach: (() => void) | null = null
    let gone = false
    attachBehaviour(element, name).then(
      (attached) => (gone ? attached() : (detach = attached)),
      () => undefined,
    )
    return () => {
      gone = true
      detach?.()
    }
  }, [name])
  return { ref, 'data-behaviour': name }
}
