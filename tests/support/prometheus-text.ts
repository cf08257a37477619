// A strict reader of Prometheus' text exposition format 0.0.4 (prometheus.io/docs/instrumenting/
// exposition_formats): every line must be a HELP, a TYPE or a sample of a declared family, names
// and label values well-formed, values numbers. Throws on the first line that is not.

export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}
export interface Family {
  name: string
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped'
  help: string
  samples: Sample[]
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped'])
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: ['', '_total'],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>()
  const lines = text.split('\n')
  if (lines.at(-1) !== '') throw new Error('the exposition must end with a line feed')
  lines.forEach((line, index) => {
    const where = `line ${index + 1}: ${line}`
    if (line === '') return
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line)
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string]
      if (!NAME.test(name)) throw new Error(`bad metric name, ${where}`)
      const family = families.get(name) ?? { name, type: 'untyped' as const, help: '', samples: [] }
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`bad type, ${where}`)
        if (family.samples.length > 0) throw new Error(`TYPE after samples, ${where}`)
        family.type = rest as Family['type']
      } else family.help = rest
      families.set(name, family)
      return
    }
    if (line.startsWith('#')) return
    const sample = parseSample(line, where)
    const family = familyOf(families, sample.name)
    if (!family) throw new Error(`sample of an undeclared family, ${where}`)
    if (family.type === 'histogram' && sample.name.endsWith('_bucket') && !('le' in sample.labels))
      throw new Error(`bucket without le, ${where}`)
    family.samples.push(sample)
  })
  return families
}

function familyOf(families: Map<string, Family>, sampleName: string): Family | undefined {
  for (const family of families.values())
    if (SUFFIXES[family.type].some((suffix) => `${family.name}${suffix}` === sampleName)) return family
  return undefined
}

function parseSample(line: string, where: string): Sample {
  const head = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{)?/.exec(line)
  if (!head) throw new Error(`bad sample, ${where}`)
  const name = head[1]!
  let at = name.length
  const labels: Record<string, string> = {}
  if (head[2]) {
    at++
    while (line[at] !== '}') {
      const label = /^([^=]+)="/.exec(line.slice(at))
      if (!label || !LABEL_NAME.test(label[1]!)) throw new Error(`bad label name, ${where}`)
      at += label[0].length
      let value = ''
      for (;;) {
        const char = line[at++]
        if (char === undefined) throw new Error(`unterminated label value, ${where}`)
        if (char === '"') break
        if (char === '\\') {
          const escaped = line[at++]
          if (escaped === 'n') value += '\n'
          else if (escaped === '\\' || escaped === '"') value += escaped
          else throw new Error(`bad escape, ${where}`)
        } else value += char
      }
      if (label[1]! in labels) throw new Error(`repeated label, ${where}`)
      labels[label[1]!] = value
      if (line[at] === ',') at++
      else if (line[at] !== '}') throw new Error(`bad label list, ${where}`)
    }
    at++
  }
  const rest = line.slice(at)
  const parts = /^ (\S+)(?: (-?\d+))?$/.exec(rest)
  if (!parts) throw new Error(`bad value, ${where}`)
  const raw = parts[1]!
  // As Prometheus reads values (Go's ParseFloat): NaN and Inf in any case; prom-client writes "Nan".
  const special = /^(nan|[+-]inf)$/i.test(raw) ? raw.toLowerCase() : null
  const value = special === 'nan' ? NaN : special === '+inf' ? Infinity : special === '-inf' ? -Infinity : Number(raw)
  if (Number.isNaN(value) && special !== 'nan') throw new Error(`bad value, ${where}`)
  return { name, labels, value }
}

/** The value of one sample: by name and (some of) its labels; throws when there is none. */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  for (const family of families.values())
    for (const sample of family.samples)
      if (sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v)) return sample.value
  throw new Error(`no sample ${name} ${JSON.stringify(labels)}`)
}
