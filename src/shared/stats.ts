// What GET /api/admin/stats and /api/admin/attention answer (docs/api.md, decision 095).

/** Enquiries per 100 views, two decimals; null without views. */
export type Rate = number | null

export interface StatsFigures {
  views: number
  enquiries: number
  rate: Rate
}

export interface StatsReport {
  from: string
  to: string
  totals: StatsFigures
  /** Every day of the range, zeros included. */
  days: { date: string; views: number; enquiries: number }[]
  /** The rest: sorted by views, at most STATS_TOP_ROWS each. */
  pages: (StatsFigures & { path: string; language: string; project: string })[]
  /** `source` '' is no referrer and no campaign; '(internal)' is from this site; 'other' is the rest of a busy day. */
  sources: (StatsFigures & WonFigures & { source: string; medium: string; campaign: string })[]
  languages: (StatsFigures & { language: string })[]
  /** `project` is the project's id (its original's); `title` the original's title. */
  projects: (StatsFigures & WonFigures & { project: string; title: string })[]
  /** Issue 42: how fast the range's enquiries were first answered (a reply sent or the stage moved on). */
  response: ResponseTimes
}

/** Of the range's enquiries: how many are won now, and their value (euros) summed. */
export interface WonFigures {
  won: number
  wonValue: number
}

export interface ResponseTimes {
  /** Median minutes from enquiry to first response; null when none was answered. */
  medianMinutes: number | null
  /** Enquiries answered (the median is over these). */
  answered: number
  /** Per owner (ownerId null: nobody), by their current owner. */
  owners: { ownerId: string | null; name: string; medianMinutes: number | null; answered: number; enquiries: number }[]
}

export const STATS_TOP_ROWS = 100

/** One thing on the dashboard's "Needs attention" list, with where it is fixed. */
export interface AttentionItem {
  kind: string
  count: number
  label: string
  href: string
  /** The first few records it is about, each opened where it is fixed (the side-by-side translation screen). */
  links?: { label: string; href: string }[]
}
