import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'

// Debian's translate-toolkit (a real CAT library) reads our XLIFF and fills its targets. Its
// Python modules live in the system interpreter, not in a pyenv one earlier on PATH.
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3'

const FILL = `
import sys, json, copy
from translate.storage.xliff import xlifffile
from translate.storage.placeables import StringElem
options = json.loads(sys.argv[1])
store = xlifffile.parsefile(sys.stdin.buffer)
def upper(elem):
    for i, sub in enumerate(elem.sub):
        if isinstance(sub, str):
            elem.sub[i] = sub.upper()
        elif type(sub) is StringElem:
            upper(sub)
ids = []
for unit in store.units:
    if not unit.istranslatable():
        continue
    uid = unit.getid().split("\\x04")[-1]
    ids.append(uid)
    fixed = options.get("targets", {}).get(uid)
    if fixed is not None:
        unit.target = fixed
        continue
    rich = copy.deepcopy(unit.rich_source)
    for elem in rich:
        upper(elem)
    unit.rich_target = rich
sys.stdout.buffer.write(bytes(store))
`

/**
 * Fills every unit's target with its source in capitals (codes kept where they are), through
 * translate-toolkit's own XLIFF store; `targets` sets a unit's target to plain text instead.
 */
export function fillXliff(xml: string, options: { targets?: Record<string, string> } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      PYTHON,
      ['-c', FILL, JSON.stringify(options)],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    )
    child.stdin!.end(xml)
  })
}
