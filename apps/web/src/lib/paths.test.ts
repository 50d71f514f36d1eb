import { describe, expect, it } from 'vitest';
import { menuCategories } from './game-categories';
import { categoryHref, inviteHref, memberTabs, paths } from './paths';

describe('paths', () => {
  it('builds query and hash links, encoding what the player typed', () => {
    expect(paths.rng.href('PG')).toBe('/rng?vassalage=PG');
    expect(paths.rng.href()).toBe('/rng');
    expect(paths.lottery.href('VN 1&2')).toBe('/lottery?gameCode=VN+1%262');
    expect(paths.register.href('ABC123')).toBe('/register?referralCode=ABC123');
    expect(inviteHref('AB 12')).toBe('/?affiliateCode=AB+12');
    expect(paths.promotions.href('summer #1')).toBe('/promotions#summer%20%231');
    expect(paths.help.href('term')).toBe('/help#term');
    expect(paths.member.href(memberTabs.deposit)).toBe('/member?tab=depositv2');
    expect(paths.member.href()).toBe('/member');
    expect(paths.agentHome.href()).toBe('/agentHome');
    expect(paths.agentHome.href('agentTeamOverview')).toBe('/agentHome/agentTeamOverview');
  });

  it('sends only RNG and PVP away from the home page (SPEC §2)', () => {
    const leaving = menuCategories.filter(
      (category) => !categoryHref(category).startsWith('/?') && categoryHref(category) !== '/',
    );
    expect(leaving).toEqual(['RNG', 'PVP']);
    expect(categoryHref('HOME')).toBe('/');
    expect(categoryHref('LIVE')).toBe('/?category=LIVE');
  });
});
