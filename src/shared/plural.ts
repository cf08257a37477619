/** A count with its noun for the back office's English ("1 enquiry", "3 enquiries"). */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
