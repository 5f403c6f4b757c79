import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  ERR,
  GENERAL_MESSAGES,
  LOGIN_FAIL_MAX,
  LOGIN_LOCK_SECONDS,
  SMS_LIMIT_PER_DAY,
  SMS_LIMIT_PER_HOUR,
} from '@netloom/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from './client';
import { signedInUser, uniqueEmail, uniqueMobile } from './factories';
import { describeEachDb, type Mailbox, startMailbox, useTestApp } from './harness';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox.close();
});

/** A wrong code of the right shape: differs from `code` in every digit. */
function wrong(code: string): string {
  return code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
}

describeEachDb('accounts: codes, register, sign-in', (kind) => {
  const t = useTestApp(kind, () => ({ mailbox }));

  it('registers by e-mail with the code read from the real SMTP server, then signs in', async () => {
    const c = new TestClient(t().app);
    const email = uniqueEmail();
    const sent = await c.post('/api/auth/codes', { channel: 'email', purpose: 'register', email });
    expect(sent.body).toEqual({ code: 0, data: { resendAfter: CODE_RESEND_SECONDS, expiresIn: 600 } });
    const code = mailbox.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mailbox.messages.at(-1)?.raw).toContain('Subject: Your Netloom verification code');

    const reg = await c.post<{ account: { email: string; cloudCode: string } }>('/api/auth/register', {
      method: 'email',
      email: email.toUpperCase(),
      code,
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(reg.body.code).toBe(0);
    expect(reg.body.data?.account.email).toBe(email);
    expect(reg.body.data?.account.cloudCode).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);

    const login = await c.post('/api/auth/login', { method: 'email', email, password: 'secret123' });
    expect(login.body.code).toBe(0);
    const session = await c.get<{ account: { email: string } }>('/api/auth/session');
    expect(session.body.data?.account.email).toBe(email);
  });

  it('13: a code for an existing account cannot be requested, nor can it register again', async () => {
    const { mobile } = await signedInUser(t());
    const c = new TestClient(t().app);
    const r = await c.post('/api/auth/codes', { channel: 'sms', purpose: 'register', mobile });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ code: ERR.ACCOUNT_EXISTS, message: expect.stringContaining('already exists') });
    const reg = await c.post('/api/auth/register', {
      method: 'mobile',
      mobile,
      code: '1234',
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(reg.body.code).toBe(ERR.ACCOUNT_EXISTS);
  });

  it('22 / 419: reset and login codes are refused for unknown e-mail addresses and mobile numbers', async () => {
    const c = new TestClient(t().app);
    const a = await c.post('/api/auth/codes', { channel: 'email', purpose: 'reset', email: uniqueEmail() });
    expect(a.body.code).toBe(ERR.ACCOUNT_NOT_EXIST);
    const b = await c.post('/api/auth/codes', { channel: 'sms', purpose: 'login', mobile: uniqueMobile() });
    expect(b.body).toMatchObject({
      code: ERR.MOBILE_NOT_REGISTERED,
      message: GENERAL_MESSAGES.MOBILE_NOT_REGISTERED,
    });
    const reset = await c.post('/api/auth/password/reset', {
      method: 'email',
      email: uniqueEmail(),
      code: '123456',
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect(reset.body.code).toBe(ERR.ACCOUNT_NOT_EXIST);
  });

  it('12 for a wrong code; 75 on the 5th wrong attempt, and the code is burnt', async () => {
    const c = new TestClient(t().app);
    const mobile = uniqueMobile();
    await c.post('/api/auth/codes', { channel: 'sms', purpose: 'register', mobile });
    const code = t().sms.lastCode(mobile);
    const body = (attempt: string) => ({
      method: 'mobile',
      mobile,
      code: attempt,
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) {
      const r = await c.post('/api/auth/register', body(wrong(code)));
      expect(r.body.code).toBe(ERR.WRONG_VERIFICATION_CODE);
    }
    const fifth = await c.post('/api/auth/register', body(wrong(code)));
    expect(fifth.body.code).toBe(ERR.VERIFY_ATTEMPTS_EXCEEDED);
    // Burnt: even the right code no longer works.
    const right = await c.post('/api/auth/register', body(code));
    expect(right.body.code).toBe(ERR.VERIFY_ATTEMPTS_EXCEEDED);
  });

  it('12 for an expired code and for a code used twice', async () => {
    const c = new TestClient(t().app);
    const email = uniqueEmail();
    await c.post('/api/auth/codes', { channel: 'email', purpose: 'register', email });
    t().clock.advance(601);
    const body = {
      method: 'email',
      email,
      code: mailbox.lastCode(email),
      password: 'secret1',
      confirmPassword: 'secret1',
    };
    expect((await c.post('/api/auth/register', body)).body.code).toBe(ERR.WRONG_VERIFICATION_CODE);

    const mobile = uniqueMobile();
    await c.post('/api/auth/codes', { channel: 'sms', purpose: 'register', mobile });
    const first = await signInBodyRegister(c, mobile, t().sms.lastCode(mobile));
    expect(first).toBe(0);
    // Used code on a login attempt with purpose login: no login code was sent → 12.
    const login = await c.post('/api/auth/login', { method: 'sms', mobile, code: t().sms.lastCode(mobile) });
    expect(login.body.code).toBe(ERR.WRONG_VERIFICATION_CODE);
  });

  it('1: a transport failure (SMTP refuses, SMS provider down) answers code 1 and no countdown starts', async () => {
    const c = new TestClient(t().app);
    const email = uniqueEmail();
    mailbox.reject.add(email);
    const r = await c.post('/api/auth/codes', { channel: 'email', purpose: 'register', email });
    expect(r.body.code).toBe(ERR.CODE_SEND_FAILED);
    expect(r.status).toBe(502);
    mailbox.reject.delete(email);
    expect(
      (await c.post('/api/auth/codes', { channel: 'email', purpose: 'register', email })).body.code,
    ).toBe(0);

    t().sms.fail = true;
    try {
      const s = await c.post('/api/auth/codes', {
        channel: 'sms',
        purpose: 'register',
        mobile: uniqueMobile(),
      });
      expect(s.body.code).toBe(ERR.CODE_SEND_FAILED);
    } finally {
      t().sms.fail = false;
    }
  });

  it('2010: an e-mail code cannot be re-sent before the countdown ends', async () => {
    const c = new TestClient(t().app);
    const email = uniqueEmail();
    expect(
      (await c.post('/api/auth/codes', { channel: 'email', purpose: 'register', email })).body.code,
    ).toBe(0);
    const again = await c.post('/api/auth/codes', { channel: 'email', purpose: 'register', email });
    expect(again.body.code).toBe(ERR.REPEATED_CLICK);
    expect(again.status).toBe(429);
    t().clock.advance(CODE_RESEND_SECONDS + 1);
    expect(
      (await c.post('/api/auth/codes', { channel: 'email', purpose: 'register', email })).body.code,
    ).toBe(0);
  });

  it('53 within a minute, 51 past the hourly limit, 52 past the daily limit (per number)', async () => {
    const c = new TestClient(t().app);
    const mobile = uniqueMobile();
    const send = () => c.post('/api/auth/codes', { channel: 'sms', purpose: 'register', mobile });
    expect((await send()).body.code).toBe(0);
    expect((await send()).body.code).toBe(ERR.SMS_LIMIT_MINUTE);
    for (let i = 1; i < SMS_LIMIT_PER_HOUR; i++) {
      t().clock.advance(61);
      expect((await send()).body.code).toBe(0);
    }
    t().clock.advance(61);
    expect((await send()).body.code).toBe(ERR.SMS_LIMIT_HOUR);
    // Fill the day: one more hourly batch.
    let sent = SMS_LIMIT_PER_HOUR;
    t().clock.advance(3600);
    while (sent < SMS_LIMIT_PER_DAY) {
      expect((await send()).body.code).toBe(0);
      sent++;
      t().clock.advance(sent % SMS_LIMIT_PER_HOUR === 0 ? 3600 : 61);
    }
    const r = await send();
    expect(r.body.code).toBe(ERR.SMS_LIMIT_DAY);
    expect(r.status).toBe(429);
    // Another number is not affected.
    expect(
      (await c.post('/api/auth/codes', { channel: 'sms', purpose: 'register', mobile: uniqueMobile() })).body
        .code,
    ).toBe(0);
  });

  it('4 for a wrong password or unknown account; 80 after 5 failures, even with the right password', async () => {
    const { mobile, password } = await signedInUser(t());
    const c = new TestClient(t().app);
    const unknown = await c.post('/api/auth/login', {
      method: 'email',
      email: uniqueEmail(),
      password: 'whatever1',
    });
    expect(unknown.body.code).toBe(ERR.WRONG_CREDENTIALS);

    const attempt = (pw: string) => c.post('/api/auth/login', { method: 'mobile', mobile, password: pw });
    for (let i = 1; i < LOGIN_FAIL_MAX; i++)
      expect((await attempt('wrong-pass')).body.code).toBe(ERR.WRONG_CREDENTIALS);
    expect((await attempt('wrong-pass')).body.code).toBe(ERR.LOGIN_LOCKED);
    const locked = await attempt(password);
    expect(locked.body.code).toBe(ERR.LOGIN_LOCKED);
    expect(locked.status).toBe(429);
    t().clock.advance(LOGIN_LOCK_SECONDS + 1);
    expect((await attempt(password)).body.code).toBe(0);
  });

  it('signs in by SMS code (purpose login)', async () => {
    const { mobile } = await signedInUser(t());
    t().clock.advance(61);
    const c = new TestClient(t().app);
    expect((await c.post('/api/auth/codes', { channel: 'sms', purpose: 'login', mobile })).body.code).toBe(0);
    const code = t().sms.lastCode(mobile);
    expect(code).toMatch(/^\d{4}$/);
    expect((await c.post('/api/auth/login', { method: 'sms', mobile, code: wrong(code) })).body.code).toBe(
      ERR.WRONG_VERIFICATION_CODE,
    );
    const ok = await c.post('/api/auth/login', { method: 'sms', mobile, code });
    expect(ok.body.code).toBe(0);
    expect((await c.get('/api/auth/session')).body.code).toBe(0);
  });

  it('resets a forgotten password by e-mail; old sessions end', async () => {
    const c = new TestClient(t().app);
    const email = uniqueEmail();
    await c.post('/api/auth/codes', { channel: 'email', purpose: 'register', email });
    await c.post('/api/auth/register', {
      method: 'email',
      email,
      code: mailbox.lastCode(email),
      password: 'oldpass1',
      confirmPassword: 'oldpass1',
    });
    expect(
      (await c.post('/api/auth/login', { method: 'email', email, password: 'oldpass1' })).body.code,
    ).toBe(0);
    t().clock.advance(61);
    const other = new TestClient(t().app);
    expect(
      (await other.post('/api/auth/codes', { channel: 'email', purpose: 'reset', email })).body.code,
    ).toBe(0);
    const reset = await other.post('/api/auth/password/reset', {
      method: 'email',
      email,
      code: mailbox.lastCode(email),
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect(reset.body).toEqual({ code: 0, data: {} });
    expect((await c.get('/api/auth/session')).body.code).toBe(ERR.PASSWORD_CHANGED);
    expect(
      (await other.post('/api/auth/login', { method: 'email', email, password: 'oldpass1' })).body.code,
    ).toBe(ERR.WRONG_CREDENTIALS);
    expect(
      (await other.post('/api/auth/login', { method: 'email', email, password: 'newpass1' })).body.code,
    ).toBe(0);
  });

  it('400 with field issues from the domain schemas (confirmation mismatch, short password)', async () => {
    const c = new TestClient(t().app);
    const r = await c.post('/api/auth/register', {
      method: 'email',
      email: uniqueEmail(),
      code: '123456',
      password: 'abc',
      confirmPassword: 'abd',
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(r.body.message).toBe('Invalid parameters.');
    expect(r.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'password', message: 'A password has 6–32 characters.' },
        { path: 'confirmPassword', message: 'The two passwords do not match.' },
      ]),
    );
  });
});

async function signInBodyRegister(c: TestClient, mobile: string, code: string): Promise<number> {
  const r = await c.post('/api/auth/register', {
    method: 'mobile',
    mobile,
    code,
    password: 'secret123',
    confirmPassword: 'secret123',
  });
  return r.body.code;
}
