import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { AdminModel } from "../../lib/authState";
import { adminsKeys } from "./keys";

/** Admins are fetched in batches of this size. */
export const ADMINS_BATCH = 100;

/** GET /api/admins, the full list in batches of 100 with the sort and filter. */
export async function fetchAdmins(filter: string, sort: string): Promise<AdminModel[]> {
  return (await client.admins.getFullList({ batch: ADMINS_BATCH, sort, filter, requestKey: "admins_list" })) as unknown as AdminModel[];
}

export function useAdmins(filter: string, sort: string) {
  return useQuery({ queryKey: adminsKeys.list(filter, sort), queryFn: () => fetchAdmins(filter, sort) });
}
