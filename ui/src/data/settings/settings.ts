import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { settingsKeys } from "./keys";
import { stripRedacted } from "./redact";

export interface LogsSettings {
  maxDays: number;
  minLevel: number;
  logIp: boolean;
}

export type Settings = Record<string, unknown> & { logs?: LogsSettings; meta?: { appName?: string; hideControls?: boolean } };

export async function fetchSettings(signal?: AbortSignal): Promise<Settings> {
  return (await client.settings.getAll({ requestKey: null, signal })) as Settings;
}

export function useSettings(enabled = true) {
  return useQuery({ queryKey: settingsKeys.detail(), queryFn: ({ signal }) => fetchSettings(signal), enabled });
}

export async function updateSettings(patch: Partial<Settings>): Promise<Settings> {
  return (await client.settings.update(stripRedacted(patch), { requestKey: null })) as Settings;
}

export function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...settingsKeys.all, "update"],
    mutationFn: updateSettings,
    onSuccess: (data) => qc.setQueryData(settingsKeys.detail(), data),
  });
}
