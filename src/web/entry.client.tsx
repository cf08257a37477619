import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

// React Router's own entry, with one yield (issue 27): the imports above start React DOM (its
// module's code runs when first imported), and hydrateRoot then creates the root and its ~160
// event listeners; at 4x CPU the two together were one 60-70 ms task, each alone is under 50.
await new Promise((resolve) => setTimeout(resolve, 0))

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
