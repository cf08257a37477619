import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { Language } from '../../../shared/types.js'
import { serverReason } from '../components/status-message.js'
import { api, ApiError } from '../lib/api.js'
import { MESSAGES } from '../../../shared/messages.js'

/** Why a screen's data could not be loaded: the SPEC 8 message, and the server's reason under it. */
export interface LoadFailure {
  message: string
  detail?: string | undefined
}

/**
 * The answer of every admin loader: the data, or the failure to show in its place. Loaders answer
 * instead of throwing, so each screen keeps the admin bar and shows its own SPEC 8 message.
 */
export type Loaded<T> = { data: T; error: null } | { data: null; error: LoadFailure }

export interface LoadOptions {
  /** The message for a 404, shown alone (SPEC 8: 'Project not found!'). */
  notFound?: string
}

/** Runs a loader's calls; a failure becomes `message`, logged with its cause. */
export async function load<T>(call: () => Promise<T>, message: string, options: LoadOptions = {}): Promise<Loaded<T>> {
  try {
    return { data: await call(), error: null }
  } catch (error) {
    console.error(message, error)
    if (options.notFound && error instanceof ApiError && error.status === 404) {
      return { data: null, error: { message: options.notFound } }
    }
    return { data: null, error: { message, detail: serverReason(error) } }
  }
}

/** The originals of a list that holds translations too (parentId null): what the lists show. */
export const loadOriginals = <T extends { parentId: unknown }>(path: string, message: string) =>
  load(async () => (await api<T[]>(path)).filter((item) => item.parentId === null), message)

/** An original with every member of its translation group, itself first. */
export type Grouped<T> = T & { members: T[] }

/**
 * The originals of a list that holds translations too, each with its group's members: the lists
 * show each language's publishing status (issue 22).
 */
export const loadGroups = <T extends { _id: string; parentId: { _id: string } | null }>(
  path: string,
  message: string,
) =>
  load(async () => {
    const items = await api<T[]>(path)
    const groups = new Map<string, Grouped<T>>()
    for (const item of items) if (item.parentId === null) groups.set(item._id, { ...item, members: [item] })
    for (const item of items) if (item.parentId) groups.get(item.parentId._id)?.members.push(item)
    return [...groups.values()]
  }, message)

/**
 * One record whose read answers it bare or wrapped: docs/api.md says get-language and get-enquiry
 * answer the bare record, earlier builds wrapped it ({language}, {enquiry}); both are accepted.
 */
export const loadRecord = <T extends { _id: string }>(path: string, key: string, message: string) =>
  load(async () => {
    const answer = await api<T | Record<string, T>>(path)
    const wrapped = (answer as Record<string, T>)[key]
    return wrapped && typeof wrapped === 'object' && '_id' in wrapped ? wrapped : (answer as T)
  }, message)

/** The languages, or English alone when they cannot be read, so a form stays usable. */
export async function loadLanguages(): Promise<{ languages: Language[]; languagesError: LoadFailure | null }> {
  const loaded = await load(() => api<Language[]>('/get-languages'), MESSAGES.fetchLanguages)
  return loaded.data
    ? { languages: loaded.data, languagesError: null }
    : { languages: [{ _id: '', name: 'English', code: BASE_LANGUAGE }], languagesError: loaded.error }
}
