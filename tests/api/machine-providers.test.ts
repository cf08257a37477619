import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { protect, restore } from '../../src/server/translation/placeholders.js'
import { providerFromEnv } from '../../src/server/translation/providers/index.js'
import { joinText, splitText } from '../../src/server/translation/segments.js'
import { startFakeLibreTranslate, type FakeLibre } from '../support/fake-libretranslate.js'

// The LibreTranslate adapter against a local server speaking its API, and the text that must
// come back intact (issue 40, items 2 and 3). No database.

let libre: FakeLibre
beforeAll(async () => {
  libre = await startFakeLibreTranslate()
})
afterAll(() => libre.close())

describe('LibreTranslate', () => {
  it('lists its pairs and sends protected text as html, in batches within its limits', async () => {
    const provider = providerFromEnv({ LIBRETRANSLATE_URL: libre.url, LIBRETRANSLATE_API_KEY: 'k' })!
    expect(provider.name).toBe('libretranslate')
    expect(await provider.pairs()).toEqual([
      { source: 'en', target: 'es' },
      { source: 'en', target: 'de' },
    ])
    // A description at its length limit, sentence by sentence.
    const description = 'The villa has 5 beds and a pool of 120 m². '.repeat(250).slice(0, 10_000)
    const split = splitText(description)
    const guarded = split.segments.map((s) => protect(s.text, [{ source: 'pool', target: 'piscina' }]))
    const answers = await provider.translate(
      guarded.map((g) => g.markup),
      { source: 'en', target: 'es', glossary: [] },
    )
    const sent = libre.requests.filter((r) => r.path === '/translate')
    expect(sent.length).toBeGreaterThan(1)
    for (const request of sent) {
      expect(request.body).toMatchObject({ source: 'en', target: 'es', format: 'html', api_key: 'k' })
      expect(request.body.q.join('').length).toBeLessThanOrEqual(5000)
    }
    const back = answers.map((answer, i) => restore(answer, guarded[i]!))
    expect(back.every((b) => b.ok)).toBe(true)
    const text = joinText(
      split,
      back.map((b) => (b.ok ? b.text : '')),
    )
    expect(text).toContain('ES:The villa has 5 beds and a piscina of 120 m².')
  })
})

describe('text that comes back intact', () => {
  it('keeps line breaks and spacing, and refuses what a machine lost, repeated or invented', () => {
    const text = 'Call +34 952 123 456 or write to info@villa.es.\n\nSee https://villa.es/x, {name}!  Now.'
    expect(joinText(splitText(text))).toBe(text)
    const guarded = protect('A villa of 640 m² for {name}, call +34 952 123 456.')
    expect(guarded.spans.map((s) => s.kind)).toEqual(['number', 'placeholder', 'phone'])
    expect(restore(guarded.markup.replace('<x id="2"/>', ''), guarded)).toEqual({
      ok: false,
      reason: "The machine lost the placeholder '{name}'",
    })
    expect(restore(guarded.markup + '<x id="1"/>', guarded)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('repeated'),
    })
    expect(restore(guarded.markup + ' 99', guarded)).toMatchObject({
      ok: false,
      reason: "The machine added the number '99'",
    })
    expect(restore(guarded.markup.replace('A villa', '<b>Una</b> &lt;villa&gt;'), guarded)).toEqual({
      ok: true,
      text: 'Una <villa> of 640 m² for {name}, call +34 952 123 456.',
    })
  })
})
