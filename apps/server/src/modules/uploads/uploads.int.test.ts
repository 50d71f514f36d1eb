import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createTestApp,
  injectMultipart,
  sampleJpeg,
  samplePng,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(id: string) {
  return { authorization: `Bearer ${await t.login('member', id)}` };
}

const upload = (
  auth: Record<string, string>,
  files: { name: string; type: string; data: Uint8Array }[],
) => injectMultipart(t.app, { url: '/wps/member/uploads', headers: auth, files });

describe('POST /wps/member/uploads', () => {
  it('takes up to three PNG or JPG images and serves them back to their owner only', async () => {
    const auth = await member('upload-owner');
    const res = await upload(auth, [
      { name: 'a.png', type: 'image/png', data: samplePng },
      // The name and declared type say PNG; the bytes are a JPEG, and the bytes win.
      { name: 'b.png', type: 'image/png', data: sampleJpeg },
    ]);
    expect(res.statusCode).toBe(201);
    const [png, jpeg] = res.json().value;
    expect(png).toMatchObject({ contentType: 'image/png', size: samplePng.length });
    expect(jpeg).toMatchObject({ contentType: 'image/jpeg', size: sampleJpeg.length });

    const back = await t.app.inject({
      method: 'GET',
      url: `/wps/member/uploads/${png.id}`,
      headers: auth,
    });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(samplePng)).toBe(true);

    const stranger = await t.app.inject({
      method: 'GET',
      url: `/wps/member/uploads/${png.id}`,
      headers: await member('upload-stranger'),
    });
    expect(stranger.statusCode).toBe(404);
    const operator = await t.app.inject({
      method: 'GET',
      url: `/ops/uploads/${jpeg.id}`,
      headers: { authorization: `Bearer ${await t.login('operator')}` },
    });
    expect(operator.statusCode).toBe(200);
    expect(operator.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses by content, size and count, and stores nothing of a refused request', async () => {
    const auth = await member('upload-refused');
    const text = Buffer.from('this is not an image, only named like one');
    const renamed = await upload(auth, [
      { name: 'ok.png', type: 'image/png', data: samplePng },
      { name: 'receipt.png', type: 'image/png', data: text },
    ]);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().errorCode).toBe('upload_not_image');

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await upload(auth, [{ name: 'x.gif', type: 'image/gif', data: gif }])).statusCode).toBe(
      415,
    );

    // Just over 5 MB: a real PNG header followed by padding.
    const big = Buffer.concat([samplePng, Buffer.alloc(5 * 1024 * 1024 + 1 - samplePng.length)]);
    const tooBig = await upload(auth, [{ name: 'big.png', type: 'image/png', data: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errorCode).toBe('upload_too_large');
    // Exactly 5 MB is allowed.
    const atLimit = Buffer.concat([samplePng, Buffer.alloc(5 * 1024 * 1024 - samplePng.length)]);
    expect(
      (await upload(auth, [{ name: 'max.png', type: 'image/png', data: atLimit }])).statusCode,
    ).toBe(201);

    const four = await upload(
      auth,
      Array.from({ length: 4 }, (_, i) => ({
        name: `${i}.png`,
        type: 'image/png',
        data: samplePng,
      })),
    );
    expect(four.statusCode).toBe(400);
    expect(four.json().errorCode).toBe('upload_too_many');

    const wrongField = await injectMultipart(t.app, {
      url: '/wps/member/uploads',
      headers: auth,
      field: 'image',
      files: [{ name: 'a.png', type: 'image/png', data: samplePng }],
    });
    expect(wrongField.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/wps/member/uploads',
      headers: auth,
      payload: {},
    });
    expect(json.statusCode).toBe(415);

    // Only the one at the limit was stored.
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from uploads where owner_id = 'upload-refused'`,
    )) as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(1);
  });

  it('is for logged-in players only', async () => {
    const guest = await upload({}, [{ name: 'a.png', type: 'image/png', data: samplePng }]);
    expect(guest.statusCode).toBe(401);
    const trial = await upload({ authorization: `Bearer ${await t.login('trial')}` }, [
      { name: 'a.png', type: 'image/png', data: samplePng },
    ]);
    expect(trial.json().errorCode).toBe('in_need_true_account');
  });
});
