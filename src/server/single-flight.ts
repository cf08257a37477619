/**
 * Background work that runs once at a time: a wake while it runs makes it run once more after,
 * never twice at once (the outbox, the AVIF queue, content-change announcements).
 */
export function singleFlight(
  work: () => Promise<void>,
  options: { onError(error: unknown): void; after?: () => Promise<void> },
) {
  let running: Promise<void> | undefined
  let again = false
  let stopped = false

  return {
    wake() {
      if (stopped) return
      if (running) {
        again = true
        return
      }
      running = (async () => {
        do {
          again = false
          await work().catch(options.onError)
        } while (again && !stopped)
        await options.after?.().catch(options.onError)
        running = undefined
      })()
    },
    /** Makes no new runs; answers when the one under way (if any) has ended. */
    async stop() {
      stopped = true
      await running
    },
  }
}
