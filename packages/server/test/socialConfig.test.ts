import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const provider = {
  id: 'corp',
  label: 'Corp SSO',
  issuer: 'https://sso.example.com',
  clientId: 'c',
  clientSecret: 's',
};

describe('SOCIAL_PROVIDERS', () => {
  it('is empty by default, and parses a JSON array with the default scope', () => {
    expect(loadConfig({}).SOCIAL_PROVIDERS).toEqual([]);
    expect(loadConfig({ SOCIAL_PROVIDERS: JSON.stringify([provider]) }).SOCIAL_PROVIDERS).toEqual([
      { ...provider, scope: 'openid email profile' },
    ]);
  });

  it.each([
    ['not JSON', 'must be a JSON array'],
    [JSON.stringify([{ ...provider, issuer: 'ftp://x' }]), 'is invalid at [0.issuer]'],
    [JSON.stringify([{ ...provider, id: 'Corp' }]), 'is invalid at [0.id]'],
    [JSON.stringify([provider, provider]), 'duplicate id "corp"'],
    [JSON.stringify([{ ...provider, clientSecret: '' }]), 'is invalid at [0.clientSecret]'],
  ])('refuses %s at start', (raw, problem) => {
    expect(() => loadConfig({ SOCIAL_PROVIDERS: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ SOCIAL_PROVIDERS: raw })).toThrow(problem);
  });
});
