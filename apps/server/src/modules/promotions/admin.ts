import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { minorToDecimal, parseAmount, type PromotionUpsert } from '@taya/contracts';
import { AppError, fieldError } from '../../platform/errors';
import { lockPromotion } from './core';
import type { PromotionsContext } from './model';
import { toPublicRules, toStoredRules } from './rules';
import { promotionClaims, promotions } from './schema';

export async function upsert(
  ctx: PromotionsContext,
  actor: string,
  body: PromotionUpsert,
): Promise<{ id: string; created: boolean }> {
  const merchant = await ctx.system.namedMerchant(body.merchantCode);
  const scale = merchant.currencyScale;
  let budget: bigint | null = null;
  if (body.budget !== null) {
    budget = parseAmount(body.budget, scale);
    if (budget === null) throw fieldError('budget', 'invalid', `At most ${scale} decimals`);
  }
  const values = {
    merchantCode: merchant.merchantCode,
    kind: body.kind,
    category: body.category,
    title: body.title,
    content: body.content,
    startsAt: new Date(body.startsAt),
    endsAt: body.endsAt === null ? null : new Date(body.endsAt),
    audience: body.audience,
    budget,
    perMemberLimit: body.perMemberLimit,
    rules: toStoredRules(body.rules, scale),
    enabled: body.enabled,
    sort: body.sort,
  };
  if (!body.id) {
    const id = randomUUID();
    await ctx.db.insert(promotions).values({ id, ...values, createdBy: actor });
    return { id, created: true };
  }
  const id = body.id;
  return ctx.db.transaction(async (tx) => {
    const current = await lockPromotion(tx, id);
    if (!current || current.merchantCode !== merchant.merchantCode) {
      throw new AppError('not_found', 'No such promotion');
    }
    if (current.kind !== body.kind) {
      throw fieldError('kind', 'invalid', 'The kind of a promotion cannot change');
    }
    if (budget !== null && budget < current.spent) {
      throw fieldError('budget', 'invalid', 'Below what the promotion has already paid');
    }
    await tx
      .update(promotions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(promotions.id, id));
    return { id, created: false };
  });
}

/** A merchant's promotions for its operators, with what each has paid and how often. */
export async function opsList(ctx: PromotionsContext, merchantCode: string) {
  const merchant = await ctx.system.namedMerchant(merchantCode);
  const rows = await ctx.db
    .select()
    .from(promotions)
    .where(eq(promotions.merchantCode, merchantCode))
    .orderBy(asc(promotions.sort), asc(promotions.startsAt), asc(promotions.id));
  const counts = await ctx.db
    .select({ promotionId: promotionClaims.promotionId, n: sql<number>`count(*)::int` })
    .from(promotionClaims)
    .where(eq(promotionClaims.merchantCode, merchantCode))
    .groupBy(promotionClaims.promotionId);
  const scale = merchant.currencyScale;
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      category: r.category,
      title: r.title,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt?.toISOString() ?? null,
      enabled: r.enabled,
      budget: r.budget === null ? null : minorToDecimal(r.budget, scale),
      spent: minorToDecimal(r.spent, scale),
      claims: counts.find((c) => c.promotionId === r.id)?.n ?? 0,
      perMemberLimit: r.perMemberLimit,
      rules: toPublicRules(r.rules, scale),
      content: r.content,
      audience: r.audience,
      sort: r.sort,
    })),
  };
}
