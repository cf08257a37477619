import { redirect } from 'react-router'

// SPEC 2: any unknown path redirects to /404 (which answers with status 404).
export const loader = () => redirect('/404')
