/**
 * Helpers shared by the features' component tests (never imported by the app).
 * The rights of a settings editor in a test: a manager of project 1, not a demo project.
 */
export const TEST_ACCESS = {
  projectId: 1,
  canEdit: true,
  disabledReason: undefined,
  notice: undefined,
};
