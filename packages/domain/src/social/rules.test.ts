import { describe, expect, it } from 'vitest';
import { canUnbindSocial, socialProviderIdSchema } from './rules';

describe('canUnbindSocial (161: never the last way to sign in)', () => {
  const none = { hasPassword: false, hasMobile: false, otherBindings: 0 };
  it.each([
    [{ ...none, hasPassword: true }, true],
    [{ ...none, hasMobile: true }, true],
    [{ ...none, otherBindings: 1 }, true],
    [none, false],
  ])('%o → %s', (methods, allowed) => {
    expect(canUnbindSocial(methods)).toBe(allowed);
  });
});

describe('socialProviderIdSchema', () => {
  it.each(['google', 'corp-sso', 'a1'])('accepts %s', (id) => {
    expect(socialProviderIdSchema.safeParse(id).success).toBe(true);
  });
  it.each(['', 'Google', '-corp', 'a/b', 'x'.repeat(33)])('refuses %s', (id) => {
    expect(socialProviderIdSchema.safeParse(id).success).toBe(false);
  });
});
