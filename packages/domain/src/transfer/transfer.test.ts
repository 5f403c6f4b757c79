import { describe, expect, it } from 'vitest';
import { transferRequestSchema } from './api';
import { maskEmail, maskMobile } from './mask';

describe('transfer request', () => {
  it.each([
    [{ receiver: 'a@b.co', code: '123456' }, true],
    [{ receiver: 'NL12345', code: '1234' }, true],
    [{ receiver: ' ', code: '1234' }, false],
    [{ receiver: 'a@b.co', code: '12345' }, false],
    [{ receiver: 'a@b.co', code: 'abcd' }, false],
  ])('%j valid: %s', (body, ok) => {
    expect(transferRequestSchema.safeParse(body).success).toBe(ok);
  });

  it('keeps no manage share unless asked', () => {
    expect(transferRequestSchema.parse({ receiver: 'x@y.z', code: '1234' }).keepManage).toBe(false);
  });

  it('masks where the code went', () => {
    expect(maskEmail('jane@example.com')).toBe('j***@example.com');
    expect(maskMobile('86', '13900001234')).toBe('+86 ***1234');
  });
});
