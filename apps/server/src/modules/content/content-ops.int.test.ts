import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectMultipart,
  loginDemo,
  samplePng,
  type TestContext,
} from '../../test/harness';
import { newMember } from '../../test/members';
import { feedback } from './schema';

/**
 * The console's content calls: lists by filter and page, changes, publishing by the window,
 * removal, banners with an uploaded image, messages by username, replies to feedback; each
 * write with a reason and one audit row, and another merchant's rows out of reach.
 */
let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  operator = await t.loginOperator({ role: 'admin' });
}, 60_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = operator) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const value = async (res: Promise<{ statusCode: number; json: () => unknown }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, JSON.stringify(r.json())).toBe(status);
  return (r.json() as { value: Record<string, unknown> & { list: Record<string, unknown>[] } })
    .value;
};
const auditOf = async (targetId: string) =>
  (
    (await t.database.db.execute(
      sql`select action, reason from audit_log where target_id = ${targetId} order by seq`,
    )) as unknown as { rows: { action: string; reason: string | null }[] }
  ).rows;
const visitorNotices = async () =>
  (await value(t.app.inject({ method: 'GET', url: '/wps/system/notices?language=EN' }))).list.map(
    (n) => n.title,
  );

describe('ops content', () => {
  it('lists, changes, unpublishes, publishes and removes a notice, each with a reason', async () => {
    const created = await value(
      call('POST', '/ops/content/notices', {
        merchantCode: 'TYPH',
        title: { en: 'Ops notice', ty: 'Paunawa' },
        content: { en: 'Body' },
        reason: 'new notice',
      }),
    );
    const id = created.id as string;
    expect(created.status).toBe('live');
    expect(await visitorNotices()).toContain('Ops notice');

    const page = await value(call('GET', '/ops/content/notices?merchantCode=TYPH&q=Paunawa'));
    expect(page.list.map((n) => n.id)).toEqual([id]);
    expect(page.total).toBe(1);

    const changed = await value(
      call('PUT', `/ops/content/notices/${id}`, {
        merchantCode: 'TYPH',
        title: { en: 'Ops notice 2' },
        content: { en: 'Body 2' },
        marquee: false,
        reason: 'fix the title',
      }),
    );
    expect(changed).toMatchObject({ title: { en: 'Ops notice 2' }, marquee: false });

    const ended = await value(
      call('POST', `/ops/content/notices/${id}/unpublish`, { reason: 'take it down' }),
    );
    expect(ended.status).toBe('ended');
    expect(await visitorNotices()).not.toContain('Ops notice 2');
    const endedList = await value(
      call('GET', '/ops/content/notices?merchantCode=TYPH&status=ended'),
    );
    expect(endedList.list.map((n) => n.id)).toContain(id);

    const live = await value(
      call('POST', `/ops/content/notices/${id}/publish`, { reason: 'back up again' }),
    );
    expect(live.status).toBe('live');
    expect(await visitorNotices()).toContain('Ops notice 2');

    const noReason = await call('POST', `/ops/content/notices/${id}/delete`, {});
    expect(noReason.statusCode).toBe(400);
    await value(call('POST', `/ops/content/notices/${id}/delete`, { reason: 'not needed' }));
    expect(await visitorNotices()).not.toContain('Ops notice 2');
    expect((await auditOf(id)).map((a) => `${a.action}:${a.reason}`)).toEqual([
      'content.notice.create:new notice',
      'content.notice.update:fix the title',
      'content.notice.unpublish:take it down',
      'content.notice.publish:back up again',
      'content.notice.delete:not needed',
    ]);
  });

  it('keeps a banner with an uploaded image, served to anyone, and a popup by type', async () => {
    const up = await injectMultipart(t.app, {
      url: '/ops/uploads?merchantCode=TYPH',
      headers: { authorization: `Bearer ${operator}` },
      files: [{ name: 'b.png', type: 'image/png', data: samplePng }],
    });
    expect(up.statusCode).toBe(201);
    const [image] = up.json().value as { url: string }[];
    const served = await t.app.inject({ method: 'GET', url: image!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // A member's own upload is never public.
    const mine = await injectMultipart(t.app, {
      url: '/wps/member/uploads',
      headers: { authorization: `Bearer ${await t.login('member', 'banner-member')}` },
      files: [{ name: 'r.png', type: 'image/png', data: samplePng }],
    });
    const memberImage = (mine.json().value as { id: string }[])[0]!.id;
    expect(
      (await t.app.inject({ method: 'GET', url: `/wps/content/images/${memberImage}` })).statusCode,
    ).toBe(404);

    const banner = await value(
      call('POST', '/ops/content/announcements', {
        merchantCode: 'TYPH',
        type: 'B',
        execution: 'B',
        groupName: 'w_home',
        title: { en: 'Ops banner' },
        content: { en: 'Banner text' },
        images: [image!.url],
        sort: 0,
        reason: 'new banner',
      }),
    );
    const popup = await value(
      call('POST', '/ops/content/announcements', {
        merchantCode: 'TYPH',
        type: 'PU',
        execution: 'B',
        title: { en: 'Ops popup' },
        content: { en: 'Popup text' },
        reason: 'new popup',
      }),
    );
    const site = async () =>
      value(
        t.app.inject({
          method: 'GET',
          url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PU&platform=W&language=EN',
        }),
      ) as unknown as Promise<{
        banners: { title: string; announcementImages: string[] }[];
        popup: { title: string }[];
      }>;
    let shown = await site();
    expect(shown.banners.find((b) => b.title === 'Ops banner')?.announcementImages).toEqual([
      image!.url,
    ]);
    expect(shown.popup.map((p) => p.title)).toContain('Ops popup');

    const banners = await value(call('GET', '/ops/content/announcements?merchantCode=TYPH&type=B'));
    expect(banners.list.every((b) => b.type === 'B')).toBe(true);
    expect(banners.list.map((b) => b.id)).toContain(banner.id);
    const popups = await value(call('GET', '/ops/content/announcements?merchantCode=TYPH&type=PU'));
    expect(popups.list.map((b) => b.id)).toEqual([popup.id]);

    await value(
      call('PUT', `/ops/content/announcements/${banner.id as string}`, {
        merchantCode: 'TYPH',
        type: 'B',
        execution: 'B',
        groupName: 'w_home',
        title: { en: 'Ops banner 2' },
        content: { en: 'Banner text' },
        images: [image!.url],
        reason: 'rename banner',
      }),
    );
    await value(
      call('POST', `/ops/content/announcements/${popup.id as string}/unpublish`, {
        reason: 'popup over',
      }),
    );
    await value(
      call('POST', `/ops/content/announcements/${banner.id as string}/delete`, {
        reason: 'banner over',
      }),
    );
    shown = await site();
    expect(shown.banners.map((b) => b.title)).not.toContain('Ops banner 2');
    expect(shown.popup.map((p) => p.title)).not.toContain('Ops popup');
  });

  it('sends a message to one member by username, lists it, and withdraws it', async () => {
    const member = await loginDemo(t.app, 'demo_member');
    const unknown = await call('POST', '/ops/content/messages', {
      merchantCode: 'TYPH',
      username: 'nobody_here_x',
      title: { en: 'x' },
      content: { en: 'x' },
      reason: 'test message',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields[0].path).toBe('username');
    const sent = await value(
      call('POST', '/ops/content/messages', {
        merchantCode: 'TYPH',
        username: 'demo_member',
        title: { en: 'For you' },
        content: { en: 'Hello' },
        reason: 'test message',
      }),
    );
    const list = await value(
      call('GET', '/ops/content/messages?merchantCode=TYPH&username=demo_member'),
    );
    expect(list.list[0]).toMatchObject({ id: sent.id, username: 'demo_member' });
    const inbox = async () =>
      (
        (await member.call('GET', '/wps/member/messages')).json().value.list as { id: string }[]
      ).map((m) => m.id);
    expect(await inbox()).toContain(sent.id);
    await value(
      call('POST', `/ops/content/messages/${sent.id as string}/delete`, {
        reason: 'sent by mistake',
      }),
    );
    expect(await inbox()).not.toContain(sent.id);
  });

  it('sends a message to VIP ranks: members at them read it, others do not', async () => {
    const ranks = (await t.app.services.vip.levels('TYPH')).map((l) => l.rankLevel);
    expect(ranks.length).toBeGreaterThanOrEqual(3);
    const [low, , high] = ranks as [number, number, number];
    const atHigh = await newMember(t, { prefix: 'vipmsghi' });
    const atLow = await newMember(t, { prefix: 'vipmsglo' });
    await t.database.db.execute(
      sql`insert into vip_progress (account_id, merchant_code, rank_level)
        values (${atHigh.id}, 'TYPH', ${high}), (${atLow.id}, 'TYPH', ${low})`,
    );
    const message = (vipLevels: unknown) => ({
      merchantCode: 'TYPH',
      vipLevels,
      title: { en: 'For our VIPs' },
      content: { en: 'A gift waits' },
      reason: 'VIP campaign',
    });
    const both = await call('POST', '/ops/content/messages', {
      ...message([high]),
      username: 'demo_member',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields[0].path).toBe('vipLevels');
    const unknownRank = await call('POST', '/ops/content/messages', message([99]));
    expect(unknownRank.statusCode).toBe(400);
    expect(unknownRank.json().fields[0].path).toBe('vipLevels');
    const twice = await call('POST', '/ops/content/messages', message([high, high]));
    expect(twice.statusCode).toBe(400);

    const sent = await value(call('POST', '/ops/content/messages', message([high])));
    const inbox = async (m: Awaited<ReturnType<typeof newMember>>) =>
      ((await m.get('/wps/member/messages')).json().value.list as { id: string }[]).map(
        (x) => x.id,
      );
    expect(await inbox(atHigh)).toContain(sent.id);
    expect(await inbox(atLow)).not.toContain(sent.id);
    // The member sees it as a message to its VIP rank, not to everyone.
    const seen = (await atHigh.get('/wps/member/messages')).json().value.list as {
      id: string;
      audience: string;
    }[];
    expect(seen.find((m) => m.id === sent.id)?.audience).toBe('vip');
    const unread = async (m: Awaited<ReturnType<typeof newMember>>) =>
      (await m.get('/wps/member/messages')).json().value.unread as number;
    expect(await unread(atHigh)).toBe((await unread(atLow)) + 1);
    const lowRead = await atLow.post(`/wps/member/messages/${sent.id as string}/read`, {});
    expect(lowRead.statusCode).toBe(404);

    const listed = await value(call('GET', '/ops/content/messages?merchantCode=TYPH&audience=vip'));
    expect(listed.list.find((m) => m.id === sent.id)).toMatchObject({ vipLevels: [high] });
    const everyone = await value(
      call('GET', '/ops/content/messages?merchantCode=TYPH&audience=everyone'),
    );
    expect(everyone.list.map((m) => m.id)).not.toContain(sent.id);
    expect(await auditOf(sent.id as string)).toEqual([
      { action: 'content.message.send', reason: 'VIP campaign' },
    ]);
  });

  it('replies to feedback once, and the member reads the reply among its messages', async () => {
    const member = await loginDemo(t.app, 'demo_member');
    const id = randomUUID();
    await t.database.db.insert(feedback).values({
      id,
      merchantCode: 'TYPH',
      accountId: member.id,
      sender: 'demo_member',
      type: 2,
      content: 'My withdrawal has not arrived after two hours of waiting.',
      ip: '203.0.113.9',
    });
    const open = await value(call('GET', '/ops/content/feedback?merchantCode=TYPH&replied=no'));
    expect(open.list.map((f) => f.id)).toContain(id);
    const replied = await value(
      call('POST', `/ops/content/feedback/${id}/reply`, {
        title: 'About your withdrawal',
        reply: 'It was paid at 10:42.',
        reason: 'answer the member',
      }),
    );
    expect(replied).toMatchObject({ reply: 'It was paid at 10:42.' });
    expect(replied.repliedAt).toBeTruthy();
    const again = await call('POST', `/ops/content/feedback/${id}/reply`, {
      title: 'x',
      reply: 'x',
      reason: 'answer again',
    });
    expect(again.statusCode).toBe(409);
    const done = await value(call('GET', '/ops/content/feedback?merchantCode=TYPH&replied=yes'));
    expect(done.list.map((f) => f.id)).toEqual([id]);
    const messages = (await member.call('GET', '/wps/member/messages')).json().value.list as {
      title: string;
      content: string;
    }[];
    expect(messages[0]).toMatchObject({
      title: 'About your withdrawal',
      content: 'It was paid at 10:42.',
    });
  });

  it('lists help articles and blog posts for the console, and removes them', async () => {
    const help = await value(call('GET', '/ops/content/help-articles?merchantCode=TYPH'));
    expect(help.list.length).toBeGreaterThan(0);
    const saved = await value(
      call('POST', '/ops/content/help-articles', {
        merchantCode: 'TYPH',
        tag: 'faqs',
        title: { en: 'Ops topic' },
        content: { en: '<p>x</p>' },
        reason: 'new topic',
      }),
    );
    await value(
      call('POST', `/ops/content/help-articles/${saved.id as string}/delete`, { reason: 'gone' }),
    );
    const after = await value(call('GET', '/ops/content/help-articles?merchantCode=TYPH'));
    expect(after.list.map((h) => h.id)).not.toContain(saved.id);

    const articles = await value(
      call('GET', '/ops/articles?merchantCode=TYPH&kind=news&page=1&pageSize=2'),
    );
    expect(articles.list).toHaveLength(2);
    expect(articles.total as number).toBeGreaterThan(2);
    const first = articles.list[0]!;
    await value(call('POST', `/ops/articles/${first.id as string}/unpublish`, { reason: 'hold' }));
    const gone = await t.app.inject({
      method: 'GET',
      url: `/wps/articles/news/${first.slug as string}?language=${first.language as string}`,
    });
    expect(gone.statusCode).toBe(404);
    await value(call('POST', `/ops/articles/${first.id as string}/publish`, { reason: 'back' }));
    await value(call('POST', `/ops/articles/${first.id as string}/delete`, { reason: 'remove' }));
    expect((await auditOf(first.id as string)).map((a) => a.action)).toEqual([
      'content.article.unpublish',
      'content.article.publish',
      'content.article.delete',
    ]);
  });

  it("keeps an operator of one merchant out of another's content", async () => {
    const ph = await t.loginOperator({ role: 'admin', merchants: ['TYPH'] });
    const mm = await value(call('GET', '/ops/content/notices?merchantCode=TYMM'));
    const target = mm.list[0]!;
    expect(
      (await call('GET', '/ops/content/notices?merchantCode=TYMM', undefined, ph)).statusCode,
    ).toBe(403);
    const write = await call(
      'POST',
      `/ops/content/notices/${target.id as string}/unpublish`,
      { reason: 'not mine' },
      ph,
    );
    expect(write.statusCode).toBe(403);
    const readonly = await t.loginOperator({ role: 'read_only' });
    const refused = await call(
      'POST',
      `/ops/content/notices/${target.id as string}/unpublish`,
      { reason: 'cannot' },
      readonly,
    );
    expect(refused.statusCode).toBe(403);
  });
});
