import { Link } from 'react-router'
import type { MachineStatus } from './machine-api.js'
import { usageSentence } from './workbench-fill.js'

/** The dashboard's card: the month's machine translation against its cap (issue 40, item 6). */
export function MachineUsage({ machine }: { machine: MachineStatus }) {
  return (
    <section className="admin-card" aria-labelledby="machine-usage">
      <h2 id="machine-usage">Machine translation</h2>
      <p>
        {machine.provider ? `${machine.provider}: ${usageSentence(machine)}.` : 'No machine translation is set up.'}{' '}
        <Link to="/admin/glossary">Glossary</Link>
      </p>
    </section>
  )
}
