export const systemKeys = {
  all: ["system"] as const,
  health: () => [...systemKeys.all, "health"] as const,
  factors: (baseUrl: string) => [...systemKeys.all, "factors", baseUrl] as const,
};
