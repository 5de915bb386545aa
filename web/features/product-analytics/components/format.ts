/** A whole percentage, or a dash when there is nothing to divide by. */
export const percentText = (value: number | null) => (value === null ? '—' : `${value} %`);
