import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDemo, solveCaptcha, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('notices and announcements', () => {
  it('gives visitors the notices and the home banners in their language', async () => {
    const en = (await get('/wps/system/notices?language=EN')).json().value;
    expect(en.list.map((n: { title: string }) => n.title)).toEqual([
      'Welcome to Taya',
      'Responsible gaming',
    ]);
    const my = (await get('/wps/system/notices?language=MY')).json().value;
    expect(my.list[0].title).toBe('Taya မှ ကြိုဆိုပါသည်');

    const list = (
      await get('/wps/relay/MCSFE_getListAnnouncements?types=B&platform=W&language=EN')
    ).json().value;
    expect(list.banners.map((b: { title: string }) => b.title)).toEqual([
      'Taya Fortune',
      'Grand Jackpot',
      'Become a Taya agent',
    ]);
    expect(list.banners[0]).toMatchObject({
      groupName: 'w_home',
      execution: 'B',
      linkageType: 'GAME',
      url: 'TYPH-TAYA-FORTUNE',
      announcementImages: ['/banners/taya-fortune.svg'],
    });
    expect(list.popup).toEqual([]);
  });

  it('gives logged-in players the after-log-in items', async () => {
    const member = await loginDemo(t.app, 'demo_member');
    const list = (await member.call('GET', '/wps/relay/MCSFE_getListAnnouncements?types=B')).json()
      .value;
    expect(list.banners).toHaveLength(3);
    expect(list.banners.every((b: { execution: string }) => b.execution === 'A')).toBe(true);
  });

  it('takes an operator notice at once, as plain text, and only inside its window', async () => {
    const operator = await t.login('operator');
    const post = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${operator}` },
        payload: { reason: 'content test', ...payload },
      });
    const text = '<script>alert("x")</script> & <b>bold</b>';
    const added = await post('/ops/content/notices', {
      merchantCode: 'TYPH',
      title: { en: 'Tags stay text' },
      content: { en: text },
      sort: 0,
    });
    expect(added.statusCode).toBe(200);
    await post('/ops/content/notices', {
      merchantCode: 'TYPH',
      title: { en: 'Not yet' },
      content: { en: 'Tomorrow' },
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await post('/ops/content/notices', {
      merchantCode: 'TYPH',
      title: { en: 'Over' },
      content: { en: 'Yesterday' },
      startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const list = (await get('/wps/system/notices?language=EN')).json().value.list;
    const mine = list.find((n: { title: string }) => n.title === 'Tags stay text');
    expect(mine.content).toBe(text);
    expect(list.map((n: { title: string }) => n.title)).not.toContain('Not yet');
    expect(list.map((n: { title: string }) => n.title)).not.toContain('Over');
  });

  it('refuses bad content with the field at fault, and non-operators, changing nothing', async () => {
    const operator = await t.login('operator');
    const before = (await get('/wps/system/notices?language=EN')).json().value.list.length;
    const post = (token: string, url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: { reason: 'content test', ...payload },
      });
    const noEnglish = await post(operator, '/ops/content/notices', {
      merchantCode: 'TYPH',
      title: { my: 'မင်္ဂလာပါ' },
      content: { en: 'x' },
    });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json().fields[0].path).toContain('title');
    const badUrl = await post(operator, '/ops/content/announcements', {
      merchantCode: 'TYPH',
      type: 'B',
      execution: 'B',
      title: { en: 'x' },
      content: { en: 'x' },
      linkageType: 'URL',
      url: 'javascript:alert(1)',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().fields[0].path).toBe('url');
    const member = await loginDemo(t.app, 'demo_member');
    const notAllowed = await post(member.token, '/ops/content/notices', {
      merchantCode: 'TYPH',
      title: { en: 'x' },
      content: { en: 'x' },
    });
    expect(notAllowed.statusCode).toBe(403);
    expect((await get('/wps/system/notices?language=EN')).json().value.list.length).toBe(before);
    expect((await get('/wps/relay/MCSFE_getListAnnouncements?types=X')).statusCode).toBe(400);
  });
});

describe('member messages', () => {
  it('counts unread messages, marks them read one by one, and keeps each member to its own', async () => {
    const operator = await t.login('operator');
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/ops/content/messages',
        headers: { authorization: `Bearer ${operator}` },
        payload: { reason: 'content test', ...payload },
      });
    const member = await loginDemo(t.app, 'demo_member');
    const agent = await loginDemo(t.app, 'demo_agent');
    const count = async (who: typeof member) =>
      (await who.call('GET', '/wps/relay/CSP_unreadCount')).json().value.count as number;
    const before = { member: await count(member), agent: await count(agent) };

    const everyone = await send({
      merchantCode: 'TYPH',
      accountId: null,
      title: { en: 'Maintenance tonight', my: 'ယနေ့ည ပြုပြင်ထိန်းသိမ်းမှု' },
      content: { en: 'Games pause from 02:00 to 02:30.' },
    });
    expect(everyone.statusCode).toBe(200);
    const personal = await send({
      merchantCode: 'TYPH',
      accountId: member.id,
      title: { en: 'Your withdrawal' },
      content: { en: '<b>Paid</b> to your e-wallet.' },
    });
    expect(await count(member)).toBe(before.member + 2);
    expect(await count(agent)).toBe(before.agent + 1);

    const page = (await member.call('GET', '/wps/member/messages?language=MY')).json().value;
    expect(page.unread).toBe(before.member + 2);
    const mine = page.list.find((m: { id: string }) => m.id === personal.json().value.id);
    expect(mine).toMatchObject({
      audience: 'personal',
      read: false,
      content: '<b>Paid</b> to your e-wallet.',
    });
    expect(page.list.find((m: { id: string }) => m.id === everyone.json().value.id).title).toBe(
      'ယနေ့ည ပြုပြင်ထိန်းသိမ်းမှု',
    );

    const read = await member.call('POST', `/wps/member/messages/${personal.json().value.id}/read`);
    expect(read.json().value.count).toBe(before.member + 1);
    // Again: nothing changes.
    await member.call('POST', `/wps/member/messages/${personal.json().value.id}/read`);
    expect(await count(member)).toBe(before.member + 1);
    // Another member's message is no one's to the agent.
    const foreign = await agent.call(
      'POST',
      `/wps/member/messages/${personal.json().value.id}/read`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await count(agent)).toBe(before.agent + 1);
    // A visitor has no messages.
    expect((await get('/wps/relay/CSP_unreadCount')).statusCode).toBe(401);
  });
});

describe('feedback', () => {
  it('takes feedback behind a captcha, as plain text, and refuses what is wrong by field', async () => {
    let client = 0;
    const send = async (payload: Record<string, unknown>, withCaptcha = true) => {
      // One captcha a second per client: each try comes from an address of its own.
      const remoteAddress = `10.9.0.${++client}`;
      const captcha = await solveCaptcha(t.app, remoteAddress);
      return t.app.inject({
        method: 'PUT',
        url: '/wps/feedback',
        remoteAddress,
        cookies: captcha.cookies,
        payload: { captcha: withCaptcha ? captcha.answer : 'WRONG', ...payload },
      });
    };
    const text = 'The <b>withdrawal</b> page took a long time to load today.';
    const ok = await send({ content: text, sender: 'demo_member', type: 2 });
    expect(ok.statusCode).toBe(200);

    const short = await send({ content: 'too short', sender: 'x', type: 2 });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.map((f: { path: string }) => f.path)).toContain('content');
    const long = await send({ content: 'x'.repeat(201), sender: 'x', type: 2 });
    expect(long.statusCode).toBe(400);
    const badType = await send({ content: text, sender: 'x', type: 5 });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields[0].path).toBe('type');
    const badCaptcha = await send({ content: text, sender: 'x', type: 0 }, false);
    expect(badCaptcha.statusCode).toBe(400);
    expect(badCaptcha.json().errorCode).toBe('captcha_invalid');

    const operator = await t.login('operator');
    const queue = (
      await t.app.inject({
        method: 'GET',
        url: '/ops/content/feedback?merchantCode=TYPH',
        headers: { authorization: `Bearer ${operator}` },
      })
    ).json().value;
    expect(queue.list).toHaveLength(1);
    expect(queue.list[0]).toMatchObject({ content: text, type: 2, sender: 'demo_member' });
  });
});
