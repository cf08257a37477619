import pg from 'pg'

export interface NotificationHandlers {
  onNotify(payload: string): void
  /** After every (re)connection: notifications sent while disconnected are lost for good. */
  onConnect(): void
  onError(error: Error): void
}

export interface NotificationListener {
  close(): Promise<void>
}

const FIRST_RETRY_MS = 250
const MAX_RETRY_MS = 10_000

/**
 * LISTEN on a connection of its own: a pooled connection would be handed to queries or closed
 * when idle, and with it the subscription. A lost connection is reopened with a growing delay.
 */
export function createNotificationListener(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): NotificationListener {
  let current: pg.Client | undefined
  let closed = false
  let retryMs = FIRST_RETRY_MS
  let timer: NodeJS.Timeout | undefined

  function retryLater() {
    if (closed) return
    clearTimeout(timer)
    timer = setTimeout(() => void connect(), retryMs)
    timer.unref()
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
  }

  function drop(client: pg.Client) {
    if (current !== client) return
    current = undefined
    client.end().catch(() => {})
    retryLater()
  }

  async function connect() {
    if (closed) return
    // Keep-alive probes notice a peer that vanished without closing the connection.
    const client = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 })
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '')
    })
    client.on('error', (error) => {
      handlers.onError(error)
      drop(client)
    })
    client.on('end', () => drop(client))
    try {
      await client.connect()
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`)
    } catch (error) {
      handlers.onError(error as Error)
      client.end().catch(() => {})
      retryLater()
      return
    }
    if (closed) {
      await client.end().catch(() => {})
      return
    }
    current = client
    retryMs = FIRST_RETRY_MS
    handlers.onConnect()
  }

  void connect()
  return {
    async close() {
      closed = true
      clearTimeout(timer)
      const client = current
      current = undefined
      await client?.end().catch(() => {})
    },
  }
}
