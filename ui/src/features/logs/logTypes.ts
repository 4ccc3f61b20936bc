export interface LogEntry {
  id: string;
  created: string;
  updated?: string;
  level: number;
  message: string;
  data: Record<string, unknown>;
}

export interface LogStatsItem {
  date: string;
  total: number;
}
