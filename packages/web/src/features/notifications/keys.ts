/** Query keys of the notifications feature. */
export const notificationKeys = {
  settings: (projectId: number) => ['notifications', projectId] as const,
};
