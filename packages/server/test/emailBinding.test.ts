import { CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, ERR, SAME_EMAIL_MESSAGE } from '@netloom/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from './client';
import { signedInUser, uniqueEmail } from './factories';
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

interface Profile {
  email: string | null;
  mobile: string | null;
}

describeEachDb('account: binding and changing the e-mail', (kind) => {
  const t = useTestApp(kind, () => ({ mailbox }));

  it('binds an e-mail to a mobile account with the code mailed to it; the e-mail then signs in', async () => {
    const { client, mobile, password } = await signedInUser(t());
    const email = uniqueEmail();
    const sent = await client.post('/api/account/email/code', { email: email.toUpperCase() });
    expect(sent.body).toEqual({ code: 0, data: { resendAfter: CODE_RESEND_SECONDS, expiresIn: 600 } });
    const code = mailbox.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const bound = await client.post<Profile>('/api/account/email', { email, code });
    expect(bound.body.code).toBe(0);
    expect(bound.body.data).toMatchObject({ email, mobile });
    expect((await client.get<Profile>('/api/account/profile')).body.data?.email).toBe(email);

    // Binding it again is refused (it is the account's address now); the address is a way in.
    expect((await client.post('/api/account/email', { email, code })).body.code).toBe(ERR.INVALID_PARAMETERS);
    const other = new TestClient(t().app);
    const login = await other.post('/api/auth/login', { method: 'email', email, password });
    expect(login.body.code).toBe(0);
  });

  it('changes the e-mail: the old address no longer signs in, the same address is refused', async () => {
    const { client, password } = await signedInUser(t());
    const first = uniqueEmail();
    await client.post('/api/account/email/code', { email: first });
    expect(
      (await client.post('/api/account/email', { email: first, code: mailbox.lastCode(first) })).body.code,
    ).toBe(0);

    const same = await client.post('/api/account/email/code', { email: first });
    expect(same.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(same.body.issues).toEqual([{ path: 'email', message: SAME_EMAIL_MESSAGE }]);

    const second = uniqueEmail();
    await client.post('/api/account/email/code', { email: second });
    expect(
      (await client.post('/api/account/email', { email: second, code: mailbox.lastCode(second) })).body.code,
    ).toBe(0);
    const c = new TestClient(t().app);
    expect((await c.post('/api/auth/login', { method: 'email', email: first, password })).body.code).toBe(
      ERR.WRONG_CREDENTIALS,
    );
    expect((await c.post('/api/auth/login', { method: 'email', email: second, password })).body.code).toBe(0);
  });

  it('13: an address of another account gets no code and cannot be bound', async () => {
    const owner = await signedInUser(t());
    const taken = uniqueEmail();
    await owner.client.post('/api/account/email/code', { email: taken });
    await owner.client.post('/api/account/email', { email: taken, code: mailbox.lastCode(taken) });

    const { client } = await signedInUser(t());
    const before = mailbox.messages.length;
    const r = await client.post('/api/account/email/code', { email: taken });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe(ERR.ACCOUNT_EXISTS);
    expect(mailbox.messages.length).toBe(before);
    // Even with a real code for the address (e.g. requested before the other account took it).
    const race = uniqueEmail();
    await client.post('/api/account/email/code', { email: race });
    const code = mailbox.lastCode(race);
    t().clock.advance(CODE_RESEND_SECONDS);
    expect((await owner.client.post('/api/account/email/code', { email: race })).body.code).toBe(0);
    expect(mailbox.lastCode(race)).not.toBe(code);
    expect(
      (await owner.client.post('/api/account/email', { email: race, code: mailbox.lastCode(race) })).body
        .code,
    ).toBe(0);
    expect((await client.post('/api/account/email', { email: race, code })).body.code).toBe(
      ERR.ACCOUNT_EXISTS,
    );
  });

  it('12 for a wrong code, 75 at the fifth wrong attempt, and the burnt code stays refused', async () => {
    const { client } = await signedInUser(t());
    const email = uniqueEmail();
    await client.post('/api/account/email/code', { email });
    const code = mailbox.lastCode(email);
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) {
      const r = await client.post('/api/account/email', { email, code: wrong(code) });
      expect(r.body.code).toBe(ERR.WRONG_VERIFICATION_CODE);
    }
    const fifth = await client.post('/api/account/email', { email, code: wrong(code) });
    expect(fifth.body.code).toBe(ERR.VERIFY_ATTEMPTS_EXCEEDED);
    expect((await client.post('/api/account/email', { email, code })).body.code).toBe(
      ERR.VERIFY_ATTEMPTS_EXCEEDED,
    );
    expect((await client.get<Profile>('/api/account/profile')).body.data?.email).toBeNull();
  });

  it('a code is valid only for binding that address: a registration code or another address is 12', async () => {
    const { client } = await signedInUser(t());
    const email = uniqueEmail();
    const anon = new TestClient(t().app);
    await anon.post('/api/auth/codes', { channel: 'email', purpose: 'register', email });
    const registerCode = mailbox.lastCode(email);
    expect((await client.post('/api/account/email', { email, code: registerCode })).body.code).toBe(
      ERR.WRONG_VERIFICATION_CODE,
    );
    const other = uniqueEmail();
    t().clock.advance(CODE_RESEND_SECONDS);
    await client.post('/api/account/email/code', { email: other });
    expect(
      (await client.post('/api/account/email', { email, code: mailbox.lastCode(other) })).body.code,
    ).toBe(ERR.WRONG_VERIFICATION_CODE);
  });

  it('2010 for an early resend, 1 when the mail cannot be delivered, 400 for a bad address', async () => {
    const { client } = await signedInUser(t());
    const email = uniqueEmail();
    expect((await client.post('/api/account/email/code', { email })).body.code).toBe(0);
    expect((await client.post('/api/account/email/code', { email })).body.code).toBe(ERR.REPEATED_CLICK);

    const refused = uniqueEmail();
    mailbox.reject.add(refused);
    const failed = await client.post('/api/account/email/code', { email: refused });
    mailbox.reject.delete(refused);
    expect(failed.body.code).toBe(ERR.CODE_SEND_FAILED);

    const bad = await client.post('/api/account/email/code', { email: 'not-an-address' });
    expect(bad.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(bad.body.issues?.[0]?.path).toBe('email');
  });

  it('needs a session and the CSRF header', async () => {
    const anon = new TestClient(t().app);
    const r = await anon.post('/api/account/email/code', { email: uniqueEmail() });
    expect(r.status).toBe(401);
    const { client } = await signedInUser(t());
    client.sendCsrf = false;
    const noCsrf = await client.post('/api/account/email/code', { email: uniqueEmail() });
    expect(noCsrf.status).toBe(403);
  });
});
