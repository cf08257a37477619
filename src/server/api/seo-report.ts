import type { FastifyInstance } from 'fastify'
import { policy } from '../services/access-policy.js'
import { seoReport } from '../services/seo-report.js'
import { createSiteData } from '../site/site-data.js'

/** The SEO check (issue 24, item 8; decision 113): owners and editors. */
export async function seoReportRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  app.get('/seo-report', app.allow(policy.seoReport), async () =>
    // Fresh reads, not the site's kept ones: the check shows the database as it is now.
    seoReport(app.ctx.db, createSiteData(app.ctx, app.outbox, { publicUrl: options.publicUrl })),
  )
}
