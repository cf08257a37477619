import { createHmac } from 'node:crypto'
import { contextOf, type EnquiryRow } from '../services/enquiry-record.js'
import type { DeliverySender } from './outbox.js'

/** How long the receiver may take to answer; well under DELIVERY_LEASE_SECONDS. */
const WEBHOOK_TIMEOUT_MS = 10_000

export const WEBHOOK_HEADERS = {
  /** `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with LEAD_WEBHOOK_SECRET>`. */
  signature: 'x-signature-256',
  /** Unix seconds when this attempt was signed; a receiver refuses old ones (replays). */
  timestamp: 'x-webhook-timestamp',
  /** The delivery's id: the same on every retry, so a receiver can drop a duplicate. */
  id: 'x-webhook-id',
} as const

/** The JSON a receiver gets for one new enquiry (docs/api.md, decision 053). */
export function leadWebhookPayload(enquiry: EnquiryRow, deliveryId: string) {
  return {
    event: 'enquiry.created',
    deliveryId,
    enquiry: {
      _id: enquiry.id,
      createdAt: enquiry.createdAt.toISOString(),
      fname: enquiry.fname,
      lname: enquiry.lname,
      email: enquiry.email,
      phone: enquiry.phone,
      services: enquiry.services,
      message: enquiry.message,
      ...contextOf(enquiry),
    },
  }
}

/** The signature header's value for a body sent at `timestamp` (Unix seconds). */
export const signLeadWebhook = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`

/**
 * The 'webhook' channel: each new enquiry POSTed as signed JSON to LEAD_WEBHOOK_URL. Any answer but
 * a 2xx is a failure the outbox retries with backoff; redirects are not followed (a moved
 * receiver is a configuration to fix, not a place to send leads to unasked).
 */
export function createLeadWebhookSender(options: { url?: string; secret?: string }): DeliverySender {
  const { url, secret } = options
  return {
    configured: Boolean(url && secret),
    notConfiguredMessage: 'LEAD_WEBHOOK_URL is not set: enquiries are not sent to a webhook',
    keepsWhileNotConfigured: false,
    async send(enquiry, deliveryId) {
      const body = JSON.stringify(leadWebhookPayload(enquiry, deliveryId))
      const timestamp = Math.floor(Date.now() / 1000)
      const response = await fetch(url!, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'costa-del-sol-villas-leads/1',
          [WEBHOOK_HEADERS.signature]: signLeadWebhook(secret!, timestamp, body),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.id]: deliveryId,
        },
        body,
      }).catch((error: unknown) => {
        // fetch's own message is just "fetch failed"; the cause says why (ECONNREFUSED, a timeout).
        const cause = (error as { cause?: { code?: string; message?: string } }).cause
        throw new Error(`webhook unreachable: ${cause?.code ?? cause?.message ?? (error as Error).message}`)
      })
      // The receiver's answer body is not read: it may echo what the visitor wrote.
      await response.body?.cancel()
      if (response.status < 200 || response.status >= 300) {
        throw new Error(`webhook answered HTTP ${response.status}`)
      }
    },
    close() {},
  }
}
