export const reportScheduleKeys = {
  all: ['report-schedules'] as const,
  list: () => ['report-schedules', 'list'] as const,
  deliveries: () => ['report-schedules', 'deliveries'] as const,
};

export const schedulePath = (id: string) => `/api/report-schedules/${encodeURIComponent(id)}`;
