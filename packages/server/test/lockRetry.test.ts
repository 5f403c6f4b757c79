import { expect, it } from 'vitest';
import { isLockConflict, retryOnLockConflict } from '../src/db/lockRetry';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

it('runs a transaction again after a deadlock or serialization failure, at most the attempts given', async () => {
  let calls = 0;
  const ok = await retryOnLockConflict(async () => {
    calls++;
    if (calls < 3) throw pgError(calls === 1 ? '40P01' : '40001');
    return 'committed';
  });
  expect([ok, calls]).toEqual(['committed', 3]);

  calls = 0;
  await expect(
    retryOnLockConflict(async () => {
      calls++;
      throw pgError('40P01');
    }, 2),
  ).rejects.toThrow('pg 40P01');
  expect(calls).toBe(2);
});

it('does not run again after any other error', async () => {
  let calls = 0;
  await expect(
    retryOnLockConflict(async () => {
      calls++;
      throw pgError('23505');
    }),
  ).rejects.toThrow('pg 23505');
  expect(calls).toBe(1);
  expect([isLockConflict(pgError('40P01')), isLockConflict(new Error('x')), isLockConflict(null)]).toEqual([
    true,
    false,
    false,
  ]);
});
