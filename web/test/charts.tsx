import { cloneElement, type ReactElement } from 'react';

/**
 * jsdom lays nothing out, so Recharts' ResponsiveContainer measures 0×0 and draws nothing. Tests
 * that read a chart's axis mock it with this: the chart gets the size a browser would give it.
 *   vi.mock('recharts', async (original) => ({ ...(await original<object>()), ...(await import('@/test/charts')).sizedCharts }));
 */
export const sizedCharts = {
  ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
    cloneElement(children, { width: 800, height: 300 }),
};
