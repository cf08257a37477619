import { redirect } from 'react-router'

export const clientLoader = () => redirect('/admin/dashboard')
export const loader = () => redirect('/admin/dashboard')
