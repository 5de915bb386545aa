// Movers: how an application's spend in a window compares with the window of equal length just
// before it. One rule for the API, the screen and any report: an application with no spend in the
// comparison window is "new" (it started in this window — a percentage against nothing, or against
// a trial's few cents, would read "+1063.6 %"), one with none in this window "stopped"; only an
// application with spend in both has a percent change. Pure and isomorphic.

export const MOVER_KINDS = ['new', 'stopped', 'change'] as const;
export type MoverKind = (typeof MOVER_KINDS)[number];

export interface MoverChange {
  kind: MoverKind;
  changeMinor: number;
  /** One decimal; null unless `kind` is 'change'. */
  changePercent: number | null;
}

export function moverChange(previousMinor: number, currentMinor: number): MoverChange {
  const changeMinor = currentMinor - previousMinor;
  if (previousMinor <= 0) return { kind: 'new', changeMinor, changePercent: null };
  if (currentMinor <= 0) return { kind: 'stopped', changeMinor, changePercent: null };
  return {
    kind: 'change',
    changeMinor,
    changePercent: Math.round((changeMinor * 1000) / previousMinor) / 10,
  };
}

