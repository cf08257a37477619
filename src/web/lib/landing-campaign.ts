import { CAMPAIGN_PARAMS, type CampaignParam, ENQUIRY_LIMITS } from '../../shared/constants.js'

// The campaign parameters of the visit's landing page, kept in sessionStorage: they live as long
// as the tab, need no cookie (so no consent banner), and never reach the page cache, whose key
// leaves utm_*/gclid/fbclid out (decision 054). Browser-only: call from effects and handlers.

const STORAGE_KEY = 'landing-campaign'

export type Campaign = Partial<Record<CampaignParam, string>>

const storage = () => {
  try {
    return window.sessionStorage
  } catch {
    // Storage switched off: the enquiry simply goes without campaign parameters.
    return null
  }
}

/**
 * Remembers the landing page's parameters once per visit: the first page of the tab writes them
 * (an empty set too, so a later page with other parameters does not take the landing page's place).
 */
export function rememberLandingCampaign(search: string = window.location.search): void {
  const store = storage()
  if (!store || store.getItem(STORAGE_KEY) !== null) return
  const query = new URLSearchParams(search)
  const campaign: Campaign = {}
  for (const name of CAMPAIGN_PARAMS) {
    const value = query.get(name)?.trim()
    if (value) campaign[name] = value.slice(0, ENQUIRY_LIMITS.campaign)
  }
  store.setItem(STORAGE_KEY, JSON.stringify(campaign))
}

/** What rememberLandingCampaign kept for this visit; empty when nothing (or no storage). */
export function landingCampaign(): Campaign {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}')
    const campaign: Campaign = {}
    for (const name of CAMPAIGN_PARAMS) {
      const value = (parsed as Record<string, unknown>)[name]
      if (typeof value === 'string' && value) campaign[name] = value.slice(0, ENQUIRY_LIMITS.campaign)
    }
    return campaign
  } catch {
    return {}
  }
}
